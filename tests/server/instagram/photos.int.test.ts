import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GalleryAlbum, GalleryState } from '../../../client/gallery/types.ts';
import type { FeedAlbum } from '../../../server/instagram/map.ts';
import { downloadImage, PhotoError } from '../../../server/instagram/photo-download.ts';
import { PHOTO_WIDTHS, resizePhoto } from '../../../server/instagram/photo-process.ts';
import { createGalleryPhotos } from '../../../server/instagram/photos.ts';
import {
  childId,
  startFakeInstagram,
  type CdnFault,
  type FakeInstagram,
} from '../../helpers/fake-instagram.ts';
import { PHOTO_HEIGHT, PHOTO_WIDTH, realisticJpeg } from '../../helpers/photos.ts';
import { captureLogs, feedFor, LEVEL, sleep, testClock } from '../../helpers/instagram.ts';
import { photosDir } from '../../../server/instagram/photo-store.ts';

/**
 * The photo pipeline against the fake CDN serving real JPEGs: download limits, resizing with
 * sharp, the store in DATA_DIR/photos, back-off, pruning, and a restart that keeps copies.
 */

let fake: FakeInstagram;
const dirs: string[] = [];
const stops: (() => void)[] = [];

beforeAll(async () => {
  fake = await startFakeInstagram({ albums: 3 });
});
afterAll(async () => {
  await fake.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  await sleep(20);
  fake.cdnRequests.length = 0;
  fake.setMode({ mode: 'ok', albums: 3, cdn: 'ok', cdnFaults: {} });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'photos-'));
  dirs.push(dir);
  return dir;
}

/** A photo URL on the fake CDN, signed like Instagram's. */
function cdnUrl(id: string, expiresInMs = 86_400_000): string {
  const oe = Math.floor((Date.now() + expiresInMs) / 1000).toString(16);
  return `${fake.url}/cdn/${id}.jpg?stp=dst-jpg_e35&oh=00_AfFake&oe=${oe}`;
}

function album(n: number, photos = 2): FeedAlbum {
  return {
    id: `album-${n}`,
    permalink: `https://www.instagram.com/p/A${n}/`,
    caption: `Trabajo ${n}`,
    photos: Array.from({ length: photos }, (_, i) => ({
      id: childId(n, i),
      url: cdnUrl(childId(n, i)),
      alt: `Foto ${i + 1}`,
    })),
  };
}

function library(
  dir = tempDir(),
  options: Partial<Parameters<typeof createGalleryPhotos>[0]> = {},
) {
  const logs = captureLogs();
  const photos = createGalleryPhotos({ dir, apiOrigin: fake.url, logger: logs.logger, ...options });
  stops.push(() => photos.stop());
  return { photos, logs, dir };
}

const webpFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.webp'));

