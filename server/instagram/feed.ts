import NodeCache from 'node-cache';
import type {
  GalleryAlbum,
  GalleryHealth,
  GallerySource,
  GalleryState,
} from '../../client/gallery/types.ts';
import type { Logger } from '../logger.ts';
import { createInstagramClient, InstagramError } from './client.ts';
import { isAlbum, toAlbum, unexpired } from './map.ts';
import { redact } from './redact.ts';
import { createTokenStore } from './token.ts';

/**
 * The Instagram gallery as the server serves it: fetched once, cached for `cacheSeconds`,
 * served stale while a background refresh runs, never more than one refresh in flight,
 * and never replaced by an empty or failed fetch. Failures back off instead of hammering.
 */

export type InstagramFeedOptions = {
  readonly token: string;
  readonly apiUrl: string;
  readonly cacheSeconds: number;
  readonly logger: Logger;
  /** Keeps a renewed token across restarts (mode 0600); undefined: memory only. */
  readonly tokenFile?: string;
  /** Renew the long-lived token about daily (default true). */
  readonly renewToken?: boolean;
  /** Per HTTP call. */
  readonly callTimeoutMs?: number;
  /** For one whole refresh (all pages and all albums' children). */
  readonly refreshBudgetMs?: number;
  readonly maxPages?: number;
  readonly maxAlbums?: number;
  /** Children requests at a time. */
  readonly concurrency?: number;
  readonly backoff?: Partial<Backoff>;
  readonly now?: () => number;
};

type Backoff = {
  /** First wait after a failure, doubled per consecutive failure up to `maxMs`. */
  readonly baseMs: number;
  readonly rateLimitBaseMs: number;
  readonly maxMs: number;
  /** After code 190 nothing but a new token helps: wait long. */
  readonly tokenInvalidMs: number;
};

const DEFAULT_BACKOFF: Backoff = {
  baseMs: 30_000,
  rateLimitBaseMs: 5 * 60_000,
  maxMs: 60 * 60_000,
  tokenInvalidMs: 6 * 60 * 60_000,
};

export type InstagramFeed = Required<GallerySource> & {
  /** Warms the cache. */
  start(): void;
  /** Cancels what is in flight; nothing runs afterwards. */
  stop(): void;
  /** Starts a refresh, or joins the one in flight (resolves, never rejects). */
  refresh(): Promise<void>;
  /** Resolves when no refresh is in flight (without starting one). */
  idle(): Promise<void>;
};

type Feed = { readonly albums: readonly GalleryAlbum[]; readonly fetchedAt: number };

const FEED_KEY = 'feed';

