/**
 * Junk paths: those no route of the site answers but with the one "Página no encontrada"
 * page (`/wp-login.php`, `/.env`, `/x7f3`), told apart by their first segment before Express
 * and the router. Scanners ask for thousands of distinct ones; answered here with the kept
 * 404 page, such a flood costs what a kept page costs: no router walk, no garbage to collect.
 *
 * A path is junk when its first segment, as sent and percent-decoded, in any case, is none
 * of the site's: not the first segment of a route (the route tree the app renders, whose
 * last route is the catch-all 404), nor of a URL the site owns outside the router
 * (client/paths.ts: the health check, assets, photos, sitemaps, JSON, the panel), nor a
 * public file's name. Anything the URL parser or Express might read another way (dot
 * segments, empty segments, backslashes, encoded slashes, malformed or control characters,
 * the line separators a router pattern's `.` does not match) is never junk here: the app
 * answers it, as before. When any route's first segment is
 * dynamic, nothing is junk.
 */
import type { DataRouteObject } from 'react-router-dom';
import { isPanelPath, panelPaths, paths } from '../client/paths.ts';

export type JunkPaths = (path: string) => boolean;

/** Nothing is junk (development, where routes are reloaded per request). */
export const NO_JUNK: JunkPaths = () => false;

/**
 * A URL template's first segment: the segment itself, a pattern ('sitemap-:part.xml' matches
 * 'sitemap-3.xml'), or null when it is dynamic.
 */
function firstSegment(template: string): string | RegExp | null {
  const first = (template.split('/')[1] ?? '').toLowerCase();
  if (/[*?]/.test(first) || /^:/.test(first)) return null;
  if (!first.includes(':')) return first;
  const source = first
    .split(/:[A-Za-z_]\w*/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]*');
  return new RegExp(`^${source}$`);
}

/** Every full path template of a route tree but the catch-all ('*' at the top of the pages). */
function routeTemplates(routes: readonly DataRouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const own = route.path ?? '';
    const full = own.startsWith('/') ? own : `${parent.replace(/\/$/, '')}/${own}`;
    const here = route.path !== undefined && route.path !== '*' && !route.index ? [full] : [];
    return [...here, ...routeTemplates(route.children ?? [], full)];
  });
}

/** The URL templates of client/paths.ts (functions called with `:x` for their arguments). */
function ownedTemplates(): string[] {
  const values: unknown[] = [...Object.values(paths), ...Object.values(panelPaths)];
  return values.flatMap((value): string[] => {
    if (typeof value === 'string') return [value];
    if (typeof value === 'function') {
      const template: unknown = Reflect.apply(value, undefined, [':x', ':x', ':x']);
      return typeof template === 'string' ? [template] : [];
    }
    if (typeof value === 'object' && value !== null) {
      return Object.values(value).filter((v): v is string => typeof v === 'string');
    }
    return [];
  });
}

// eslint-disable-next-line no-control-regex
const UNSURE = /\\|\/\/|#|%2f|%5c|%23|[\u0000-\u001f\u007f\u2028\u2029]/i;

export function junkPaths(
  routes: readonly DataRouteObject[],
  /** The names at the top of the public files (favicon.svg, img, ...). */
  publicNames: readonly string[],
): JunkPaths {
  const firsts = [...routeTemplates(routes), ...ownedTemplates()].map(firstSegment);
  if (firsts.includes(null)) return NO_JUNK;
  // A set lookup per request, and a pattern only for the few templated segments.
  const owned = new Set(publicNames.map((name) => name.toLowerCase()));
  const patterns: RegExp[] = [];
  for (const first of firsts) {
    if (first instanceof RegExp) patterns.push(first);
    else if (first !== null) owned.add(first);
  }
  const isOwned = (segment: string) =>
    owned.has(segment) || patterns.some((pattern) => pattern.test(segment));
  const isJunk = (path: string) => {
    if (!path.startsWith('/') || path.length === 1 || UNSURE.test(path)) return false;
    const decoded: string[] = [];
    for (const segment of path.split('/').slice(1)) {
      let plain: string;
      try {
        plain = decodeURIComponent(segment);
      } catch {
        return false;
      }
      if (plain === '.' || plain === '..' || UNSURE.test(plain)) return false;
      decoded.push(plain);
    }
    const first = path.split('/')[1]?.toLowerCase() ?? '';
    const firstDecoded = decoded[0]?.toLowerCase() ?? '';
    if (first === '' || isOwned(first) || isOwned(firstDecoded)) return false;
    return !isPanelPath(path);
  };
  // Scanners ask for the same few hundred paths again and again: each is judged once (about
  // a microsecond, where its whole HEAD answer costs 17) while it is remembered.
  const judged = new Map<string, boolean>();
  return (path) => {
    let junk = judged.get(path);
    if (junk === undefined) {
      junk = isJunk(path);
      if (path.length <= REMEMBERED_PATH_LENGTH) {
        if (judged.size >= REMEMBERED_PATHS) judged.clear();
        judged.set(path, junk);
      }
    }
    return junk;
  };
}

/** Paths judged and remembered (then forgotten all at once), each at most this long: under 300 KB. */
const REMEMBERED_PATHS = 1_000;
const REMEMBERED_PATH_LENGTH = 256;
