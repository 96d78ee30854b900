import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GalleryState } from '../../../client/gallery/types.ts';
import { DEFAULT_ALT } from '../../../server/instagram/map.ts';
import { createGallery } from '../../../server/instagram/index.ts';
import {
  albumId,
  childId,
  FAKE_TOKEN,
  startFakeInstagram,
  type FakeInstagram,
} from '../../helpers/fake-instagram.ts';
import { testConfig } from '../../helpers/app.ts';
import {
  captureLogs,
  everyPhotoCopied,
  feedFor,
  LEVEL,
  sleep,
  stopAll,
  testClock,
} from '../../helpers/instagram.ts';

let fake: FakeInstagram;
const allLogs: string[][] = [];

beforeAll(async () => {
  fake = await startFakeInstagram();
});
afterAll(() => fake.close());
afterEach(async () => {
  stopAll();
  await sleep(20); // let cancelled requests settle before the next test counts
  fake.requests.length = 0;
  fake.setMode({
    mode: 'ok',
    albums: 12,
    pageSize: 10,
    failChildren: [],
    delayMs: 0,
    imagesExpireAt: new Date(Date.now() + 3 * 86_400_000),
  });
  // No log line of any test may carry the token.
  for (const lines of allLogs.splice(0)) {
    for (const line of lines) expect(line).not.toContain(FAKE_TOKEN);
  }
});

function setup(options: Parameters<typeof feedFor>[1] = {}) {
  const made = feedFor(fake, options);
  allLogs.push(made.logs.lines);
  return made;
}

function albumsOf(state: GalleryState) {
  expect(state.status).toBe('ready');
  return state.status === 'ready' ? state.albums : [];
}

const mediaCalls = () => fake.count('/me/media');
/** Refreshes = first-page requests (a refresh may read several pages). */
const refreshes = () =>
  fake.requests.filter((r) => r.path === '/me/media' && !r.params.has('after')).length;

