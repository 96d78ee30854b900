import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import http from 'node:http';
import { createGunzip } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { Suspense } from 'react';
import { Await, useLoaderData, type DataRouteObject } from 'react-router-dom';
import { createRoutes, pageRoutes } from '../../client/routes.tsx';
import { answerPages } from '../../client/paths.ts';
import { catalogue, SITE_URL, testApp } from '../helpers/app.ts';
import { headOf } from '../helpers/html.ts';
import { VISITOR_UA } from '../helpers/site.ts';

function Thrower(): never {
  throw new Error('render exploded: SECRET_DETAIL');
}

/**
 * The /slow route's data: a promise the test settles when it chooses. `openGate()` before
 * each request; every loader run of that request (the page-cache attempt and the streamed
 * render) waits on the same gate.
 */
type Gate = { promise: Promise<string>; release: (value: string) => void };
let gate: Gate = { promise: new Promise<string>(() => {}), release: () => {} };
function openGate(): Gate {
  let release: (value: string) => void = () => {};
  const promise = new Promise<string>((resolve) => {
    release = resolve;
  });
  gate = { promise, release };
  return gate;
}

function SlowPage() {
  const { slow } = useLoaderData() as { slow: Promise<string> };
  return (
    <div>
      <h1>Shell content</h1>
      <Suspense fallback={<p>cargando…</p>}>
        <Await resolve={slow}>{(value: string) => <p id="late">{value}</p>}</Await>
      </Suspense>
    </div>
  );
}

const extraPages: DataRouteObject[] = [
  {
    id: 'loader-boom',
    path: 'loader-boom',
    loader: () => {
      throw new Error('loader exploded: SECRET_DETAIL');
    },
    element: <p>never</p>,
  },
  { id: 'render-boom', path: 'render-boom', element: <Thrower /> },
  { id: 'slow', path: 'slow', loader: () => ({ slow: gate.promise }), element: <SlowPage /> },
];

function appWith(env: NodeJS.ProcessEnv = {}) {
  return testApp({ routes: createRoutes([...extraPages, ...pageRoutes]), env });
}

describe('failures', () => {
  it.each(['development', 'production'])(
    'a throwing loader gives 500 and the error screen (%s)',
    async (mode) => {
      const res = await request(await appWith({ NODE_ENV: mode })).get('/loader-boom');
      expect(res.status).toBe(500);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.text).toContain('<h1>Unexpected Application Error!</h1>');
      expect(res.text).not.toMatch(/at .*\.(tsx?|js):\d+/);
      if (mode === 'production') expect(res.text).not.toContain('SECRET_DETAIL');
    },
  );

  it('a throwing render gives 500 without a stack trace', async () => {
    const res = await request(await appWith({ NODE_ENV: 'production' })).get('/render-boom');
    expect(res.status).toBe(500);
    expect(res.text).toContain('Unexpected Application Error!');
    expect(res.text).not.toContain('SECRET_DETAIL');
    expect(res.text).not.toMatch(/at .*\.(tsx?|js):\d+/);
  });
});

const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

type Reception = {
  status: number;
  encoding: string | undefined;
  /** The body bytes of the first network read: every chunk before the event loop moved on. */
  firstBurst: string;
  body: string;
  /** Whether the slow data had been released when the first body bytes arrived. */
  releasedBeforeFirstByte: boolean;
};

/**
 * GET /slow from a real server (supertest would buffer the body). The slow data is
 * released 50 ms after the first body bytes arrive, or `releaseAfterMs` after the request
 * if none arrive before that.
 */
