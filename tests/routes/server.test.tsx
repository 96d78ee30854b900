import { afterAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import http from 'node:http';
import { createGunzip } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { Suspense } from 'react';
import { Await, useLoaderData, type DataRouteObject } from 'react-router-dom';
import { createRoutes, pageRoutes } from '../../client/routes.tsx';
import { catalogue, SITE_URL, testApp } from '../helpers/app.ts';
import { headOf } from '../helpers/html.ts';
import { VISITOR_UA } from '../helpers/site.ts';

function Thrower(): never {
  throw new Error('render exploded: SECRET_DETAIL');
}

let release: (value: string) => void = () => {};
const slowValue = new Promise<string>((resolve) => {
  release = resolve;
});

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
  { id: 'slow', path: 'slow', loader: () => ({ slow: slowValue }), element: <SlowPage /> },
];

function appWith(env: NodeJS.ProcessEnv = {}) {
  return testApp({ routes: createRoutes([...extraPages, ...pageRoutes]), env });
}

describe('failures', () => {
  it.each(['development', 'production'])(
    'a throwing loader gives 500 and the error screen (%s)',
    async (mode) => {
      const res = await request(appWith({ NODE_ENV: mode })).get('/loader-boom');
      expect(res.status).toBe(500);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.text).toContain('<h1>Unexpected Application Error!</h1>');
      expect(res.text).not.toMatch(/at .*\.(tsx?|js):\d+/);
      if (mode === 'production') expect(res.text).not.toContain('SECRET_DETAIL');
    },
  );

  it('a throwing render gives 500 without a stack trace', async () => {
    const res = await request(appWith({ NODE_ENV: 'production' })).get('/render-boom');
    expect(res.status).toBe(500);
    expect(res.text).toContain('Unexpected Application Error!');
    expect(res.text).not.toContain('SECRET_DETAIL');
    expect(res.text).not.toMatch(/at .*\.(tsx?|js):\d+/);
  });
});

describe('streaming', () => {
  const server = http.createServer(appWith());
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the shell before a slow loader promise resolves, through gzip compression', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const chunks: string[] = [];
    let resolvedAtFirstChunk: boolean | undefined;
    let settled = false;
    slowValue.then(() => (settled = true));

    const done = new Promise<{ status: number; encoding: string | undefined }>(
      (resolve, reject) => {
        http
          .get(
            {
              port,
              path: '/slow',
              headers: { 'accept-encoding': 'gzip', 'user-agent': VISITOR_UA },
            },
            (res) => {
              const gunzip = createGunzip();
              res.pipe(gunzip);
              gunzip.on('data', (chunk: Buffer) => {
                if (chunks.length === 0) {
                  resolvedAtFirstChunk = settled;
                  // Only now let the slow data arrive.
                  setTimeout(() => release('datos lentos'), 50);
                }
                chunks.push(chunk.toString('utf8'));
              });
              gunzip.on('end', () =>
                resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'] }),
              );
              gunzip.on('error', reject);
            },
          )
          .on('error', reject);
      },
    );

    const { status, encoding } = await done;
    expect(status).toBe(200);
    expect(encoding).toBe('gzip');
    expect(resolvedAtFirstChunk).toBe(false);
    expect(chunks[0]).toContain('Shell content');
    expect(chunks[0]).toContain('cargando…');
    expect(chunks[0]).not.toContain('datos lentos');
    expect(chunks.join('')).toContain('datos lentos');
  });
});

describe('crawlers', () => {
  it('get the whole document at once', async () => {
    const res = await request(testApp())
      .get('/parabrisa/ford/fiesta')
      .set(
        'User-Agent',
        'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      );
    expect(res.status).toBe(200);
    expect(res.text).toContain('</html>');
  });
});

describe('site files', () => {
  const app = testApp();

  it('answers /healthz', async () => {
    const res = await request(app).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
  });

  it('lists home, the catalogue and every product in the sitemap, not the leftovers', async () => {
    const res = await request(app).get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/xml/);
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(2 + catalogue.modelCount);
    expect(locs).toContain(`${SITE_URL}/`);
    expect(locs).toContain(`${SITE_URL}/parabrisas`);
    expect(locs).toContain(`${SITE_URL}/parabrisa/peugeot/208-gt`);
    for (const leftover of ['about', 'models', 'testimonials', 'team', 'contact']) {
      expect(locs).not.toContain(`${SITE_URL}/${leftover}`);
    }
  });

  it('points robots.txt at the sitemap', async () => {
    const res = await request(app).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.text).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
  });

  it('caches HTML briefly at the CDN and never caches errors', async () => {
    expect((await request(app).get('/')).headers['cache-control']).toMatch(/s-maxage=\d+/);
    expect((await request(app).get('/nada')).headers['cache-control']).toMatch(/s-maxage=60/);
  });

  it.each(['/about', '/models', '/testimonials', '/team'])(
    'marks the leftover %s noindex',
    async (path) => {
      const res = await request(app).get(path);
      expect(res.status).toBe(200);
      expect(headOf(res.text)).toContain('<meta name="robots" content="noindex, follow"/>');
      expect(headOf(res.text)).not.toContain('rel="canonical"');
    },
  );
});
