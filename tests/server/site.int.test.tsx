import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { Suspense } from 'react';
import { Await, useLoaderData } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoutes, pageRoutes } from '../../client/routes.tsx';
import { HTTP_LIMITS } from '../../server/http-limits.ts';
import { DRAIN_MS, type Site } from '../../server/site.ts';
import { testSite } from '../helpers/app.ts';
import { VISITOR_UA } from '../helpers/site.ts';

let site: Site;
let server: Server;
let port: number;

beforeAll(async () => {
  site = await testSite();
  server = await site.start({ port: 0, host: '127.0.0.1' });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => site.stop());

describe('the started server’s own limits', () => {
  it('disconnects a client that sends its headers a byte a second, and keeps serving everyone else', async () => {
    expect({
      headers: server.headersTimeout,
      request: server.requestTimeout,
      keepAlive: server.keepAliveTimeout,
      max: server.maxConnections,
    }).toEqual({
      headers: HTTP_LIMITS.headersTimeoutMs,
      request: HTTP_LIMITS.requestTimeoutMs,
      keepAlive: HTTP_LIMITS.keepAliveTimeoutMs,
      max: HTTP_LIMITS.maxConnections,
    });

    const slow = connect(port, '127.0.0.1');
    await once(slow, 'connect');
    const started = Date.now();
    let answer = '';
    slow.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    slow.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const drip = setInterval(() => {
      if (!slow.destroyed && slow.writable) slow.write('a');
    }, 1_000);
    const closed = once(slow, 'close').then(() => Date.now() - started);

    // Meanwhile a visitor every half second is served as usual.
    const served: number[] = [];
    const visitors = setInterval(() => {
      void fetch(`http://127.0.0.1:${port}/healthz`).then((res) => served.push(res.status));
    }, 500);
    try {
      const after = await closed;
      // Node checks every `checkEveryMs`: cut at the limit, give or take that interval.
      expect(after).toBeGreaterThanOrEqual(HTTP_LIMITS.headersTimeoutMs - 100);
      expect(after).toBeLessThan(HTTP_LIMITS.headersTimeoutMs + HTTP_LIMITS.checkEveryMs + 1_500);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(drip);
      clearInterval(visitors);
      slow.destroy();
    }
    expect(served.length).toBeGreaterThanOrEqual(15);
    expect(served.every((status) => status === 200)).toBe(true);
  }, 30_000);
});

/** A page whose end waits for `release`: its response is still open when shutdown begins. */
let release: (value: string) => void = () => {};
const late = new Promise<string>((resolve) => (release = resolve));
function LatePage() {
  const data = useLoaderData<{ late: Promise<string> }>();
  return (
    <Suspense fallback={<p>cargando…</p>}>
      <Await resolve={data.late}>{(value: string) => <p>{value}</p>}</Await>
    </Suspense>
  );
}

describe('shutdown', () => {
  it('lets a response in flight finish, then closes its keep-alive connection at once', async () => {
    const own = await testSite({
      routes: createRoutes([
        { id: 'late', path: 'late', loader: () => ({ late }), element: <LatePage /> },
        ...pageRoutes,
      ]),
    });
    const running = await own.start({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(running.address() as AddressInfo).port}/late`;
    const res = await fetch(url, { headers: { 'user-agent': VISITOR_UA } });
    expect(res.status).toBe(200);
    const began = Date.now();
    const stopping = own.stop();
    release('llegó');
    // The page ends after shutdown began; its connection then idles. Unswept it would stay
    // open for the keep-alive timeout (65 s), until the drain deadline cut it.
    expect(await res.text()).toContain('llegó');
    await stopping;
    expect(Date.now() - began, 'closed as idle, not cut at the deadline').toBeLessThan(DRAIN_MS);
  }, 20_000);
});
