import { once } from 'node:events';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GALLERY_ERROR_TEXT } from '../../../client/gallery/Gallery.tsx';
import type { GallerySource } from '../../../client/gallery/types.ts';
import {
  FAKE_TOKEN,
  startFakeInstagram,
  type FakeInstagram,
} from '../../helpers/fake-instagram.ts';
import { testApp } from '../../helpers/app.ts';
import { disabledGallery } from '../../../server/instagram/index.ts';
import { count, decodeEntities } from '../../helpers/html.ts';
import { feedFor, sleep, stopAll } from '../../helpers/instagram.ts';

const BROWSER_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let fake: FakeInstagram;
const servers: { close(): void }[] = [];

beforeAll(async () => {
  fake = await startFakeInstagram({ albums: 12 });
});
afterAll(() => fake.close());
afterEach(async () => {
  for (const server of servers.splice(0)) server.close();
  stopAll();
  await sleep(20);
  fake.requests.length = 0;
  fake.setMode({ mode: 'ok', pageSize: 10, delayMs: 0 });
});

async function appWith(options: Parameters<typeof feedFor>[1] = {}) {
  const { feed, logs } = feedFor(fake, options);
  return { app: await testApp({ gallery: feed }), feed, logs };
}

async function listen(app: RequestListener): Promise<string> {
  const server = createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  servers.push({
    close() {
      server.closeAllConnections();
      server.close();
    },
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Milliseconds until the first byte of the body arrives. */
async function firstByteMs(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { 'user-agent': BROWSER_UA } });
  const reader = response.body!.getReader();
  await reader.read();
  const elapsed = performance.now() - started;
  await reader.cancel();
  return elapsed;
}

/** The home page's gallery section (keeps failure messages short). */
function gallerySection(html: string): string {
  const start = html.indexOf('<section id="testimonials"');
  expect(start, 'no #testimonials section').toBeGreaterThanOrEqual(0);
  return html.slice(start, html.indexOf('</section>', start));
}

function expectNoToken(...texts: string[]) {
  for (const text of texts) {
    expect(text.includes(FAKE_TOKEN), 'the token is in a response').toBe(false);
    expect(text.includes('access_token'), 'access_token is in a response').toBe(false);
  }
}

describe('GET /api/galeria', () => {
  it('waits for a cold feed and answers it, briefly cacheable, without the token', async () => {
    const { app } = await appWith();
    const res = await request(app).get('/api/galeria');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.body.status).toBe('ready');
    expect(res.body.albums).toHaveLength(12);
    expect(Object.keys(res.body.albums[0]).sort()).toEqual([
      'caption',
      'id',
      'permalink',
      'photos',
    ]);
    expectNoToken(res.text, JSON.stringify(res.headers));
  });

  it('answers an error, not cached, when the API fails', async () => {
    fake.setMode('hang');
    const { app } = await appWith({ callTimeoutMs: 300 });
    const started = Date.now();
    const res = await request(app).get('/api/galeria');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(res.body).toEqual({ status: 'error' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers "disabled" without a token', async () => {
    const res = await request(await testApp()).get('/api/galeria');
    expect(res.body).toEqual({ status: 'disabled' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('asks the gallery with a bounded wait', async () => {
    const asked: (number | undefined)[] = [];
    const gallery: GallerySource = {
      snapshot: async (options) => {
        asked.push(options?.waitMs);
        return { status: 'loading' };
      },
    };
    await request(await testApp({ gallery })).get('/api/galeria');
    expect(asked).toEqual([8_000]);
  });

  it('thundering herd: 100 concurrent requests on a cold cache, one upstream fetch', async () => {
    fake.setMode({ pageSize: 50, delayMs: 100 });
    const url = await listen((await appWith()).app);
    const bodies = await Promise.all(
      Array.from({ length: 100 }, () => fetch(`${url}/api/galeria`).then((r) => r.json())),
    );
    expect(bodies.every((b) => b.status === 'ready' && b.albums.length === 12)).toBe(true);
    expect(fake.count('/me/media')).toBe(1);
  });
});

describe('GET /healthz', () => {
  it('reports the feed state, never the token', async () => {
    const { app, feed } = await appWith();
    await feed.refresh();
    const res = await request(app).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body.instagram).toMatchObject({ state: 'ok', albums: 12 });
    expectNoToken(res.text, JSON.stringify(res.headers));
  });

  it('tells anyone the gallery fails, but not why or when it retries (HEALTH_DETAIL=1 does)', async () => {
    fake.setMode('token-invalid');
    const { feed } = feedFor(fake);
    await feed.refresh();
    const plain = await request(await testApp({ gallery: feed })).get('/healthz');
    expect(plain.status).toBe(200);
    expect(plain.body.instagram).toEqual({ state: 'failing', lastSuccessAt: null, albums: 0 });
    const detailed = await request(
      await testApp({ gallery: feed, env: { HEALTH_DETAIL: '1' } }),
    ).get('/healthz');
    expect(detailed.body.instagram).toMatchObject({
      state: 'token-invalid',
      lastError: 'token-invalid',
    });
    expect(detailed.body.instagram.retryAfter).toMatch(/^\d{4}-\d\d-\d\dT/);
    expectNoToken(plain.text, detailed.text);
  });

  it('disabled without a token', async () => {
    const res = await request(await testApp({ gallery: disabledGallery })).get('/healthz');
    expect(res.body.instagram).toEqual({ state: 'disabled', lastSuccessAt: null, albums: 0 });
  });
});

describe('home page gallery', () => {
  it('renders the first 5 albums and a "Ver más" link to 10', async () => {
    const { app, feed } = await appWith();
    await feed.refresh();
    const res = await request(app).get('/').set('user-agent', BROWSER_UA);
    expect(res.status).toBe(200);
    const html = gallerySection(res.text);
    expect(count(html, /class="gallery__album"/)).toBe(5);
    const more = /<a class="gallery__more button button-outline" href="([^"]+)"/.exec(html)?.[1];
    expect(more && decodeEntities(more)).toBe('/?albumes=10#testimonials');
    expectNoToken(res.text, JSON.stringify(res.headers));
  });

  it('?albumes=10 renders 10 albums without JavaScript', async () => {
    const { app, feed } = await appWith();
    await feed.refresh();
    const res = await request(app).get('/?albumes=10').set('user-agent', BROWSER_UA);
    const html = gallerySection(res.text);
    expect(count(html, /class="gallery__album"/)).toBe(10);
    expect(decodeEntities(html)).toContain('href="/?albumes=15#testimonials"');
    const all = await request(app).get('/?albumes=15').set('user-agent', BROWSER_UA);
    expect(count(gallerySection(all.text), /class="gallery__album"/)).toBe(12);
    expect(gallerySection(all.text)).not.toContain('gallery__more');
  });

  it('a hanging API does not delay the first byte; the page says it is loading', async () => {
    fake.setMode('hang');
    const { app, feed } = await appWith({ callTimeoutMs: 10_000, refreshBudgetMs: 15_000 });
    const url = await listen(app);
    await firstByteMs(`${url}/`);
    // The first byte came while the API call still hangs: the page did not wait for it.
    expect(fake.count('/me/media')).toBe(1);
    expect(feed.health().state).toBe('loading');
    const html = await (await fetch(`${url}/`, { headers: { 'user-agent': BROWSER_UA } })).text();
    expect(gallerySection(html)).toContain('gallery--loading');
    expect(fake.count('/me/media')).toBe(1); // the second visitor joined the same fetch
  });

  it('thundering herd: 100 concurrent page views on a cold cache, one upstream fetch', async () => {
    fake.setMode({ pageSize: 50, delayMs: 200 });
    const { app, feed } = await appWith();
    const url = await listen(app);
    const statuses = await Promise.all(
      Array.from({ length: 100 }, () =>
        fetch(`${url}/`, { headers: { 'user-agent': BROWSER_UA } }).then(async (r) => {
          await r.text();
          return r.status;
        }),
      ),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    await feed.idle(); // the one fetch, if still running
    expect(fake.count('/me/media')).toBe(1);
    expect(fake.count(/\/children$/)).toBe(12);
  });

  it('shows the error message from the spec when the feed fails', async () => {
    fake.setMode('token-invalid');
    const { app, feed } = await appWith();
    await feed.refresh();
    const res = await request(app).get('/').set('user-agent', BROWSER_UA);
    expect(res.status).toBe(200);
    expect(gallerySection(res.text)).toContain(GALLERY_ERROR_TEXT);
    expectNoToken(res.text);
  });

  it('a crawler on a cold cache waits (bounded) and gets the albums', async () => {
    fake.setMode({ delayMs: 100 });
    const { app } = await appWith();
    const res = await request(app).get('/').set('user-agent', BOT_UA);
    expect(count(gallerySection(res.text), /class="gallery__album"/)).toBe(5);
    expectNoToken(res.text);
  });
});