function getSlow(
  port: number,
  userAgent: string,
  { gzip, releaseAfterMs }: { gzip: boolean; releaseAfterMs: number },
): Promise<Reception> {
  const { release } = openGate();
  let released = false;
  const releaseNow = () => {
    if (released) return;
    released = true;
    release('datos lentos');
  };
  const fallback = setTimeout(releaseNow, releaseAfterMs);
  return new Promise((resolve, reject) => {
    const headers = { 'user-agent': userAgent, 'accept-encoding': gzip ? 'gzip' : 'identity' };
    http
      .get({ port, path: '/slow', headers }, (res) => {
        const body = gzip ? res.pipe(createGunzip()) : res;
        const chunks: string[] = [];
        let burstEnds = 0;
        let releasedBeforeFirstByte = false;
        body.on('data', (chunk: Buffer) => {
          if (chunks.length === 0) {
            releasedBeforeFirstByte = released;
            // Chunks that arrive before setImmediate fires came in the same read.
            setImmediate(() => (burstEnds = chunks.length));
            setTimeout(releaseNow, 50);
          }
          chunks.push(chunk.toString('utf8'));
        });
        body.on('end', () => {
          clearTimeout(fallback);
          resolve({
            status: res.statusCode ?? 0,
            encoding: res.headers['content-encoding'],
            firstBurst: chunks.slice(0, burstEnds || chunks.length).join(''),
            body: chunks.join(''),
            releasedBeforeFirstByte,
          });
        });
        body.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('streaming', () => {
  const server = http.createServer();
  let port = 0;
  beforeAll(async () => {
    server.on('request', await appWith());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends visitors the shell before a slow loader promise resolves, through gzip compression', async () => {
    const res = await getSlow(port, VISITOR_UA, { gzip: true, releaseAfterMs: 10_000 });
    expect(res.status).toBe(200);
    expect(res.encoding).toBe('gzip');
    expect(res.releasedBeforeFirstByte).toBe(false);
    expect(res.firstBurst).toContain('Shell content');
    expect(res.firstBurst).toContain('cargando…');
    expect(res.firstBurst).not.toContain('datos lentos');
    expect(res.body).toContain('datos lentos');
  });

  it('sends crawlers nothing until the slow data is there, then the whole document at once', async () => {
    const res = await getSlow(port, GOOGLEBOT_UA, { gzip: false, releaseAfterMs: 300 });
    expect(res.status).toBe(200);
    expect(res.releasedBeforeFirstByte).toBe(true);
    expect(res.firstBurst).toContain('Shell content');
    expect(res.firstBurst).toContain('<p id="late">datos lentos</p>');
    expect(res.firstBurst).toContain('</html>');
    expect(res.firstBurst).toBe(res.body);
  });

  it("streams the same route to visitors without compression too (the crawler test's control)", async () => {
    const res = await getSlow(port, VISITOR_UA, { gzip: false, releaseAfterMs: 10_000 });
    expect(res.status).toBe(200);
    expect(res.releasedBeforeFirstByte).toBe(false);
    expect(res.firstBurst).toContain('Shell content');
    expect(res.firstBurst).not.toContain('datos lentos');
    expect(res.firstBurst).not.toContain('</html>');
    expect(res.body).toContain('<p id="late">datos lentos</p>');
  });
});

const siteFilesApp = await testApp();

describe('site files', () => {
  const app = siteFilesApp;

  it('answers /healthz', async () => {
    const res = await request(app).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
  });

  it('lists home, the catalogue and its brand pages, booking, the answer pages and every product in the sitemap, not the leftovers (nor the reviews before the first)', async () => {
    const res = await request(app).get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/xml/);
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const brands = catalogue.catalogue.marcas.length;
    expect(locs).toHaveLength(3 + brands + answerPages.length + catalogue.modelCount);
    expect(locs).toContain(`${SITE_URL}/parabrisas/toyota`);
    expect(locs).toContain(`${SITE_URL}/turnos`);
    expect(locs).not.toContain(`${SITE_URL}/testimonials`);
    expect(locs).toContain(`${SITE_URL}/`);
    expect(locs).toContain(`${SITE_URL}/parabrisas`);
    expect(locs).toContain(`${SITE_URL}/parabrisa/peugeot/208-gt`);
    for (const leftover of ['about', 'models', 'team', 'contact']) {
      expect(locs).not.toContain(`${SITE_URL}/${leftover}`);
    }
  });

  it('points robots.txt at the sitemap', async () => {
    const res = await request(app).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.text).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
  });

  it('caches pages briefly at the CDN and a 404 for a minute', async () => {
    expect((await request(app).get('/')).headers['cache-control']).toMatch(/s-maxage=\d+/);
    expect((await request(app).get('/nada')).headers['cache-control']).toMatch(/s-maxage=60/);
  });

  it('keeps the reviews (/testimonials) out of the index while none is published', async () => {
    // Indexed with its canonical once one is: tests/client/pages/testimonials-index.int.test.ts.
    const res = await request(app).get('/testimonials');
    expect(res.status).toBe(200);
    expect(headOf(res.text)).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(headOf(res.text)).not.toContain('rel="canonical"');
  });

  it.each(['/about', '/models', '/team'])('marks the leftover %s noindex', async (path) => {
    const res = await request(app).get(path);
    expect(res.status).toBe(200);
    expect(headOf(res.text)).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(headOf(res.text)).not.toContain('rel="canonical"');
  });
});