describe('mapping the feed', () => {
  it('keeps only albums, with their first two usable photos', async () => {
    const photos = everyPhotoCopied();
    const { feed } = setup({ photos });
    const albums = albumsOf(await feed.snapshot({ waitMs: 5_000 }));
    // What the photo copier is asked to fetch: the CDN's image URLs, never an mp4 or the
    // unreliable album-level media_url.
    const fed = photos.synced.at(-1) ?? [];
    expect(fed.map((a) => a.id)).toEqual(albums.map((a) => a.id));

    expect(albums).toHaveLength(12);
    expect(albums.map((a) => a.id)).toEqual(Array.from({ length: 12 }, (_, i) => albumId(i)));
    // Ids beyond 2^53 survive as strings.
    expect(albums[0]?.id).toBe('18000000000000001');
    expect(String(Number(albums[0]?.id))).not.toBe(albums[0]?.id);

    for (const album of albums) {
      expect(album.photos.length).toBeGreaterThanOrEqual(1);
      expect(album.photos.length).toBeLessThanOrEqual(2);
      expect(album.permalink).toMatch(/^https:\/\/www\.instagram\.com\/p\/FAKEALBUM\d+\/$/);
      for (const photo of album.photos) expect(photo.src).toMatch(/^\/fotos\//);
    }
    for (const photo of fed.flatMap((a) => a.photos)) {
      expect(photo.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cdn\/.+\.jpg\?/);
      expect(photo.url).not.toContain('-cover');
    }
    // Album 0: an image, then a video shown by its thumbnail (never the mp4).
    expect(albums[0]?.photos.map((p) => p.id)).toEqual([childId(0, 0), childId(0, 1)]);
    expect(fed[0]?.photos[1]?.url).toContain(`/cdn/${childId(0, 1)}-thumb.jpg?`);
    // Album 1: its first child has no media_url, so children 2 and 3.
    expect(albums[1]?.photos.map((p) => p.id)).toEqual([childId(1, 1), childId(1, 2)]);
    // Alt text from the caption, or the default.
    expect(albums[0]?.photos[0]?.alt).toMatch(/^Cambio de parabrisas en una Toyota Hilux/);
    expect(albums[3]?.caption).toBe('');
    expect(albums[3]?.photos[0]?.alt).toBe(`${DEFAULT_ALT} (foto 1 de 2)`);

    expect(mediaCalls()).toBe(2); // two pages of 10 items hold the 12 albums
    expect(fake.count(/\/children$/)).toBe(12);
    const children = fake.requests.find((r) => r.path.endsWith('/children'));
    expect(children?.params.get('fields')).toBe('id,media_type,media_url,thumbnail_url');
  });

  it('reads only as many pages as needed', async () => {
    const { feed } = setup({ maxAlbums: 4 });
    expect(albumsOf(await feed.snapshot({ waitMs: 5_000 }))).toHaveLength(4);
    expect(mediaCalls()).toBe(1);
    expect(fake.count(/\/children$/)).toBe(4);
  });

  it('caps the pages it reads', async () => {
    fake.setMode({ albums: 40, pageSize: 5 });
    const { feed } = setup({ maxPages: 3 });
    const albums = albumsOf(await feed.snapshot({ waitMs: 5_000 }));
    expect(mediaCalls()).toBe(3);
    expect(albums.length).toBeGreaterThan(0);
    expect(albums.length).toBeLessThan(15);
  });

  it('leaves out an album whose children fail, and logs it', async () => {
    fake.setMode({ failChildren: [2] });
    const { feed, logs } = setup();
    const albums = albumsOf(await feed.snapshot({ waitMs: 5_000 }));
    expect(albums).toHaveLength(11);
    expect(albums.map((a) => a.id)).not.toContain(albumId(2));
    expect(albums.every((a) => a.photos.length > 0)).toBe(true);
    const warning = logs.records().find((r) => r.albumId === albumId(2));
    expect(warning?.level).toBe(LEVEL.warn);
  });
});

describe('caching', () => {
  it('answers "loading" at once on a cold cache when it may not wait', async () => {
    fake.setMode({ delayMs: 300 });
    const { feed } = setup();
    const started = Date.now();
    expect(await feed.snapshot({ waitMs: 0 })).toEqual({ status: 'loading' });
    expect(Date.now() - started).toBeLessThan(250);
    await feed.idle();
    expect(albumsOf(await feed.snapshot())).toHaveLength(12);
    expect(refreshes()).toBe(1);
  });

  it('waits at most waitMs for a cold cache', async () => {
    fake.setMode({ delayMs: 1_000 });
    const { feed } = setup();
    const started = Date.now();
    expect(await feed.snapshot({ waitMs: 200 })).toEqual({ status: 'loading' });
    expect(Date.now() - started).toBeLessThan(600);
  });

  it('start() warms the cache', async () => {
    const { feed } = setup();
    feed.start();
    await feed.idle(); // joins the warm-up
    expect(albumsOf(await feed.snapshot())).toHaveLength(12);
    expect(refreshes()).toBe(1);
    expect(feed.health()).toMatchObject({ state: 'ok', albums: 12, lastError: null });
  });

  it('once started, refreshes on its own every cacheSeconds and tells its listeners', async () => {
    const { feed } = setup({ cacheSeconds: 0.3 });
    let changes = 0;
    feed.onChange(() => (changes += 1));
    feed.start();
    await feed.idle();
    fake.setMode({ pageSize: 5 }); // any visible difference: the feed is read again
    await sleep(700); // no snapshot() call in between, as when every page is kept
    await feed.idle();
    expect(refreshes()).toBeGreaterThanOrEqual(2);
    expect(changes).toBeGreaterThanOrEqual(1);
    feed.stop();
    const after = refreshes();
    await sleep(400);
    expect(refreshes()).toBe(after);
  });

  it('serves from the cache without asking again', async () => {
    const { feed } = setup();
    await feed.snapshot({ waitMs: 5_000 });
    for (let i = 0; i < 20; i++) await feed.snapshot();
    expect(refreshes()).toBe(1);
  });

  it('thundering herd: 100 concurrent snapshots on a cold cache make one upstream fetch', async () => {
    fake.setMode({ pageSize: 50, delayMs: 100 });
    const { feed } = setup();
    const states = await Promise.all(
      Array.from({ length: 100 }, () => feed.snapshot({ waitMs: 5_000 })),
    );
    expect(states.every((s) => s.status === 'ready' && s.albums.length === 12)).toBe(true);
    expect(mediaCalls()).toBe(1);
    expect(fake.count(/\/children$/)).toBe(12);
  });

  it('serves the stale feed while the API is down, refreshing in the background', async () => {
    const { feed } = setup({ cacheSeconds: 0.2 });
    albumsOf(await feed.snapshot({ waitMs: 5_000 }));
    fake.setMode('server-error');
    await sleep(250);

    const started = Date.now();
    expect(albumsOf(await feed.snapshot({ waitMs: 5_000 }))).toHaveLength(12);
    expect(Date.now() - started).toBeLessThan(250); // stale is served without waiting
    await feed.idle(); // the background refresh it started
    expect(refreshes()).toBe(2);
    expect(albumsOf(await feed.snapshot())).toHaveLength(12);
    expect(feed.health()).toMatchObject({ state: 'stale', albums: 12, lastError: 'bad-response' });
  });

  it('never replaces a good feed with an empty one', async () => {
    const { feed, logs } = setup({ cacheSeconds: 0.2 });
    await feed.snapshot({ waitMs: 5_000 });
    fake.setMode('empty');
    await sleep(250);
    await feed.snapshot();
    await feed.idle();
    expect(refreshes()).toBe(2);
    expect(albumsOf(await feed.snapshot())).toHaveLength(12);
    expect(logs.records().some((r) => /no albums/.test(r.msg ?? ''))).toBe(true);
  });

  it('an empty first feed is ready with no albums', async () => {
    fake.setMode('empty');
    const { feed } = setup();
    expect(await feed.snapshot({ waitMs: 5_000 })).toEqual({ status: 'ready', albums: [] });
  });

  it('signed CDN URLs past their expiry empty nothing: pages show our copies', async () => {
    const clock = testClock(Date.now());
    fake.setMode({ imagesExpireAt: new Date(clock.now() + 86_400_000) });
    const { feed } = setup({ now: clock.now, cacheSeconds: 30 * 86_400 });
    albumsOf(await feed.snapshot({ waitMs: 5_000 }));
    clock.advance(2 * 86_400_000);
    expect(albumsOf(await feed.snapshot({ waitMs: 0 }))).toHaveLength(12);
    expect(refreshes()).toBe(1);
  });
});

describe('failures', () => {
  it('code 190: logs loudly once and stops asking for a long while', async () => {
    fake.setMode('token-invalid');
    const clock = testClock();
    const { feed, logs } = setup({ now: clock.now, cacheSeconds: 0.05 });
    expect(await feed.snapshot({ waitMs: 5_000 })).toEqual({ status: 'error' });
    expect(feed.health()).toMatchObject({ state: 'token-invalid', lastError: 'token-invalid' });

    for (let i = 0; i < 50; i++) expect((await feed.snapshot()).status).toBe('error');
    clock.advance(60 * 60_000);
    for (let i = 0; i < 50; i++) await feed.snapshot({ waitMs: 1_000 });
    expect(fake.requests).toHaveLength(1);

    clock.advance(6 * 60 * 60_000);
    await feed.snapshot({ waitMs: 5_000 });
    expect(fake.requests).toHaveLength(2);

    const errors = logs.records().filter((r) => r.level >= LEVEL.error);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.msg).toContain('INSTAGRAM_ACCESS_TOKEN');
    expect(errors[0]?.code).toBe(190);
  });

  it('code 190 with an earlier good feed keeps showing it', async () => {
    const { feed } = setup({ cacheSeconds: 0.2 });
    await feed.snapshot({ waitMs: 5_000 });
    fake.setMode('token-invalid');
    await sleep(250);
    await feed.snapshot();
    await feed.idle();
    expect(albumsOf(await feed.snapshot())).toHaveLength(12);
    expect(feed.health().state).toBe('token-invalid');
  });

  it('rate limits: backs off exponentially, then recovers', async () => {
    fake.setMode('rate-limit');
    const clock = testClock();
    const { feed } = setup({
      now: clock.now,
      backoff: { rateLimitBaseMs: 60_000, maxMs: 10 * 60_000 },
    });
    expect((await feed.snapshot({ waitMs: 5_000 })).status).toBe('error');
    expect(mediaCalls()).toBe(1);
    expect(Date.parse(feed.health().retryAfter ?? '')).toBe(clock.now() + 60_000);

    clock.advance(59_000);
    await feed.snapshot({ waitMs: 1_000 });
    expect(mediaCalls()).toBe(1);

    clock.advance(2_000); // past the first wait: one try, and the next wait doubles
    await feed.snapshot({ waitMs: 5_000 });
    expect(mediaCalls()).toBe(2);
    expect(Date.parse(feed.health().retryAfter ?? '')).toBe(clock.now() + 120_000);

    clock.advance(61_000);
    await feed.snapshot({ waitMs: 1_000 });
    expect(mediaCalls()).toBe(2);

    fake.setMode('ok');
    clock.advance(60_000);
    expect(albumsOf(await feed.snapshot({ waitMs: 5_000 }))).toHaveLength(12);
    expect(feed.health()).toMatchObject({ state: 'ok', lastError: null, retryAfter: null });
  });

  it('the backoff is capped', async () => {
    fake.setMode('server-error');
    const clock = testClock();
    const { feed } = setup({ now: clock.now, backoff: { baseMs: 1_000, maxMs: 5_000 } });
    for (let i = 0; i < 6; i++) {
      await feed.snapshot({ waitMs: 5_000 });
      clock.advance(10_000);
    }
    expect(mediaCalls()).toBe(6);
    await feed.snapshot({ waitMs: 5_000 });
    expect(Date.parse(feed.health().retryAfter ?? '')).toBe(clock.now() + 5_000);
  });

  it('a non-JSON 500 is an error state, and no retry until the backoff passes', async () => {
    fake.setMode('server-error');
    const { feed, logs } = setup();
    expect(await feed.snapshot({ waitMs: 5_000 })).toEqual({ status: 'error' });
    expect(await feed.snapshot({ waitMs: 5_000 })).toEqual({ status: 'error' });
    expect(mediaCalls()).toBe(1);
    const warning = logs.records().find((r) => r.kind === 'bad-response');
    expect(warning?.reason).toContain('non-JSON response (HTTP 500)');
    expect(feed.health()).toMatchObject({ state: 'failing', lastError: 'bad-response' });
  });

  it('a hanging API times out per call, within the budget', async () => {
    fake.setMode('hang');
    const { feed } = setup({ callTimeoutMs: 300, refreshBudgetMs: 5_000 });
    const started = Date.now();
    expect(await feed.snapshot({ waitMs: 10_000 })).toEqual({ status: 'error' });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(feed.health().lastError).toBe('timeout');
  });

  it('a slow API is cut off by the whole-refresh budget', async () => {
    fake.setMode({ delayMs: 250 });
    const { feed } = setup({ callTimeoutMs: 5_000, refreshBudgetMs: 600, concurrency: 1 });
    const started = Date.now();
    expect(await feed.snapshot({ waitMs: 10_000 })).toEqual({ status: 'error' });
    expect(Date.now() - started).toBeLessThan(1_200);
    expect(feed.health().lastError).toBe('timeout');
  });

  it('stop() cancels a hanging refresh and nothing runs afterwards', async () => {
    fake.setMode('hang');
    const { feed } = setup({ callTimeoutMs: 60_000, refreshBudgetMs: 60_000 });
    feed.start();
    await sleep(50);
    const started = Date.now();
    feed.stop();
    await feed.refresh();
    expect(Date.now() - started).toBeLessThan(200);
    await feed.snapshot({ waitMs: 100 });
    expect(mediaCalls()).toBe(1);
  });
});

