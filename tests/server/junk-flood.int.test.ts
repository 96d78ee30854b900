/**
 * A scanner's flood through the built server: 200,000 distinct junk paths in a row (a new
 * one every request, of the shapes scanners send) leave the server's resident memory within
 * 50 MB of where it started, every one answered with the one kept "Página no encontrada" page,
 * and the pages the site keeps are still kept afterwards. Memory, not time: speed is the
 * bench's (`npm run bench`, "404 a new junk path every request").
 */
import { afterAll, expect, it } from 'vitest';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { startBuiltServer, type RunningServer } from '../helpers/server.ts';

const FLOOD = 200_000;
const CONNECTIONS = 16;
const BOUND_MB = 50;

let server: RunningServer | undefined;
afterAll(() => server?.stop());

function residentMb(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

/** Scanner-shaped paths, a new one for every `i`. */
const junk = (i: number) =>
  [
    `/wp-admin/setup-${i}.php`,
    `/.env.${i}`,
    `/${'a'.repeat(200)}/${i}`,
    `/x${i.toString(36)}`,
    `/cgi-bin/${i}/run.sh?cmd=${i}`,
    `/backup-${i}.zip`,
  ][i % 6] ?? '/';

it.skipIf(process.platform !== 'linux')(
  '200,000 distinct junk paths: resident memory within 50 MB, kept pages still kept',
  { timeout: 300_000 },
  async () => {
    server = await startBuiltServer({ LOG_LEVEL: 'info' });
    const { url } = server;
    const pid = server.process.pid ?? 0;
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const statuses = new Map<number, number>();
    const get = (path: string) =>
      new Promise<{ status: number; etag: string | undefined; body: string }>((resolve, reject) => {
        http
          .get(`${url}${path}`, { agent }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                etag: typeof res.headers.etag === 'string' ? res.headers.etag : undefined,
                body: Buffer.concat(chunks).toString('utf8'),
              }),
            );
          })
          .on('error', reject);
      });
    const flood = async (from: number, count: number) => {
      let next = from;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (next < from + count) {
            const { status } = await get(junk(next++));
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }
        }),
      );
    };

    // Warm up: the pages kept, the code compiled.
    const home = await get('/');
    const product = await get('/parabrisa/ford/fiesta');
    const notFound = await get('/wp-login.php');
    expect(notFound.body).toContain('<h1>Página no encontrada</h1>');
    await flood(10_000_000, 5_000);
    const before = residentMb(pid);

    await flood(0, FLOOD);
    const after = residentMb(pid);
    expect(statuses.get(404)).toBe(FLOOD + 5_000);
    expect([...statuses.keys()]).toEqual([404]);
    expect(after - before, `resident ${before.toFixed(1)} -> ${after.toFixed(1)} MB`).toBeLessThan(
      BOUND_MB,
    );

    // The same pages, from the same kept entries (same bytes, same validators).
    const [homeAgain, productAgain, notFoundAgain] = await Promise.all([
      get('/'),
      get('/parabrisa/ford/fiesta'),
      get(junk(FLOOD + 1)),
    ]);
    expect(homeAgain.etag).toBe(home.etag);
    expect(productAgain.etag).toBe(product.etag);
    expect(notFoundAgain.body).toBe(notFound.body);
    agent.destroy();
  },
);
