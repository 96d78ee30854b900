import { LRUCache } from 'lru-cache';
import type { PreparedResponse } from './prepared-response.ts';
import type { SlottedResponse } from './slotted-response.ts';
import type { PageIdentity } from '../client/page-identity.ts';
import { isPanelPath } from '../client/paths.ts';

/** The data a page can show; a change to one rebuilds exactly the pages that read it. */
export type DataSource = 'catalogue' | 'gallery' | 'facts' | 'bookings' | 'reviews';

export type CachedPage = {
  /** The same bytes for everyone, or the same but for a one-time value per response. */
  readonly response: PreparedResponse | SlottedResponse;
  /** What the page read while it was built (see render.tsx, trackReads). */
  readonly sources: ReadonlySet<DataSource>;
  /** The query parameters the page reads, with their canonical forms (route handles). */
  readonly searchParams: PageIdentity['searchParams'];
  /**
   * It hands each visitor a one-time form token (the booking form): kept on a shelf of its
   * own, so that a flood of query strings typed into a form cannot push other pages out.
   */
  readonly formPage?: boolean;
};

export type PageCacheOptions = {
  /** Bytes of page bodies kept (identity + br + gzip), least recently used first out. */
  readonly maxBytes?: number;
  /** Bytes of form pages kept (identity + gzip). */
  readonly formBytes?: number;
};

/** 32 MiB: about 700 pages like the home page (30 KB + 6 KB gzip + 5 KB br each). */
export const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
/** 4 MiB: about 160 booking forms with their days (20 KB + 5 KB gzip each). */
export const DEFAULT_FORM_BYTES = 4 * 1024 * 1024;
/**
 * Identities answered with one of the few 404 pages, remembered so that the next request for
 * them is answered before Express: at most this many, each key at most ALIAS_KEY_LIMIT long
 * (a flood of distinct junk paths then holds under 5 MB).
 */
export const MAX_ALIASES = 5_000;
export const ALIAS_KEY_LIMIT = 256;

/** The key of the one kept 404 page of a kind ('page', 'product', 'brand', 'search'...). */
export const notFoundKey = (kind: string) => `404:${kind}`;

type Entry = { readonly page: CachedPage; readonly path: string };
type Alias = {
  readonly target: string;
  readonly path: string;
  readonly sources: ReadonlySet<DataSource>;
};

export type Generations = Readonly<Record<DataSource, number>>;

/**
 * Finished pages, one per page identity: the path plus the query parameters its route
 * reads. `?utm_source=…`, `?fbclid=…` or `?x=1` on a cached path find the same page without
 * touching the router. Concurrent requests for a page not yet built share one build.
 * Why and what was measured: docs/decisions/2026-11-22-page-identity.md
 */
export class PageCache {
  private readonly pages: LRUCache<string, Entry>;
  private readonly forms: LRUCache<string, Entry>;
  /** Identity -> the identity of the 404 page it is answered with (see MAX_ALIASES). */
  private readonly aliases: LRUCache<string, Alias>;
  /** Per path with at least one kept page or alias: the query parameters its route reads. */
  private readonly paths = new Map<
    string,
    { params: PageIdentity['searchParams']; pages: number }
  >();
  private readonly building = new Map<string, Promise<CachedPage | undefined>>();
  /** Bumped by invalidate(): a build that read a source invalidated meanwhile is not kept. */
  private readonly generation: Record<DataSource, number> = {
    catalogue: 0,
    gallery: 0,
    facts: 0,
    bookings: 0,
    reviews: 0,
  };

  constructor(options: PageCacheOptions = {}) {
    const shelf = (maxSize: number) =>
      new LRUCache<string, Entry>({
        maxSize,
        sizeCalculation: (entry) => Math.max(1, entry.page.response.bytes),
        dispose: (entry) => this.forget(entry.path),
      });
    this.pages = shelf(options.maxBytes ?? DEFAULT_MAX_BYTES);
    this.forms = shelf(options.formBytes ?? DEFAULT_FORM_BYTES);
    this.aliases = new LRUCache<string, Alias>({
      max: MAX_ALIASES,
      dispose: (alias) => this.forget(alias.path),
    });
  }

  /** The kept page for this path and query string ('' or 'a=1&b=2'), if any. */
  get(path: string, search: string): CachedPage | undefined {
    const known = this.paths.get(path);
    if (!known) return undefined;
    const key = pageKey(path, known.params, search);
    const kept = this.peek(key);
    if (kept) return kept;
    const alias = this.aliases.get(key);
    return alias ? this.peek(alias.target) : undefined;
  }

  /** The page kept under `key` (see pageKey), if any; nothing is built. */
  peek(key: string): CachedPage | undefined {
    return (this.pages.get(key) ?? this.forms.get(key))?.page;
  }

