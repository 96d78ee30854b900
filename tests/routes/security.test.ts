import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { testApp } from '../helpers/app.ts';

describe('security headers', () => {
  const app = testApp();

  it('sends a nonce-based CSP that matches the inline scripts, and the usual headers', async () => {
    const res = await request(app).get('/');
    const csp = res.headers['content-security-policy'] as string;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toMatch(/frame-src https:\/\/maps\.google\.com/);
    // Every executable inline script carries this request's nonce.
    const scripts = [...res.text.matchAll(/<script(?![^>]*application\/ld\+json)([^>]*)>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs] of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('uses a new nonce per request', async () => {
    const nonceOf = async () =>
      /'nonce-([^']+)'/.exec(
        (await request(app).get('/')).headers['content-security-policy'] as string,
      )?.[1];
    expect(await nonceOf()).not.toBe(await nonceOf());
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
    expect(replaced).not.toBe('<script>');
  });
});
