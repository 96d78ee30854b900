import type { GalleryAlbum, GalleryPhoto, PhotoHealth } from '../../client/gallery/types.ts';
import type { Logger } from '../logger.ts';
import type { FeedAlbum, FeedPhoto } from './map.ts';
import {
  DEFAULT_DOWNLOAD_LIMITS,
  downloadImage,
  PhotoError,
  type DownloadLimits,
} from './photo-download.ts';
import { resizePhoto } from './photo-process.ts';
import { createPhotoStore, type StoredPhoto } from './photo-store.ts';
import { paths } from '../../client/paths.ts';

/**
 * The gallery's photos: for every album photo of the feed that has no copy yet, a background
 * job downloads it, resizes it and stores it (photo-download, photo-process, photo-store).
 * Pages only ever show photos whose copy exists, so a visitor never gets a broken image, and
 * the copies stay when Instagram's signed URLs expire. Nothing here blocks a page: `sync`
 * returns at once, failures are logged once per photo and retried later with back-off.
 */

export type GalleryPhotosOptions = {
  /** DATA_DIR/photos */
  readonly dir: string;
  /** INSTAGRAM_API_URL's origin: photos are fetched from there or from Instagram's CDN only. */
  readonly apiOrigin: string;
  readonly logger: Logger;
  readonly now?: () => number;
  readonly limits?: Partial<DownloadLimits>;
  /** Downloads at a time (resizing is one at a time regardless). */
  readonly concurrency?: number;
  /** First wait after a failed photo, doubled per failure up to `maxBackoffMs`. */
  readonly backoffMs?: number;
  readonly maxBackoffMs?: number;
  /** How long copies of photos that left the feed are kept (a cached page may show them). */
  readonly retainMs?: number;
};

export type GalleryPhotos = {
  /**
   * Starts downloads for the feed's photos that have no copy, are not under way and are
   * not backing off; forgets copies of photos that left the feed over `retainMs` ago.
   * Returns at once.
   */
  sync(albums: readonly FeedAlbum[]): void;
  /** The albums as pages show them: only photos with a copy; albums without any left out. */
  present(albums: readonly FeedAlbum[]): GalleryAlbum[];
  /** True while photos are queued or being fetched. */
  busy(): boolean;
  /** Resolves when nothing is queued or under way. */
  idle(): Promise<void>;
  health(): PhotoHealth;
  /** `listener` runs when a copy is stored or removed; returns the unsubscribe function. */
  onChange(listener: () => void): () => void;
  /** Cancels downloads under way; nothing starts afterwards. */
  stop(): void;
};

type Failure = { readonly count: number; readonly retryAt: number };

