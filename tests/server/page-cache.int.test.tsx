import { describe, expect, it } from 'vitest';
import request from 'supertest';
import http from 'node:http';
import { once } from 'node:events';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { useLoaderData, type DataRouteObject } from 'react-router-dom';
import type { AppLoaderArgs } from '../../client/app-context.ts';
import type { GallerySource, GalleryState } from '../../client/gallery/types.ts';
import { createRoutes, pageRoutes } from '../../client/routes.tsx';
import { PageCache } from '../../server/page-cache.ts';
import { createLogger } from '../../server/logger.ts';
import { testApp, testSite } from '../helpers/app.ts';
import { VISITOR_UA } from '../helpers/site.ts';

const loads = { price: 0, photos: 0, plain: 0, inline: 0 };
let price = 100;

function Value() {
  const { value } = useLoaderData() as { value: string | number };
  return <p id="value">{value}</p>;
}

/** The site's pages have no inline script: this one stands for content that smuggled one in. */
const INLINE_SCRIPT = 'document.documentElement.dataset.inline = "1";';
function ValueWithScript() {
  return (
    <>
      <Value />
      <script dangerouslySetInnerHTML={{ __html: INLINE_SCRIPT }} />
    </>
  );
}

const extra: DataRouteObject[] = [
  {
    id: 'inline',
    path: 'inline',
    loader: () => {
      loads.inline += 1;
      return { value: 'inline' };
    },
    element: <ValueWithScript />,
  },
  {
    id: 'price',
    path: 'precio',
    loader: ({ context }: AppLoaderArgs) => {
      loads.price += 1;
      return { value: `${context.catalogue.modelCount}:${price}` };
    },
    element: <Value />,
  },
  {
    id: 'photos',
    path: 'fotos',
    loader: async ({ context }: AppLoaderArgs) => {
      loads.photos += 1;
      return { value: (await context.gallery.snapshot()).status };
    },
    element: <Value />,
  },
  {
    id: 'plain',
    path: 'plain',
    loader: () => {
      loads.plain += 1;
      return { value: 'plain' };
    },
    element: <Value />,
  },
];

/** A gallery whose state the test sets, announcing each change like the Instagram feed. */
function controllableGallery(initial: GalleryState) {
  let state = initial;
  const listeners = new Set<() => void>();
  const gallery: Required<Pick<GallerySource, 'snapshot' | 'onChange'>> = {
    snapshot: async () => state,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    gallery,
    set(next: GalleryState) {
      state = next;
      for (const listener of listeners) listener();
    },
  };
}

async function setup(initial: GalleryState = { status: 'ready', albums: [] }) {
  const pages = new PageCache();
  const control = controllableGallery(initial);
  const app = await testApp({
    routes: createRoutes([...extra, ...pageRoutes]),
    pages,
    gallery: control.gallery,
  });
  return { app, pages, control };
}

const visitor = (app: Awaited<ReturnType<typeof setup>>['app'], path: string) =>
  request(app).get(path).set('User-Agent', VISITOR_UA);

