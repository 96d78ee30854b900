import NodeCache from 'node-cache';
import type { GalleryHealth, GallerySource, GalleryState } from '../../client/gallery/types.ts';
import type { Logger } from '../logger.ts';
import { createInstagramClient, InstagramError } from './client.ts';
import { readFeedFile, writeFeedFile, type Feed } from './feed-file.ts';
import { isAlbum, toAlbum, type FeedAlbum } from './map.ts';
import type { GalleryPhotos } from './photos.ts';
import { redact } from './redact.ts';
import { createTokenStore } from './token.ts';

/**
 * The Instagram gallery as the server serves it: fetched once, cached for `cacheSeconds`,
 * served stale while a background refresh runs, never more than one refresh in flight,
 * and never replaced by an empty or failed fetch. Failures back off instead of hammering.
 * Pages show our own copies of the photos (`photos`): an album appears once a copy of one
 * of its photos exists. The last good feed is kept on disk, so after a restart the gallery
 * shows at once, even when Instagram can no longer be reached.
 */

export type InstagramFeedOptions = {
  readonly token: string;
  readonly apiUrl: string;
  readonly cacheSeconds: number;
  readonly logger: Logger;
  /** Our copies of the album photos: pages show these, never the CDN's URLs. */
  readonly photos: GalleryPhotos;
  /** Keeps the last good feed across restarts; undefined: memory only. */
  readonly feedFile?: string;
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
  /** Resolves when no photo download or resize is under way. */
  photosIdle(): Promise<void>;
  /** Warms the cache. */
  start(): void;
  /** Cancels what is in flight; nothing runs afterwards. */
  stop(): void;
  /** Starts a refresh, or joins the one in flight (resolves, never rejects). */
  refresh(): Promise<void>;
  /** Resolves when no refresh is in flight (without starting one). */
  idle(): Promise<void>;
};

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

  const photos = options.photos;
  let lastGood: Feed | undefined = options.feedFile
    ? readFeedFile(options.feedFile, logger)
    : undefined;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  photos.onChange(changed);
  let inflight: Promise<void> | undefined;
  let current: AbortController | undefined;
  let failures = 0;
  let lastError: InstagramError | undefined;
  let retryAt = 0;
  let tokenInvalidReported = false;
  let stopped = false;
  let ticker: ReturnType<typeof setInterval> | undefined;

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

  async function fetchAlbums(signal: AbortSignal): Promise<FeedAlbum[]> {
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
    return albums.filter((a): a is FeedAlbum => a !== undefined);
  }

  function succeeded(albums: FeedAlbum[], ms: number) {
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
      if (options.feedFile) void writeFeedFile(options.feedFile, lastGood, logger);
      if (!before || JSON.stringify(before.albums) !== JSON.stringify(albums)) changed();
    }
    photos.sync(lastGood.albums);
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

  /**
   * The feed as pages show it. Without a feed yet: 'loading' (or 'error'). With a feed whose
   * photos have no copy yet: 'loading' while they are being fetched (a page never shows a
   * broken image), else 'ready' with the albums whose photos have a copy.
   */
  async function snapshot({ waitMs = 0 }: { waitMs?: number } = {}): Promise<GalleryState> {
    const deadline = Date.now() + waitMs;
    if (!lastGood) {
      if (!inflight && now() < retryAt) return { status: 'error' };
      const pending = refresh();
      if (waitMs > 0) await within(pending, waitMs);
      if (!lastGood) return inflight || !lastError ? { status: 'loading' } : { status: 'error' };
    } else if (cache.get(FEED_KEY) === undefined) {
      void refresh();
    }
    const feed: Feed = lastGood;
    let albums = photos.present(feed.albums);
    // A caller that may wait (a crawler, /api/galeria) gets the copies being made now, so
    // the albums it shows (and 'Ver más') are complete, within its time budget.
    const left = deadline - Date.now();
    if (photos.busy() && left > 0) {
      await within(photos.idle(), left);
      albums = photos.present(feed.albums);
    }
    if (albums.length === 0 && feed.albums.length > 0 && photos.busy()) {
      return { status: 'loading' };
    }
    return { status: 'ready', albums };
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
      photos: photos.health(),
    };
  }

  return {
    snapshot,
    health,
    refresh,
    idle: async () => {
      await inflight;
    },
    photosIdle: () => photos.idle(),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      // A feed kept from an earlier run: fetch what copies it still lacks (and prune).
      if (lastGood) photos.sync(lastGood.albums);
      void refresh();
      // Refresh on its own: kept pages do not call snapshot(), and a change reaches them
      // through onChange. refresh() keeps one call in flight and honours the back-off.
      ticker = setInterval(() => void refresh(), options.cacheSeconds * 1000);
      ticker.unref();
    },
    stop() {
      stopped = true;
      clearInterval(ticker);
      photos.stop();
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
