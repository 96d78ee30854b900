import { LRUCache } from 'lru-cache';
import type { PreparedResponse } from './prepared-response.ts';
import type { PageIdentity } from '../client/page-identity.ts';
import { isPanelPath } from '../client/paths.ts';

/** The data a page can show; a change to one rebuilds exactly the pages that read it. */
export type DataSource = 'catalogue' | 'gallery' | 'facts' | 'reviews';

export type CachedPage = {
  readonly response: PreparedResponse;
  /** What the page read while it was built (see render.tsx, trackReads). */
  readonly sources: ReadonlySet<DataSource>;
  /** The query parameters the page reads, with their canonical forms (route handles). */
  readonly searchParams: PageIdentity['searchParams'];
};

export type PageCacheOptions = {
  /** Bytes of page bodies kept (identity + br + gzip), least recently used first out. */
  readonly maxBytes?: number;
};

/** 32 MiB: about 700 pages like the home page (30 KB + 6 KB gzip + 5 KB br each). */
export const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

type Entry = { readonly page: CachedPage; readonly path: string };

export type Generations = Readonly<Record<DataSource, number>>;

/**
 * Finished pages, one per page identity: the path plus the query parameters its route
 * reads. `?utm_source=…`, `?fbclid=…` or `?x=1` on a cached path find the same page without
 * touching the router. Concurrent requests for a page not yet built share one build.
 * Why and what was measured: docs/decisions/2026-11-22-page-identity.md
 */
export class PageCache {
  private readonly pages: LRUCache<string, Entry>;
  /** Per path with at least one kept page: the query parameters its route reads. */
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
    reviews: 0,
  };

  constructor(options: PageCacheOptions = {}) {
    this.pages = new LRUCache<string, Entry>({
      maxSize: options.maxBytes ?? DEFAULT_MAX_BYTES,
      sizeCalculation: (entry) => Math.max(1, entry.page.response.bytes),
      dispose: (entry) => this.forget(entry.path),
    });
  }

  /** The kept page for this path and query string ('' or 'a=1&b=2'), if any. */
  get(path: string, search: string): CachedPage | undefined {
    const known = this.paths.get(path);
    if (!known) return undefined;
    return this.pages.get(pageKey(path, known.params, search))?.page;
  }

  /** The page kept under `key` (see pageKey), if any; nothing is built. */
  peek(key: string): CachedPage | undefined {
    return this.pages.get(key)?.page;
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
    const kept = this.pages.get(key);
    if (kept) return Promise.resolve(kept.page);
    const pending = this.building.get(key);
    if (pending) return pending;
    const started = since;
    const promise = build()
      .then((page) => {
        if (page && [...page.sources].every((s) => this.generation[s] === started[s])) {
          this.keep(key, path, page);
        }
        return page;
      })
      .finally(() => this.building.delete(key));
    this.building.set(key, promise);
    return promise;
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
    const stale = [...this.pages.entries()]
      .filter(([, entry]) => entry.page.sources.has(source))
      .map(([key]) => key);
    for (const key of stale) this.pages.delete(key);
    // A build in flight read the old data: later requests start a new one.
    for (const key of this.building.keys()) this.building.delete(key);
    return stale.length;
  }

  get size(): number {
    return this.pages.size;
  }

  get bytes(): number {
    return this.pages.calculatedSize;
  }

  private keep(key: string, path: string, page: CachedPage) {
    this.pages.delete(key);
    this.pages.set(key, { page, path });
    if (!this.pages.has(key)) return; // larger than the whole budget
    const known = this.paths.get(path);
    if (known) known.pages += 1;
    else this.paths.set(path, { params: page.searchParams, pages: 1 });
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
