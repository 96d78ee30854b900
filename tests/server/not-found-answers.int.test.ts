/**
 * The 404 pages as visitors and scanners get them, through the listener production serves
 * with (kept pages first, then Express): the first request for a path, the same path again
 * (answered before Express once known), HEAD, identity and br. Same status, headers, words and
 * links every time; the unknown model says "Parabrisas no encontrado" and the junk path
 * "Página no encontrada".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import type { Site } from '../../server/site.ts';
import { testSite } from '../helpers/app.ts';
import { VISITOR_UA } from '../helpers/site.ts';
import { rawRequest } from '../helpers/server.ts';

let site: Site;
let origin: string;
beforeAll(async () => {
  site = await testSite();
  const server = await site.start({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => site.stop());

const ask = (path: string, method: 'GET' | 'HEAD', headers: Record<string, string>) =>
  rawRequest(`${origin}${path}`, { method, headers: { 'user-agent': VISITOR_UA, ...headers } });

/** The headers that belong to the page (not to the connection, the moment or the request). */
function pageHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (['date', 'connection', 'keep-alive', 'x-request-id'].includes(name)) continue;
    kept[name] = String(value);
  }
  return kept;
}

const CSP =
  "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data: https://www.afip.gob.ar;connect-src 'self';font-src 'self';frame-src https://maps.google.com https://www.google.com;object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none';upgrade-insecure-requests";

describe.each([
  { path: '/wp-login.php', heading: 'Página no encontrada' },
  { path: '/.env', heading: 'Página no encontrada' },
  { path: '/parabrisa/ford/no-existe', heading: 'Parabrisas no encontrado' },
  { path: '/parabrisa/marca-zq9/modelo-zq9', heading: 'Parabrisas no encontrado' },
  { path: '/parabrisas/marca-zq9', heading: 'Marca no encontrada' },
])('404 for $path', ({ path, heading }) => {
  it('the same status, headers, words and links on the first request, again, with HEAD, with br', async () => {
    const first = await ask(path, 'GET', {});
    const again = await ask(path, 'GET', {});
    const other = await ask(`${path}?utm_source=x`, 'GET', {});
    const head = await ask(path, 'HEAD', {});
    const br = await ask(path, 'GET', { 'accept-encoding': 'br, gzip' });

    for (const answer of [first, again, other, head, br]) expect(answer.status).toBe(404);
    const headers = pageHeaders(first.headers);
    expect(headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'public, max-age=0, s-maxage=60',
      'content-security-policy': CSP,
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'content-length': String(first.body.length),
    });
    expect(headers.etag).toMatch(/^"[\w-]{32}"$/);
    expect(headers['x-powered-by']).toBeUndefined();
    expect(pageHeaders(again.headers)).toEqual(headers);
    expect(pageHeaders(other.headers)).toEqual(headers);
    expect(pageHeaders(head.headers)).toEqual(headers);
    expect(head.body.length).toBe(0);
    expect(again.body.equals(first.body)).toBe(true);
    expect(other.body.equals(first.body)).toBe(true);
    expect(pageHeaders(br.headers)).toEqual({
      ...headers,
      'content-encoding': 'br',
      'content-length': String(br.body.length),
      etag: `${headers.etag?.slice(0, -1)}-br"`,
    });
    expect(brotliDecompressSync(br.body).equals(first.body)).toBe(true);

    const html = first.body.toString('utf8');
    expect(html).toContain(`<h1>${heading}</h1>`);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('href="/parabrisas"');
    expect(html).toContain('href="/ir/whatsapp/');
    // Nothing of the path asked for is echoed: every such path gets these very bytes.
    expect(html).not.toContain(path.split('/').pop());
  });
});

it('HEAD first, then GET: the same answer', async () => {
  const head = await ask('/xmlrpc.php', 'HEAD', {});
  const get = await ask('/xmlrpc.php', 'GET', {});
  expect(head.status).toBe(404);
  expect(pageHeaders(head.headers)).toEqual(pageHeaders(get.headers));
  expect(get.body.toString('utf8')).toContain('<h1>Página no encontrada</h1>');
});

it('an unknown quote (number, key or code) or review link: one kept page, private, worded as any page not found', async () => {
  const paths = [
    `/opinion/${'x'.repeat(43)}`,
    '/presupuesto/P-2026-999999?c=abcdefghjkmn',
    '/presupuesto/P-2026-999998?c=abcdefghjkmn',
    `/presupuesto/P-2026-999999/${'k'.repeat(43)}`,
    '/presupuesto/no-es-un-numero?c=x',
  ];
  const answers = [];
  for (const path of paths) answers.push(await ask(path, 'GET', {}), await ask(path, 'GET', {}));
  const headers = pageHeaders(answers[0]!.headers);
  expect(headers['cache-control']).toBe('private, no-store');
  // A kept page: its ETag and length, the very same bytes for every unknown quote.
  expect(headers.etag).toMatch(/^"[\w-]{32}"$/);
  expect(headers['content-length']).toBe(String(answers[0]!.body.length));
  for (const answer of answers) {
    expect(answer.status).toBe(404);
    expect(pageHeaders(answer.headers)).toEqual(headers);
    expect(answer.body.equals(answers[0]!.body)).toBe(true);
  }
  const html = answers[0]!.body.toString('utf8');
  expect(html).toContain('<h1>Página no encontrada</h1>');
  expect(html).not.toContain('999999');
});
