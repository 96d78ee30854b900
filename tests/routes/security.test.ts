import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { createHash } from 'node:crypto';
import { testApp } from '../helpers/app.ts';
import { VISITOR_UA } from '../helpers/site.ts';

describe('security headers', () => {
  const app = testApp();

  it('allows a cached page’s inline scripts by hash (no nonce, no unsafe-inline), with the usual headers', async () => {
    const res = await request(app).get('/');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('nonce-');
    expect(csp).toMatch(/frame-src https:\/\/maps\.google\.com/);
    // Every executable inline script's exact bytes hash to a source in script-src.
    const scripts = [
      ...res.text.matchAll(/<script(?![^>]*application\/ld\+json)([^>]*)>([\s\S]*?)<\/script>/g),
    ].filter(([, attrs]) => !/\ssrc=/.test(attrs!));
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, , body] of scripts) {
      const hash = createHash('sha256').update(body!, 'utf8').digest('base64');
      expect(csp).toContain(`'sha256-${hash}'`);
    }
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('renders a page whose data is still coming per request, with a new nonce each time', async () => {
    const cold = testApp({ gallery: { snapshot: async () => ({ status: 'loading' }) } });
    const get = () => request(cold).get('/').set('User-Agent', VISITOR_UA);
    const [first, second] = [await get(), await get()];
    const nonceOf = (res: request.Response) =>
      /'nonce-([^']+)'/.exec(res.headers['content-security-policy'] as string)?.[1];
    const nonce = nonceOf(first);
    expect(nonce).toBeTruthy();
    expect(nonceOf(second)).not.toBe(nonce);
    const scripts = [...first.text.matchAll(/<script(?![^>]*application\/ld\+json)([^>]*)>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs] of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
  });

  it('gives answers without inline scripts a policy that allows none', async () => {
    const res = await request(app).get('/healthz');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'self';/);
  });

  it('allows the reviews widget host only when configured', async () => {
    const plain = (await request(app).get('/')).headers['content-security-policy'] as string;
    expect(plain).not.toContain('widget.example');
    const withWidget = testApp({
      env: { REVIEWS_WIDGET_URL: 'https://widget.example/reviews.js' },
    });
    const res = await request(withWidget).get('/');
    expect(res.headers['content-security-policy']).toContain('https://widget.example');
    expect(res.text).toContain('src="https://widget.example/reviews.js"');
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