  /**
   * The page kept under `key` (see pageKey), or the result of `build`, run once however
   * many requests ask meanwhile. `undefined` (not cacheable) is handed to every waiter
   * and not kept.
   */
  getOrBuild(
    key: string,
    path: string,
    build: () => Promise<CachedPage | undefined>,
    /** When the build's data was read, if before this call (see generations()). */
    since: Generations = this.generations(),
  ): Promise<CachedPage | undefined> {
    // The panel's pages are one person's: never kept, whatever asks (server/panel/guard.ts).
    if (isPanelPath(path)) return build();
    const kept = this.peek(key);
    if (kept) return Promise.resolve(kept);
    const pending = this.building.get(key);
    if (pending) return pending;
    const promise = build()
      .then((page) => {
        if (page && this.unchangedSince(page.sources, since)) this.keep(key, path, page);
        return page;
      })
      .finally(() => this.building.delete(key));
    this.building.set(key, promise);
    return promise;
  }

  /**
   * Answers `key` (a path and its parameters) with the page kept under `target` from now on,
   * before the router: a path that turned out to be one of the few 404 pages. Forgotten with
   * that page's sources; never for the panel, nor for keys longer than ALIAS_KEY_LIMIT.
   */
  alias(
    key: string,
    path: string,
    params: PageIdentity['searchParams'],
    target: string,
    since: Generations,
  ): void {
    const page = this.peek(target);
    if (!page || key === target || key.length > ALIAS_KEY_LIMIT || isPanelPath(path)) return;
    if (!this.unchangedSince(page.sources, since) || this.aliases.has(key)) return;
    this.aliases.set(key, { target, path, sources: page.sources });
    this.remember(path, params);
  }

  /**
   * Where each source stands now. A build that reads its data before calling getOrBuild
   * passes what this said before the read: a source invalidated meanwhile is then noticed.
   */
  generations(): Generations {
    return { ...this.generation };
  }

  /** Drops every page that shows `source`; they are rebuilt on their next request. */
  invalidate(source: DataSource): number {
    this.generation[source] += 1;
    let dropped = 0;
    for (const shelf of [this.pages, this.forms]) {
      const stale = [...shelf.entries()]
        .filter(([, entry]) => entry.page.sources.has(source))
        .map(([key]) => key);
      for (const key of stale) shelf.delete(key);
      dropped += stale.length;
    }
    const aliases = [...this.aliases.entries()].filter(([, alias]) => alias.sources.has(source));
    for (const [key] of aliases) this.aliases.delete(key);
    // A build in flight read the old data: later requests start a new one.
    for (const key of this.building.keys()) this.building.delete(key);
    return dropped;
  }

  /** Pages kept (aliases are not pages). */
  get size(): number {
    return this.pages.size + this.forms.size;
  }

  get bytes(): number {
    return this.pages.calculatedSize + this.forms.calculatedSize;
  }

  private unchangedSince(sources: ReadonlySet<DataSource>, since: Generations): boolean {
    return [...sources].every((s) => this.generation[s] === since[s]);
  }

  private keep(key: string, path: string, page: CachedPage) {
    const shelf = page.formPage ? this.forms : this.pages;
    shelf.delete(key);
    shelf.set(key, { page, path });
    if (!shelf.has(key)) return; // larger than the whole budget
    this.remember(path, page.searchParams);
  }

  private remember(path: string, params: PageIdentity['searchParams']) {
    const known = this.paths.get(path);
    if (known) known.pages += 1;
    else this.paths.set(path, { params, pages: 1 });
  }

  private forget(path: string) {
    const known = this.paths.get(path);
    if (!known) return;
    known.pages -= 1;
    if (known.pages <= 0) this.paths.delete(path);
  }
}

/**
 * The page's identity: the path plus, in the route's order, only the query parameters its
 * route reads, each once and in its canonical form (client/page-identity.ts).
 * `/?albumes=10&utm_source=x` → `/?albumes=10`; `/?albumes=01` → `/`; `/?fbclid=1` → `/`.
 */
export function pageKey(
  path: string,
  params: PageIdentity['searchParams'],
  search: string,
): string {
  if (search === '') return path;
  const names = Object.keys(params);
  if (names.length === 0) return path;
  const query = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of names) {
    const given = query.get(name);
    const value = given === null ? undefined : params[name]?.(given);
    if (value !== undefined) kept.append(name, value);
  }
  const canonical = kept.toString();
  return canonical ? `${path}?${canonical}` : path;
}

/** Loader data with a promise in it streams (Suspense): such a page is not cached. */
export function hasPending(loaderData: Record<string, unknown>): boolean {
  return Object.values(loaderData).some(
    (data) =>
      data instanceof Promise ||
      (data !== null &&
        typeof data === 'object' &&
        Object.values(data).some((v) => v instanceof Promise)),
  );
}
