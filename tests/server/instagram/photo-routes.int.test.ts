import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { photosDir } from '../../../server/instagram/photo-store.ts';
import {
  childId,
  FAKE_TOKEN,
  startFakeInstagram,
  type FakeInstagram,
} from '../../helpers/fake-instagram.ts';
import { testApp } from '../../helpers/app.ts';
import { feedFor } from '../../helpers/instagram.ts';

/**
 * The site with the real photo pipeline: pages show our copies (never the CDN), served from
 * /fotos with long-lived caching, and /healthz counts them.
 */

const BROWSER_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

let fake: FakeInstagram;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  fake = await startFakeInstagram({ albums: 3 });
});
afterAll(() => fake.close());
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  fake.setMode({ cdn: 'ok', cdnFaults: {}, delayMs: 0 });
  fake.cdnRequests.length = 0;
});

async function site() {
  const dataDir = mkdtempSync(join(tmpdir(), 'photo-routes-'));
  const { feed } = feedFor(fake, { photosIn: photosDir(dataDir) });
  cleanups.push(() => {
    feed.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const app = await testApp({
    gallery: feed,
    env: {
      DATA_DIR: dataDir,
      INSTAGRAM_API_URL: fake.url,
      INSTAGRAM_ACCESS_TOKEN: FAKE_TOKEN,
      HEALTH_DETAIL: '1',
    },
  });
  return { app, feed };
}

const home = (app: Awaited<ReturnType<typeof site>>['app']) =>
  request(app).get('/').set('user-agent', BROWSER_UA);

function gallerySection(html: string): string {
  const start = html.indexOf('<section id="testimonials"');
  return html.slice(start, html.indexOf('</section>', start));
}

const images = (html: string) =>
  [...gallerySection(html).matchAll(/<img [^>]*>/g)].map((m) => m[0]);
const attr = (tag: string, name: string) => new RegExp(` ${name}="([^"]*)"`).exec(tag)?.[1];

describe('gallery photos from our own origin', () => {
  it('before any copy exists the page shows the placeholder, never a broken or CDN image', async () => {
    fake.setMode({ delayMs: 300 });
    const { app, feed } = await site();
    feed.start();
    const first = await home(app);
    expect(first.status).toBe(200);
    expect(gallerySection(first.text)).toContain('gallery--loading');
    expect(images(first.text)).toEqual([]);
    // The feed is in, the copies are being made: still the placeholder, and no CDN URL.
    await feed.idle();
    const meanwhile = await home(app);
    expect(meanwhile.text).not.toContain(fake.url);
    expect(meanwhile.text).not.toContain('/cdn/');
    await feed.photosIdle();
    expect(images((await home(app)).text)).toHaveLength(6); // 3 albums, 2 photos each
  });

  it('the browser that got the placeholder fills it from /api/galeria, which waits for copies', async () => {
    const { app, feed } = await site();
    feed.start();
    const res = await request(app).get('/api/galeria');
    expect(res.body.status).toBe('ready');
    // Every photo of the 3 albums, copied while the request waited.
    const albums = res.body.albums as { photos: { src: string }[] }[];
    expect(albums.map((album) => album.photos.length)).toEqual([2, 2, 2]);
    for (const album of albums) {
      for (const photo of album.photos) expect(photo.src).toMatch(/^\/fotos\/[0-9a-f]{32}\.webp$/);
    }
    expect(res.text).not.toContain('/cdn/');
  });

  it('each <img> has srcset, sizes, real width and height, lazy and async', async () => {
    const { app, feed } = await site();
    feed.start();
    await feed.idle();
    await feed.photosIdle();
    const res = await home(app);
    const tags = images(res.text);
    expect(tags).toHaveLength(6);
    for (const tag of tags) {
      expect(attr(tag, 'src')).toMatch(/^\/fotos\/[0-9a-f]{32}\.webp$/);
      const candidates = attr(tag, 'srcSet')!.split(', ');
      expect(candidates.map((c) => c.split(' ')[1])).toEqual(['180w', '360w', '540w', '720w']);
      expect(attr(tag, 'sizes')).toContain('(min-width: 1120px)');
      expect([attr(tag, 'width'), attr(tag, 'height')]).toEqual(['360', '450']); // 1080x1350
      expect(attr(tag, 'loading')).toBe('lazy');
      expect(attr(tag, 'decoding')).toBe('async');
      expect(attr(tag, 'alt')).toBeTruthy();
    }
  });

  it('serves a copy: WebP, immutable for a year, strong ETag, 304 on revalidation', async () => {
    const { app, feed } = await site();
    feed.start();
    await feed.idle();
    await feed.photosIdle();
    const tag = images((await home(app)).text)[0]!;
    for (const candidate of attr(tag, 'srcSet')!.split(', ')) {
      const [url, width] = candidate.split(' ');
      const res = await request(app).get(url!).buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['etag']).toBe(`"${url!.slice('/fotos/'.length, -'.webp'.length)}"`);
      const meta = await sharp(res.body as Buffer).metadata();
      expect(`${meta.width}w`).toBe(width);
      expect(meta.exif).toBeUndefined();
      const again = await request(app).get(url!).set('if-none-match', res.headers['etag']!);
      expect(again.status).toBe(304);
    }
    const head = await request(app).head(attr(tag, 'src')!);
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(1_000);
  });

  it.each([
    '/fotos/0123456789abcdef0123456789abcdef.webp', // well-formed, no such copy
    '/fotos/index.json',
    '/fotos/..%2Findex.json',
    '/fotos/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/fotos/',
    '/fotos/ABC.webp',
  ])('GET %s: 404, never a file outside the store', async (path) => {
    const { app } = await site();
    const res = await request(app).get(path);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it('/healthz with HEALTH_DETAIL=1 reports the photos stored and the disk they use', async () => {
    const { app, feed } = await site();
    feed.start();
    await feed.idle();
    await feed.photosIdle();
    const res = await request(app).get('/healthz');
    expect(res.body.instagram.photos).toMatchObject({ stored: 6, pending: 0, failing: 0 });
    expect(res.body.instagram.photos.bytes).toBeGreaterThan(100_000);
    expect(res.text).not.toContain(FAKE_TOKEN);
  });

  it('the page changes, and the gallery says so, as copies arrive', async () => {
    const { app, feed } = await site();
    let changes = 0;
    feed.onChange(() => (changes += 1));
    fake.setMode({ cdnFaults: { [childId(2, 1)]: 'expired' } });
    feed.start();
    await feed.idle();
    const before = await home(app); // the feed is in, the copies are still being made
    await feed.photosIdle();
    const after = await home(app);
    expect(changes).toBe(1 + 5); // the new feed, then each stored copy
    expect(images(before.text).length).toBeLessThan(5);
    expect(images(after.text)).toHaveLength(5); // the expired photo is left out, not broken
    expect(after.text).not.toContain(fake.url);
  });

  it('the CSP allows images from our origin only (and the tax badge): no Instagram CDN', async () => {
    const { app } = await site();
    const csp = (await home(app)).headers['content-security-policy'] as string;
    const imgSrc = /img-src ([^;]*)/.exec(csp)?.[1];
    expect(imgSrc).toBe("'self' data: https://www.afip.gob.ar");
    expect(csp).not.toMatch(/cdninstagram|fbcdn|127\.0\.0\.1/);
  });
});
