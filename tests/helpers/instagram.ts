import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { createInstagramFeed, type InstagramFeedOptions } from '../../server/instagram/feed.ts';
import { createGalleryPhotos } from '../../server/instagram/photos.ts';
import type { FeedAlbum } from '../../server/instagram/map.ts';
import type { GalleryPhotos } from '../../server/instagram/photos.ts';
import { FAKE_TOKEN, type FakeInstagram } from './fake-instagram.ts';

export type LogRecord = { level: number; msg?: string; [key: string]: unknown };

/**
 * A logger whose lines are kept in memory. Plain pino without the app's redaction, so a
 * token passed to it by mistake would show up in `lines`.
 */
export function captureLogs(): { logger: Logger; lines: string[]; records(): LogRecord[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = pino({ level: 'debug', base: undefined }, stream);
  return { logger, lines, records: () => lines.map((l) => JSON.parse(l) as LogRecord) };
}

export const LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;

/** A controllable clock for backoff and expiry (node-cache's TTL still uses real time). */
export function testClock(start = Date.parse('2025-06-02T12:00:00Z')) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

/** Feeds made here are stopped by `stopAll()` (afterEach). */
const feeds: { stop(): void }[] = [];

/**
 * For tests of the feed itself (paging, caching, back-off, tokens): every photo counts as
 * copied at once, at `/fotos/<id>.webp`, and nothing is downloaded. The real pipeline is
 * tested in photos.test.ts, routes and the browser tests.
 */
export function everyPhotoCopied(): GalleryPhotos & { synced: (readonly FeedAlbum[])[] } {
  const synced: (readonly FeedAlbum[])[] = [];
  return {
    synced,
    sync: (albums) => void synced.push(albums),
    present: (albums) =>
      albums.map((album) => ({
        id: album.id,
        permalink: album.permalink,
        caption: album.caption,
        photos: album.photos.map((p) => ({
          id: p.id,
          alt: p.alt,
          src: `/fotos/${p.id}.webp`,
          srcSet: `/fotos/${p.id}.webp 360w`,
          width: 360,
          height: 450,
        })),
      })),
    busy: () => false,
    idle: async () => {},
    health: () => ({ stored: 0, bytes: 0, pending: 0, failing: 0 }),
    onChange: () => () => {},
    stop() {},
  };
}

/**
 * A feed against the fake Graph API. Its photos are taken as copied, unless `photosIn`
 * names a folder: then the real pipeline downloads and resizes them there.
 */
export function feedFor(
  fake: FakeInstagram,
  {
    photosIn,
    ...options
  }: Partial<Omit<InstagramFeedOptions, 'logger'>> & { photosIn?: string } = {},
) {
  const logs = captureLogs();
  const feed = createInstagramFeed({
    token: FAKE_TOKEN,
    apiUrl: fake.url,
    cacheSeconds: 900,
    logger: logs.logger,
    photos: photosIn
      ? createGalleryPhotos({ dir: photosIn, apiOrigin: fake.url, logger: logs.logger })
      : everyPhotoCopied(),
    renewToken: false,
    callTimeoutMs: 2_000,
    refreshBudgetMs: 5_000,
    ...options,
  });
  feeds.push(feed);
  return { feed, logs };
}

export function stopAll() {
  for (const feed of feeds.splice(0)) feed.stop();
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