export function createGalleryPhotos(
  options: GalleryPhotosOptions,
): GalleryPhotos & { flushed(): Promise<void> } {
  const logger = options.logger.child({ module: 'photos' });
  const now = options.now ?? Date.now;
  const limits = { ...DEFAULT_DOWNLOAD_LIMITS, ...options.limits };
  const concurrency = options.concurrency ?? 3;
  const backoffMs = options.backoffMs ?? 5 * 60_000;
  const maxBackoffMs = options.maxBackoffMs ?? 6 * 60 * 60_000;
  const retainMs = options.retainMs ?? 60 * 60_000;

  const store = createPhotoStore(options.dir, logger, now);
  const queue: FeedPhoto[] = [];
  const queued = new Set<string>();
  const failures = new Map<string, Failure>();
  const listeners = new Set<() => void>();
  const controller = new AbortController();
  let active = 0;
  let resizing: Promise<unknown> = Promise.resolve();
  const idleWaiters: (() => void)[] = [];
  /** Bumped whenever the set of stored photos changes (memoizes `present`). */
  let version = 0;

  function changed() {
    version += 1;
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        logger.error({ err: error }, 'gallery change listener failed');
      }
    }
  }

  function pump() {
    while (active < concurrency && queue.length > 0 && !controller.signal.aborted) {
      const photo = queue.shift()!;
      active += 1;
      void fetchOne(photo).finally(() => {
        active -= 1;
        queued.delete(photo.id);
        pump();
      });
    }
    if (active === 0 && queue.length === 0) {
      for (const resolve of idleWaiters.splice(0)) resolve();
    }
  }

  async function fetchOne(photo: FeedPhoto) {
    const started = performance.now();
    try {
      const original = await downloadImage(photo.url, options.apiOrigin, limits, controller.signal);
      // One resize at a time: libvips gets one core, pages keep the other.
      const job = resizing.then(() => resizePhoto(original));
      resizing = job.catch(() => undefined);
      const variants = await job;
      if (controller.signal.aborted) return;
      await store.put(photo.id, variants);
      failures.delete(photo.id);
      logger.debug(
        { photoId: photo.id, ms: Math.round(performance.now() - started) },
        'photo stored',
      );
      changed();
    } catch (error) {
      if (controller.signal.aborted) return;
      failed(photo, error);
    }
  }

  function failed(photo: FeedPhoto, error: unknown) {
    const kind = error instanceof PhotoError ? error.kind : 'undecodable';
    const reason = error instanceof Error ? error.message : String(error);
    const count = (failures.get(photo.id)?.count ?? 0) + 1;
    const wait = Math.min(backoffMs * 2 ** (count - 1), maxBackoffMs);
    failures.set(photo.id, { count, retryAt: now() + wait });
    const context = { photoId: photo.id, kind, reason, failures: count, retryInMs: wait };
    // Once per photo at warn level; its later failures only at debug.
    if (count === 1) logger.warn(context, 'gallery photo skipped: download or resize failed');
    else logger.debug(context, 'gallery photo still failing');
  }

  function variantsOf(stored: StoredPhoto) {
    return [...stored.variants].sort((a, b) => a.width - b.width);
  }

  function toPhoto(photo: FeedPhoto, stored: StoredPhoto): GalleryPhoto {
    const variants = variantsOf(stored);
    // The fallback `src` is the 360 px copy (or the largest below it): small, sharp enough.
    const fallback = variants.filter((v) => v.width <= 360).at(-1) ?? variants[0]!;
    return {
      id: photo.id,
      alt: photo.alt,
      src: `${paths.photos}/${fallback.file}`,
      srcSet: variants.map((v) => `${paths.photos}/${v.file} ${v.width}w`).join(', '),
      width: fallback.width,
      height: fallback.height,
    };
  }

  let memo: { albums: readonly FeedAlbum[]; version: number; result: GalleryAlbum[] } | undefined;

  return {
    sync(albums: readonly FeedAlbum[]) {
      if (controller.signal.aborted) return;
      const current = albums.flatMap((a) => a.photos);
      const ids = new Set(current.map((p) => p.id));
      for (const id of failures.keys()) if (!ids.has(id)) failures.delete(id);
      void store
        .prune(ids, retainMs)
        .then((removed) => {
          if (removed > 0) {
            logger.info({ removed }, 'copies of photos no longer in the feed removed');
            changed();
          }
        })
        .catch((error: unknown) => logger.warn({ err: error }, 'photo cleanup failed'));
      for (const photo of current) {
        if (store.has(photo.id) || queued.has(photo.id)) continue;
        if ((failures.get(photo.id)?.retryAt ?? 0) > now()) continue;
        queued.add(photo.id);
        queue.push(photo);
      }
      pump();
    },

    present(albums: readonly FeedAlbum[]): GalleryAlbum[] {
      if (memo && memo.albums === albums && memo.version === version) return memo.result;
      const result: GalleryAlbum[] = [];
      for (const album of albums) {
        const photos: GalleryPhoto[] = [];
        for (const photo of album.photos) {
          const stored = store.get(photo.id);
          if (stored) photos.push(toPhoto(photo, stored));
        }
        if (photos.length > 0) {
          result.push({ id: album.id, permalink: album.permalink, caption: album.caption, photos });
        }
      }
      memo = { albums, version, result };
      return result;
    },

    busy: () => active > 0 || queue.length > 0,

    idle(): Promise<void> {
      if (active === 0 && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },

    health(): PhotoHealth {
      const usage = store.usage();
      return {
        stored: usage.photos,
        bytes: usage.bytes,
        pending: queue.length + active,
        failing: failures.size,
      };
    },

    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    stop() {
      controller.abort();
      queue.length = 0;
      queued.clear();
      for (const resolve of idleWaiters.splice(0)) resolve();
    },

    /** Resolves when the index on disk reflects every stored photo. */
    flushed: () => store.flushed(),
  };
}
