/**
 * Through the listener production serves with: a junk path's 404, answered from the kept page,
 * writes no request line of its own but is counted in one line when the site stops (every
 * minute while it runs); a page, and a 404 that is not junk, keep their line each.
 */
import { expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createLogger } from '../../server/logger.ts';
import { testSite } from '../helpers/app.ts';
import { VISITOR_UA } from '../helpers/site.ts';
import { rawRequest } from '../helpers/server.ts';

it('junk paths are counted in one line, pages and other 404s logged one line each', async () => {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('info', {
    write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  const site = await testSite({ logger });
  const server = await site.start({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ask = (path: string, method: 'GET' | 'HEAD' = 'GET') =>
    rawRequest(`${origin}${path}`, { method, headers: { 'user-agent': VISITOR_UA } });
  const requestLines = () => lines.filter((line) => line.msg === 'request');
  try {
    // The first junk request renders the 404 page through the app, and is logged by it.
    expect((await ask('/wp-login.php')).status).toBe(404);
    expect(requestLines()).toHaveLength(1);
    const answers = [
      await ask('/wp-login.php'),
      await ask('/wp-login.php', 'HEAD'),
      await ask('/.env'),
      await ask('/.env', 'HEAD'),
      await ask('/wp-login.php?x=1'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
    }
    expect(requestLines()).toHaveLength(1);

    expect((await ask('/parabrisas/marca-zq9')).status).toBe(404);
    expect((await ask('/parabrisas/marca-zq9')).status).toBe(404);
    expect((await ask('/parabrisa/ford/fiesta')).status).toBe(200);
    expect((await ask('/parabrisa/ford/fiesta', 'HEAD')).status).toBe(200);
    expect(requestLines().map((line) => line.url)).toEqual([
      '/wp-login.php',
      '/parabrisas/marca-zq9',
      '/parabrisas/marca-zq9',
      '/parabrisa/ford/fiesta',
      '/parabrisa/ford/fiesta',
    ]);
    expect(lines.filter((line) => line.msg === 'junk paths answered 404')).toEqual([]);
  } finally {
    await site.stop();
  }
  expect(lines.filter((line) => line.msg === 'junk paths answered 404')).toEqual([
    expect.objectContaining({
      junk: {
        requests: 5,
        paths: 2,
        untold: 0,
        top: [
          { path: '/wp-login.php', requests: 3 },
          { path: '/.env', requests: 2 },
        ],
      },
    }),
  ]);
});