describe('one identity per page', () => {
  it('gives two visitors the same bytes and the same hash-based policy, rendered once', async () => {
    const { app } = await setup();
    loads.plain = 0;
    const first = await visitor(app, '/plain');
    const second = await request(app).get('/plain').set('User-Agent', 'otro navegador');
    expect(loads.plain).toBe(1);
    expect(second.text).toBe(first.text);
    expect(second.headers.etag).toBe(first.headers.etag);
    const csp = first.headers['content-security-policy'] as string;
    expect(second.headers['content-security-policy']).toBe(csp);
    // The page runs no inline script: only scripts from our origin (the island loader).
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('nonce-');
    expect(csp).not.toContain('unsafe-inline');
    expect(first.text).not.toContain('nonce=');
  });

  it('does not keep a page whose content carries a script element, nor allow the script', async () => {
    const { app, pages } = await setup();
    loads.inline = 0;
    const first = await visitor(app, '/inline');
    const second = await visitor(app, '/inline');
    expect(first.status).toBe(200);
    expect(first.text).toContain(`<script>${INLINE_SCRIPT}</script>`);
    // Not kept: each request renders it again, streamed, and the cache holds nothing for it.
    expect(loads.inline).toBeGreaterThanOrEqual(2);
    expect(second.headers.etag).toBeUndefined();
    expect(pages.size).toBe(0);
    const hash = createHash('sha256').update(INLINE_SCRIPT, 'utf8').digest('base64');
    for (const res of [first, second]) {
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).not.toContain(hash);
      expect(csp).not.toContain('unsafe-inline');
      // The nonce is the response's own, and the smuggled script does not carry it.
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeDefined();
      expect(res.text).not.toContain(`<script nonce="${nonce}">${INLINE_SCRIPT}`);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('answers a matching If-None-Match with 304 and no length, and a changed page with 200', async () => {
    const { app, pages } = await setup();
    const first = await visitor(app, '/precio');
    expect(first.status).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await visitor(app, '/precio').set('If-None-Match', etag);
    // Node drops any body of a 304 itself; what the app controls is status and headers.
    expect(again.status).toBe(304);
    expect(again.headers['content-length']).toBeUndefined();
    expect(again.headers.etag).toBe(etag);

    price = 200;
    pages.invalidate('catalogue');
    const changed = await visitor(app, '/precio').set('If-None-Match', etag);
    expect(changed.status).toBe(200);
    expect(changed.text).toContain(':200</p>');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('serves br and gzip compressed once, with Vary and an ETag per encoding', async () => {
    const { app } = await setup();
    const server = http.createServer(app).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const get = (encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get({ port, path: '/plain', headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    try {
      const plain = await get('identity');
      const br = await get('gzip, deflate, br, zstd');
      const gz = await get('gzip');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(br.headers['content-encoding']).toBe('br');
      expect(gz.headers['content-encoding']).toBe('gzip');
      for (const res of [plain, br, gz]) expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(new Set([plain, br, gz].map((r) => r.headers.etag)).size).toBe(3);
      expect(plain.body.toString('utf8')).toContain('<p id="value">plain</p>');
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    } finally {
      server.close();
    }
  });

  it('answers HEAD with the status, ETag and length of GET', async () => {
    const { app } = await setup();
    const get = await visitor(app, '/plain').set('Accept-Encoding', 'gzip');
    const head = await request(app).head('/plain').set('Accept-Encoding', 'gzip');
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
  });

  it('revalidates sitemap.xml and robots.txt the same way', async () => {
    const { app } = await setup();
    for (const path of ['/sitemap.xml', '/robots.txt']) {
      const first = await request(app).get(path);
      expect(first.status).toBe(200);
      const again = await request(app).get(path).set('If-None-Match', String(first.headers.etag));
      expect(again.status, path).toBe(304);
    }
  });
});

describe('the cache key is the page, not the raw URL', () => {
  it('unused query parameters create no entry and cause no render', async () => {
    const { app, pages } = await setup();
    loads.plain = 0;
    await visitor(app, '/plain');
    const entries = pages.size;
    const first = await visitor(app, '/plain?utm_source=whatsapp');
    await visitor(app, '/plain?fbclid=IwAR0abc');
    for (let i = 1; i <= 30; i += 1) await visitor(app, `/plain?x=${i}`);
    expect(loads.plain).toBe(1);
    expect(pages.size).toBe(entries);
    expect(first.status).toBe(200);
  });

  it('a parameter the route reads is part of the page', async () => {
    const { app, pages } = await setup({ status: 'ready', albums: [] });
    await visitor(app, '/');
    const before = pages.size;
    await visitor(app, '/?albumes=10&utm_source=x');
    await visitor(app, '/?utm_source=y&albumes=10');
    expect(pages.size).toBe(before + 1);
  });
});

describe('data sources', () => {
  it('a gallery change rebuilds the pages that show the gallery, and only those', async () => {
    const { app, control } = await setup({ status: 'error' });
    loads.photos = 0;
    loads.price = 0;
    await visitor(app, '/fotos');
    await visitor(app, '/precio');
    control.set({ status: 'ready', albums: [] });
    const photos = await visitor(app, '/fotos');
    await visitor(app, '/precio');
    expect(photos.text).toContain('<p id="value">ready</p>');
    expect(loads.photos).toBe(2);
    expect(loads.price).toBe(1);
  });

  it('a catalogue change rebuilds the pages that show the catalogue, and only those', async () => {
    const { app, pages } = await setup();
    loads.photos = 0;
    loads.price = 0;
    loads.plain = 0;
    await Promise.all(['/fotos', '/precio', '/plain'].map((p) => visitor(app, p)));
    expect(pages.invalidate('catalogue')).toBeGreaterThanOrEqual(1);
    await Promise.all(['/fotos', '/precio', '/plain'].map((p) => visitor(app, p)));
    expect({ photos: loads.photos, price: loads.price, plain: loads.plain }).toEqual({
      photos: 1,
      price: 2,
      plain: 1,
    });
  });

  it('a page on a cold gallery is streamed with a nonce and not kept', async () => {
    const { app, pages } = await setup({ status: 'loading' });
    loads.photos = 0;
    const res = await visitor(app, '/fotos');
    expect(res.text).toContain('<p id="value">loading</p>');
    // The nonce is for React's own inline scripts, should a Suspense boundary stream in.
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
    expect(res.headers.etag).toBeUndefined();
    const afterFirst = loads.photos;
    await visitor(app, '/fotos');
    expect(loads.photos).toBeGreaterThan(afterFirst);
    expect(pages.get('/fotos', '')).toBeUndefined();
  });
});

describe('the production listener', () => {
  it('answers a kept page before Express, with the same bytes and headers, one log line each', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('info', {
      write: (line: string) => void lines.push(JSON.parse(line)),
    });
    const site = await testSite({ logger });
    // Express stamps X-Powered-By on whatever it answers: a kept page must come without it.
    site.app.enable('x-powered-by');
    const server = http.createServer(site.listener).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        headers: { 'user-agent': VISITOR_UA, ...headers },
      });
    try {
      const built = await get('/parabrisa/ford/fiesta');
      expect(built.headers.get('x-powered-by')).toBe('Express');
      const builtBody = await built.text();
      const kept = await get('/parabrisa/ford/fiesta?utm_source=whatsapp');
      expect(kept.status).toBe(200);
      expect(kept.headers.get('x-powered-by')).toBeNull();
      expect(await kept.text()).toBe(builtBody);
      // Every header but those of the moment, the request and Express's stamp, once each.
      const pageHeaders = (answer: Response) =>
        [...answer.headers].filter(
          ([name]) => !['date', 'x-request-id', 'x-powered-by', 'keep-alive'].includes(name),
        );
      expect(pageHeaders(kept)).toEqual(pageHeaders(built));
      expect(pageHeaders(kept).map(([name]) => name)).toEqual(
        expect.arrayContaining([
          'content-security-policy',
          'etag',
          'cache-control',
          'strict-transport-security',
          'x-content-type-options',
          'vary',
        ]),
      );
      // fetch() adds `Cache-Control: no-cache` to conditional requests; a browser does not.
      const revalidated = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http
          .get(
            {
              port,
              path: '/parabrisa/ford/fiesta',
              headers: {
                'accept-encoding': kept.headers.get('content-encoding') ?? 'identity',
                'if-none-match': kept.headers.get('etag') ?? '',
                'user-agent': VISITOR_UA,
              },
            },
            (res) => resolve(res.resume()),
          )
          .on('error', reject),
      );
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.headers['x-powered-by']).toBeUndefined();
      // Anything not kept still goes through Express.
      expect((await get('/healthz')).headers.get('x-powered-by')).toBe('Express');
      const requests = lines.filter((line) => line.msg === 'request');
      expect(requests.map((line) => line.status)).toEqual([200, 200, 304, 200]);
      expect(requests[1]).toMatchObject({
        url: '/parabrisa/ford/fiesta?utm_source=whatsapp',
        reqId: kept.headers.get('x-request-id'),
      });
    } finally {
      server.close();
    }
  });
  it('answers a kept page with a one-time token in one go, headers as Express sends it', async () => {
    const site = await testSite({ logger: createLogger('silent') });
    // Express stamps X-Powered-By on what it answers: the kept answers come without it.
    site.app.enable('x-powered-by');
    const server = http.createServer(site.listener).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    // The contact form: the same page for everyone but for its one-time token.
    const get = (encoding: string) =>
      new Promise<{ res: http.IncomingMessage; body: Buffer }>((resolve, reject) =>
        http
          .get(
            {
              port,
              path: '/contact',
              headers: { 'accept-encoding': encoding, 'user-agent': VISITOR_UA },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () => resolve({ res, body: Buffer.concat(chunks) }));
            },
          )
          .on('error', reject),
      );
    // In any order, as fetch's Headers compares them in the test above.
    const pageHeaders = (res: http.IncomingMessage) =>
      Object.entries(res.headers)
        .filter(
          ([name]) =>
            !['date', 'x-request-id', 'x-powered-by', 'connection', 'keep-alive'].includes(name),
        )
        .sort(([a], [b]) => a.localeCompare(b));
    const token = (html: string) => /name="token" value="([^"]+)"/.exec(html)?.[1];
    try {
      for (const encoding of ['gzip', 'identity']) {
        // The first ever is rendered through Express; the identity one is kept already.
        const built = await get(encoding);
        const kept = await get(encoding);
        expect(built.res.statusCode).toBe(200);
        expect(built.res.headers['x-powered-by']).toBe(encoding === 'gzip' ? 'Express' : undefined);
        expect(kept.res.statusCode).toBe(200);
        expect(kept.res.headers['x-powered-by']).toBeUndefined();
        expect(pageHeaders(kept.res)).toEqual(pageHeaders(built.res));
        expect(kept.res.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
        expect(kept.res.headers['content-length']).toBe(String(kept.body.length));
        const html = (answer: { res: http.IncomingMessage; body: Buffer }) =>
          (answer.res.headers['content-encoding'] === 'gzip'
            ? gunzipSync(answer.body)
            : answer.body
          ).toString('utf8');
        expect(kept.res.headers['content-encoding']).toBe(encoding === 'gzip' ? 'gzip' : undefined);
        expect(token(html(kept))).toMatch(/^[\w-]{43}$/);
        expect(token(html(kept))).not.toBe(token(html(built)));
        expect(html(kept).replace(token(html(kept))!, '')).toBe(
          html(built).replace(token(html(built))!, ''),
        );
      }
    } finally {
      server.close();
    }
  });
});