export function createInstagramFeed(options: InstagramFeedOptions): InstagramFeed {
  const logger = options.logger.child({ module: 'instagram' });
  const now = options.now ?? Date.now;
  const budgetMs = options.refreshBudgetMs ?? 15_000;
  const maxPages = options.maxPages ?? 3;
  const maxAlbums = options.maxAlbums ?? 30;
  const concurrency = options.concurrency ?? 4;
  const backoff = { ...DEFAULT_BACKOFF, ...options.backoff };

  const tokens = createTokenStore({ token: options.token, file: options.tokenFile, logger, now });
  const client = createInstagramClient({
    apiUrl: options.apiUrl,
    getToken: tokens.get,
    timeoutMs: options.callTimeoutMs ?? 5_000,
  });
  // Freshness only: node-cache deletes expired keys, so the feed we serve stale lives in
  // `lastGood`. No check timer (checkperiod 0): expiry is checked on get().
  const cache = new NodeCache({ stdTTL: options.cacheSeconds, checkperiod: 0, useClones: false });

  let lastGood: Feed | undefined;
  let inflight: Promise<void> | undefined;
  let current: AbortController | undefined;
  let failures = 0;
  let lastError: InstagramError | undefined;
  let retryAt = 0;
  let tokenInvalidReported = false;
  let stopped = false;
  const listeners = new Set<() => void>();
  function changed() {
    for (const listener of listeners) listener();
  }

  function refresh(): Promise<void> {
    if (inflight) return inflight;
    if (stopped || now() < retryAt) return Promise.resolve();
    inflight = run().finally(() => {
      inflight = undefined;
    });
    return inflight;
  }

  async function run() {
    const controller = new AbortController();
    current = controller;
    const budget = setTimeout(() => controller.abort(), budgetMs);
    const startedAt = Date.now();
    try {
      const albums = await fetchAlbums(controller.signal);
      succeeded(albums, Date.now() - startedAt);
    } catch (error) {
      if (!stopped) failed(asInstagramError(error, tokens.get()));
    } finally {
      clearTimeout(budget);
      current = undefined;
    }
  }

  async function fetchAlbums(signal: AbortSignal): Promise<GalleryAlbum[]> {
    const items = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await client.listMedia(after, signal);
      pages += 1;
      items.push(...page.items.filter(isAlbum));
      if (page.skipped > 0) logger.debug({ skipped: page.skipped }, 'malformed media items');
      after = page.after;
    } while (after && pages < maxPages && items.length < maxAlbums);

    const albums = await mapLimit(items.slice(0, maxAlbums), concurrency, async (item) => {
      try {
        return toAlbum(item, await client.listChildren(item.id, signal));
      } catch (error) {
        const e = asInstagramError(error, tokens.get());
        // These concern the whole refresh, not this album.
        if (signal.aborted || e.kind === 'token-invalid' || e.kind === 'rate-limited') throw e;
        logger.warn(
          { albumId: item.id, kind: e.kind, reason: e.message },
          'album children fetch failed: album left out',
        );
        return undefined;
      }
    });
    return albums.filter((a): a is GalleryAlbum => a !== undefined);
  }

  function succeeded(albums: GalleryAlbum[], ms: number) {
    failures = 0;
    retryAt = 0;
    lastError = undefined;
    tokenInvalidReported = false;
    if (albums.length === 0 && lastGood && lastGood.albums.length > 0) {
      logger.warn('Instagram returned no albums: keeping the previous feed');
      cache.set(FEED_KEY, lastGood);
    } else {
      const before = lastGood;
      lastGood = { albums, fetchedAt: now() };
      cache.set(FEED_KEY, lastGood);
      logger.info({ albums: albums.length, ms }, 'Instagram feed refreshed');
      if (!before || JSON.stringify(before.albums) !== JSON.stringify(albums)) changed();
    }
    if (options.renewToken !== false) void tokens.renewIfDue(client);
  }

  function failed(error: InstagramError) {
    failures += 1;
    lastError = error;
    // Without an earlier good feed, the gallery now shows the error message.
    if (!lastGood && failures === 1) changed();
    const context = { kind: error.kind, code: error.details.code, reason: error.message };
    if (error.kind === 'token-invalid') {
      retryAt = now() + backoff.tokenInvalidMs;
      if (!tokenInvalidReported) {
        tokenInvalidReported = true;
        logger.error(
          context,
          'Instagram access token is invalid or expired: create a new long-lived token, set ' +
            'INSTAGRAM_ACCESS_TOKEN and restart. The gallery shows the last good feed, if any.',
        );
      } else {
        logger.warn(context, 'Instagram access token still invalid');
      }
      return;
    }
    const base = error.kind === 'rate-limited' ? backoff.rateLimitBaseMs : backoff.baseMs;
    const wait = Math.min(base * 2 ** (failures - 1), backoff.maxMs);
    retryAt = now() + wait;
    logger.warn({ ...context, failures, retryInMs: wait }, 'Instagram feed refresh failed');
  }

  /** The feed worth showing now: undefined when there is none, or all its photos expired. */
  function usable(): GalleryAlbum[] | undefined {
    if (!lastGood) return undefined;
    const albums = unexpired(lastGood.albums, now());
    return albums.length === 0 && lastGood.albums.length > 0 ? undefined : albums;
  }

  async function snapshot({ waitMs = 0 }: { waitMs?: number } = {}): Promise<GalleryState> {
    const fresh = cache.get(FEED_KEY) !== undefined;
    const albums = usable();
    if (albums) {
      if (!fresh) void refresh();
      return { status: 'ready', albums };
    }
    if (!inflight && now() < retryAt) return { status: 'error' };
    const pending = refresh();
    if (waitMs > 0) await within(pending, waitMs);
    const after = usable();
    if (after) return { status: 'ready', albums: after };
    if (inflight) return { status: 'loading' };
    return lastError ? { status: 'error' } : { status: 'loading' };
  }

  function health(): GalleryHealth {
    const fresh = cache.get(FEED_KEY) !== undefined;
    let state: GalleryHealth['state'];
    if (lastError?.kind === 'token-invalid') state = 'token-invalid';
    else if (lastGood && fresh && !lastError) state = 'ok';
    else if (lastGood) state = 'stale';
    else state = lastError ? 'failing' : 'loading';
    return {
      configured: true,
      state,
      lastSuccessAt: lastGood ? new Date(lastGood.fetchedAt).toISOString() : null,
      albums: lastGood?.albums.length ?? 0,
      lastError: lastError?.kind ?? null,
      retryAfter: retryAt > now() ? new Date(retryAt).toISOString() : null,
    };
  }

  return {
    snapshot,
    health,
    refresh,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    idle: async () => {
      await inflight;
    },
    start() {
      void refresh();
    },
    stop() {
      stopped = true;
      current?.abort();
      tokens.stop();
      cache.close();
    },
  };
}

/** Waits for `promise`, but no longer than `ms`; clears its timer either way. */
async function within(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** `fn` over `items`, `limit` at a time; after a rejection no further item is started. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  async function worker() {
    while (next < items.length && !failed) {
      const index = next++;
      try {
        results[index] = await fn(items[index] as T);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function asInstagramError(error: unknown, token: string): InstagramError {
  if (error instanceof InstagramError) return error;
  const message = error instanceof Error ? error.message : 'unknown error';
  return new InstagramError('bad-response', redact(message, token));
}