describe('resizing (sharp)', () => {
  it('makes WebP copies at the tile widths with the real aspect ratio and no metadata', async () => {
    const original = await realisticJpeg('gps-photo', { gps: true });
    const source = await sharp(original).metadata();
    expect([source.width, source.height, source.format]).toEqual([1080, 1350, 'jpeg']);
    expect(original.length).toBeGreaterThan(150_000); // a realistic phone photo
    // The source carries EXIF with a GPS block (tag 0x8825, little-endian).
    expect(source.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const variants = await resizePhoto(original);
    expect(variants.map((v) => v.width)).toEqual([...PHOTO_WIDTHS]);
    for (const variant of variants) {
      expect(variant.height).toBe(Math.round((variant.width * PHOTO_HEIGHT) / PHOTO_WIDTH));
      const meta = await sharp(variant.data).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
    }
    const largest = variants.at(-1)!;
    expect(largest.data.length).toBeLessThan(original.length / 2);
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    const sideways = await realisticJpeg('turned', { orientation: 6 });
    const variants = await resizePhoto(sideways);
    // Stored 1080x1350 with "rotate 90°": shown 1350x1080, so landscape.
    expect(variants.at(-1)).toMatchObject({ width: 720, height: 576 });
    expect((await sharp(variants[0]!.data).metadata()).orientation).toBeUndefined();
  });

  it('never enlarges a small photo', async () => {
    const small = await sharp(await realisticJpeg('small'))
      .resize({ width: 400 })
      .toBuffer();
    const variants = await resizePhoto(small);
    expect(variants.map((v) => v.width)).toEqual([180, 360, 400]);
  });

  it.each([
    [
      'a truncated JPEG',
      async () => (await realisticJpeg('cut')).subarray(0, 120_000),
      'undecodable',
    ],
    ['HTML', async () => Buffer.from('<!doctype html><p>Log in</p>'), 'undecodable'],
  ] as const)('%s fails with a PhotoError', async (_name, make, kind) => {
    await expect(resizePhoto(await make())).rejects.toMatchObject({ name: 'PhotoError', kind });
  });
});

describe('downloading from the CDN', () => {
  const limits = { timeoutMs: 1_500, maxBytes: 8 * 1024 * 1024, maxRedirects: 3 };
  const fault = async (cdn: CdnFault, options: Partial<typeof limits> = {}) => {
    fake.setMode({ cdn });
    try {
      await downloadImage(cdnUrl('x1'), fake.url, { ...limits, ...options });
      return 'downloaded';
    } catch (error) {
      expect(error).toBeInstanceOf(PhotoError);
      return (error as PhotoError).kind;
    }
  };

  it('downloads a JPEG', async () => {
    const body = await downloadImage(cdnUrl('x1'), fake.url, limits);
    expect((await sharp(body).metadata()).format).toBe('jpeg');
  });

  it.each([
    ['expired (403)', 'expired', 'expired'],
    ['an HTML page', 'html', 'not-an-image'],
    ['12 MB without Content-Length', 'huge', 'too-large'],
    ['a redirect loop', 'redirect-loop', 'redirect'],
    ['no answer', 'hang', 'timeout'],
  ] as const)('%s: %s', async (_name, cdn, kind) => {
    const started = Date.now();
    expect(await fault(cdn)).toBe(kind);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('a URL past its `oe` expiry answers 403: expired', async () => {
    await expect(downloadImage(cdnUrl('x2', -60_000), fake.url, limits)).rejects.toMatchObject({
      kind: 'expired',
    });
  });

  it('a photo bigger than the cap is refused on its Content-Length', async () => {
    expect(await fault('ok', { maxBytes: 100_000 })).toBe('too-large');
  });

  it('never puts the signed URL in an error message', async () => {
    fake.setMode({ cdn: 'expired' });
    const error = await downloadImage(cdnUrl('x3'), fake.url, limits).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PhotoError);
    expect((error as PhotoError).message).not.toMatch(/oh=|oe=|\/cdn\//);
  });
});

describe('the photo library', () => {
  it('stores copies in the background, content-addressed; pages get only stored photos', async () => {
    const { photos, dir } = library();
    const albums = [album(0), album(1)];
    expect(photos.present(albums)).toEqual([]);

    // Never waits for the downloads: when sync returns, nothing is stored yet, work is under way.
    photos.sync(albums);
    expect(photos.present(albums)).toEqual([]);
    expect(photos.busy()).toBe(true);
    await photos.idle();

    const shown = photos.present(albums);
    expect(shown.map((a) => a.photos.length)).toEqual([2, 2]);
    const photo = shown[0]!.photos[0]!;
    expect(photo.src).toMatch(/^\/fotos\/[0-9a-f]{32}\.webp$/);
    expect(photo.srcSet.split(', ').map((c) => c.split(' ')[1])).toEqual([
      '180w',
      '360w',
      '540w',
      '720w',
    ]);
    expect([photo.width, photo.height]).toEqual([360, 450]); // the `src` copy's real size
    expect(photo.alt).toBe('Foto 1');
    expect(webpFiles(dir)).toHaveLength(4 * 4);
    expect(photos.health()).toMatchObject({ stored: 4, pending: 0, failing: 0 });
    expect(photos.health().bytes).toBeGreaterThan(50_000);
    expect(fake.cdnRequests).toHaveLength(4);

    // Nothing is fetched twice.
    photos.sync(albums);
    await photos.idle();
    expect(fake.cdnRequests).toHaveLength(4);
  });

  it.each<[string, CdnFault, string]>([
    ['403 (expired URL)', 'expired', 'expired'],
    ['an HTML body', 'html', 'not-an-image'],
    ['HTML labelled image/jpeg', 'mislabelled', 'undecodable'],
    ['a truncated JPEG', 'truncated', 'undecodable'],
    ['a decompression bomb (20000x20000 PNG)', 'bomb', 'too-many-pixels'],
    ['an oversized body', 'huge', 'too-large'],
  ])(
    '%s: that photo is skipped, logged once, retried later with back-off',
    async (_name, cdn, kind) => {
      const clock = testClock(Date.now());
      const { photos, logs } = library(undefined, { now: clock.now, backoffMs: 60_000 });
      const bad = childId(0, 1);
      fake.setMode({ cdnFaults: { [bad]: cdn } });
      const albums = [album(0)];

      photos.sync(albums);
      await photos.idle();
      expect(photos.present(albums)[0]?.photos.map((p) => p.id)).toEqual([childId(0, 0)]);
      expect(photos.health()).toMatchObject({ stored: 1, failing: 1 });

      // Backing off: a sync soon after does not ask again, and logs nothing new.
      photos.sync(albums);
      await photos.idle();
      expect(fake.cdnRequests.filter((id) => id === bad)).toHaveLength(1);

      // Later, still failing: asked again, not logged again at warn level.
      clock.advance(61_000);
      photos.sync(albums);
      await photos.idle();
      expect(fake.cdnRequests.filter((id) => id === bad)).toHaveLength(2);
      const warnings = logs.records().filter((r) => r.level >= LEVEL.warn);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ photoId: bad, kind, failures: 1 });
      expect(JSON.stringify(warnings)).not.toMatch(/oe=|\/cdn\//);

      // The back-off doubled (2 minutes now); once the CDN recovers the photo is stored.
      fake.setMode({ cdnFaults: {} });
      clock.advance(61_000);
      photos.sync(albums);
      await photos.idle();
      expect(fake.cdnRequests.filter((id) => id === bad)).toHaveLength(2);
      clock.advance(61_000);
      photos.sync(albums);
      await photos.idle();
      expect(photos.present(albums)[0]?.photos).toHaveLength(2);
      expect(photos.health()).toMatchObject({ stored: 2, failing: 0 });
    },
    30_000,
  );

  it('a download that hangs blocks nothing and times out', async () => {
    fake.setMode({ cdnFaults: { [childId(0, 0)]: 'hang' } });
    const { photos } = library(undefined, { limits: { timeoutMs: 800 } });
    photos.sync([album(0), album(1)]);
    await photos.idle();
    expect(photos.health()).toMatchObject({ stored: 3, failing: 1 });
  });

  it('removes copies of albums that left the feed, after the retention time', async () => {
    const clock = testClock(Date.now());
    const { photos, dir } = library(undefined, { now: clock.now, retainMs: 3_600_000 });
    const changes = vi.fn();
    photos.onChange(changes);
    photos.sync([album(0), album(1)]);
    await photos.idle();
    expect(changes).toHaveBeenCalledTimes(4); // one per stored photo
    expect(webpFiles(dir)).toHaveLength(16);

    photos.sync([album(1)]); // album 0 left the feed: kept for now (cached pages show it)
    await vi.waitFor(() => expect(photos.health().stored).toBe(4));
    clock.advance(3_600_001);
    photos.sync([album(1)]);
    await vi.waitFor(() => expect(photos.health().stored).toBe(2));
    await vi.waitFor(() => expect(webpFiles(dir)).toHaveLength(8));
    expect(changes).toHaveBeenCalledTimes(5);
    expect(photos.present([album(0), album(1)]).map((a) => a.id)).toEqual(['album-1']);
  });

  it('a restart keeps the copies: nothing is downloaded again', async () => {
    const dir = tempDir();
    const first = library(dir);
    first.photos.sync([album(0)]);
    await first.photos.idle();
    await first.photos.flushed();
    const before = first.photos.present([album(0)]);
    first.photos.stop();

    fake.setMode({ cdn: 'expired' });
    const again = library(dir);
    expect(again.photos.present([album(0)])).toEqual(before);
    again.photos.sync([album(0)]);
    await again.photos.idle();
    expect(fake.cdnRequests).toHaveLength(2); // only the first run's
  });

  it('at start, files no index entry names (a crash mid-write) are removed', async () => {
    const dir = tempDir();
    const first = library(dir);
    first.photos.sync([album(0, 1)]);
    await first.photos.idle();
    await first.photos.flushed();
    first.photos.stop();
    const stray = join(dir, `${'a'.repeat(32)}.webp`);
    const temporary = join(dir, `${'b'.repeat(32)}.webp.123.tmp`);
    writeFileSync(stray, 'x');
    writeFileSync(temporary, 'x');
    library(dir);
    expect(existsSync(stray)).toBe(false);
    expect(existsSync(temporary)).toBe(false);
    expect(webpFiles(dir)).toHaveLength(4);
  });
});

describe('the gallery across restarts with the CDN expired and the token lapsed', () => {
  const ready = (state: GalleryState): readonly GalleryAlbum[] =>
    state.status === 'ready' ? state.albums : [];

  it('keeps showing its photos', async () => {
    const dataDir = tempDir();
    const start = () => {
      const { feed } = feedFor(fake, {
        photosIn: photosDir(dataDir),
        feedFile: join(dataDir, 'instagram-feed.json'),
      });
      stops.push(() => feed.stop());
      return feed;
    };

    const first = start();
    first.start();
    await first.idle();
    await first.photosIdle();
    const shown = ready(await first.snapshot());
    expect(shown).toHaveLength(3);
    first.stop();
    await sleep(50); // the feed file is written in the background

    // Every CDN URL now answers 403 and the API refuses the token.
    fake.setMode({ mode: 'token-invalid', cdn: 'expired' });
    const second = start();
    second.start();
    expect(ready(await second.snapshot())).toEqual(shown);
    await second.idle();
    await second.photosIdle();
    expect(ready(await second.snapshot())).toEqual(shown);
    expect(second.health()).toMatchObject({ state: 'token-invalid', photos: { stored: 6 } });
  });
});