/** Counts the pages actually rendered: a build is a render and two compressions. */
class CountingPages extends PageCache {
  builds: string[] = [];
  override getOrBuild(...[key, path, build, since]: Parameters<PageCache['getOrBuild']>) {
    return super.getOrBuild(
      key,
      path,
      () => {
        this.builds.push(key);
        return build();
      },
      since,
    );
  }
}

describe('bounded work for junk URLs', () => {
  it('500 distinct junk URLs render a handful of pages, and the cache keeps no entry per URL', async () => {
    const pages = new CountingPages();
    const site = await testSite({ pages });
    const server = await site.start({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const junk = Array.from({ length: 100 }, (_, i) => [
      `/nada-${i}`,
      `/parabrisa/ford/modelo-${i}`,
      `/parabrisa/marca-${i}/modelo`,
      // Spellings of the first page of albums: junk, zero-padded, negative, fractions.
      `/?albumes=${[`x${i}`, `0${i % 6}`, `${i % 6}x${i}`, `-${i}`, `${i % 6}.${i}`][i % 5]}`,
      `/?utm_source=campana-${i}&fbclid=${i}`,
    ]).flat();
    try {
      const answers: Record<number, string[]> = {};
      for (const path of junk) {
        const res = await fetch(`${origin}${path}`, { headers: { 'user-agent': VISITOR_UA } });
        (answers[res.status] ??= []).push(await res.text());
      }
      expect(junk.length).toBe(500);
      expect(answers[404]).toHaveLength(300);
      expect(answers[200]).toHaveLength(200);
      // One 404 page per kind ('page', 'product'), the home page once: nothing per URL.
      expect(new Set(answers[404]).size).toBe(2);
      expect(new Set(answers[200]).size).toBe(1);
      expect(pages.builds.sort()).toEqual(['/', '404:page', '404:product']);
      expect(pages.size).toBe(3);
    } finally {
      await site.stop();
    }
  }, 60_000);
});