describe('createGallery', () => {
  it('is disabled without a token, and says so in its health', async () => {
    const gallery = createGallery(testConfig(), captureLogs().logger);
    expect(await gallery.snapshot({ waitMs: 1_000 })).toEqual({ status: 'disabled' });
    expect(gallery.health()).toMatchObject({ configured: false, state: 'disabled' });
  });

  it('uses the configured API with a token', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ig-gallery-'));
    const gallery = createGallery(
      testConfig({
        INSTAGRAM_ACCESS_TOKEN: FAKE_TOKEN,
        INSTAGRAM_API_URL: fake.url,
        DATA_DIR: dataDir,
      }),
      captureLogs().logger,
    );
    try {
      gallery.start();
      // Albums appear as copies of their photos are made (real JPEGs, resized with sharp).
      // A photo counts as stored a moment before its download leaves the pending count.
      await vi.waitFor(
        () => expect(gallery.health().photos).toMatchObject({ stored: 24, pending: 0 }),
        { timeout: 40_000, interval: 200 },
      );
      expect(albumsOf(await gallery.snapshot())).toHaveLength(12);
      expect(gallery.health()).toMatchObject({ configured: true });
      expect(readdirSync(join(dataDir, 'photos')).filter((f) => f.endsWith('.webp'))).toHaveLength(
        24 * 4,
      );
      // The renewed token is kept in DATA_DIR.
      await vi.waitFor(() => expect(existsSync(join(dataDir, 'instagram-token.json'))).toBe(true));
    } finally {
      gallery.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
