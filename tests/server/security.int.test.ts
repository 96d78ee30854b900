import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { testApp } from '../helpers/app.ts';
import { VISITOR_UA } from '../helpers/site.ts';
import { startBuiltServer, type RunningServer } from '../helpers/server.ts';
import { FAKE_TOKEN, startFakeInstagram, type FakeInstagram } from '../helpers/fake-instagram.ts';

const app = await testApp();

describe('security headers', () => {
  it('a cached page runs no inline script: scripts from our origin only (no hash, no nonce, no unsafe-inline), with the usual headers', async () => {
    const res = await request(app).get('/');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('nonce-');
    expect(csp).toMatch(/frame-src https:\/\/maps\.google\.com/);
    // Data blocks only (JSON-LD, islands' props): nothing the browser would execute inline.
    const inline = [...res.text.matchAll(/<script\b([^>]*)>/g)]
      .map(([, attrs]) => attrs!)
      .filter((attrs) => !/\ssrc=/.test(attrs));
    expect(inline.length).toBeGreaterThan(0);
    for (const attrs of inline) expect(attrs).toMatch(/type="application\/(ld\+)?json"/);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('renders a page whose data is still coming per request, with a new nonce each time', async () => {
    const cold = await testApp({ gallery: { snapshot: async () => ({ status: 'loading' }) } });
    const get = () => request(cold).get('/').set('User-Agent', VISITOR_UA);
    const [first, second] = [await get(), await get()];
    const nonceOf = (res: request.Response) =>
      /'nonce-([^']+)'/.exec(res.headers['content-security-policy'] as string)?.[1];
    const nonce = nonceOf(first);
    expect(nonce).toBeTruthy();
    expect(nonceOf(second)).not.toBe(nonce);
    // Its scripts come from our origin; React's own inline streaming scripts, when a
    // boundary streams in, carry the nonce (tests/server/page-cache.int.test.tsx).
    const executable = [
      ...first.text.matchAll(/<script(?![^>]*application\/(?:ld\+)?json)([^>]*)>/g),
    ];
    expect(executable.length).toBeGreaterThan(0);
    for (const [, attrs] of executable) expect(attrs).toMatch(/ src="\/assets\//);
  });

  it('gives answers without inline scripts a policy that allows none', async () => {
    const res = await request(app).get('/healthz');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'self';/);
  });

  it('allows no third-party script host: the old REVIEWS_WIDGET_URL is not read (decision 25)', async () => {
    const withWidget = await testApp({
      env: { REVIEWS_WIDGET_URL: 'https://widget.example/reviews.js' },
    });
    const res = await request(withWidget).get('/');
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    expect(res.headers['content-security-policy']).not.toContain('widget.example');
  });

  it('echoes a sane X-Request-Id from the proxy and replaces an insane one', async () => {
    expect(
      (await request(app).get('/healthz').set('X-Request-Id', 'abc-123')).headers['x-request-id'],
    ).toBe('abc-123');
    const replaced = (await request(app).get('/healthz').set('X-Request-Id', '<script>')).headers[
      'x-request-id'
    ];
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('a nonce is never shared (the built server, Instagram hanging at a cold start)', () => {
  let fake: FakeInstagram;
  let server: RunningServer;
  beforeAll(async () => {
    fake = await startFakeInstagram({ mode: 'hang' });
    server = await startBuiltServer({
      INSTAGRAM_API_URL: fake.url,
      INSTAGRAM_ACCESS_TOKEN: FAKE_TOKEN,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  it('streams the page with its own nonce, private and never stored by a CDN or a browser', async () => {
    const res = await fetch(`${server.url}/`, { headers: { 'user-agent': VISITOR_UA } });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('gallery--loading');
    expect(res.headers.get('content-security-policy')).toMatch(/'nonce-[^']+'/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('etag')).toBeNull();
  });
});
