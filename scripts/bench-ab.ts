/**
 * `npm run bench:ab -- <before> <after> [path ...]`: one page of two built checkouts (each with
 * `npm run build` done), before and after a change, loaded in turns. `npm run bench`
 * compares each page with a bare server measured seconds later, so on a shared machine its
 * ratio moves by 5 to 10 % between runs; here both servers run at once and short loads
 * alternate (A B, then B A), so the machine's drift falls on both alike. Prints each
 * round's requests per second, the medians and after/before.
 *
 *   git worktree add /tmp/before <commit> && (cd /tmp/before && npm ci && npm run build)
 *   npm run build && npm run bench:ab -- /tmp/before . /parabrisa/peugeot/208-gt
 *
 * Environment: AB_ROUNDS (8), AB_SECONDS (3), BENCH_CONNECTIONS (50); the load asks for
 * `Accept-Encoding: br, gzip` unless AB_IDENTITY=1.
 */
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { startBuiltServer, type RunningServer } from '../tests/helpers/server.ts';

const [before, after, ...given] = process.argv.slice(2);
if (!before || !after) {
  console.error('usage: npm run bench:ab -- <before checkout> <after checkout> [path ...]');
  process.exit(2);
}
const paths = given.length > 0 ? given : ['/parabrisa/peugeot/208-gt'];
const rounds = Number(process.env.AB_ROUNDS ?? 8);
const seconds = Number(process.env.AB_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const headers: Record<string, string> =
  process.env.AB_IDENTITY === '1' ? {} : { 'accept-encoding': 'br, gzip' };
// The same page for both: no Instagram, no mail; one log line per request, as in production.
const env = { INSTAGRAM_ACCESS_TOKEN: '', SMTP_URL: '', LOG_LEVEL: 'info' };

function load(url: string): Promise<number> {
  return new Promise((done, fail) => {
    autocannon({ url, connections, duration: seconds, headers }, (error: unknown, result) => {
      if (error) fail(error instanceof Error ? error : new Error(String(error)));
      else if (result.non2xx > 0 || result.errors > 0) fail(new Error(`${url}: errors`));
      else done(result.requests.average);
    });
  });
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const servers: RunningServer[] = [];
try {
  for (const root of [before, after]) {
    servers.push(await startBuiltServer(env, { root: resolve(root) }));
  }
  const [a, b] = servers;
  if (!a || !b) throw new Error('both servers must start');
  for (const path of paths) {
    await load(`${a.url}${path}`);
    await load(`${b.url}${path}`);
    const results: Record<'before' | 'after', number[]> = { before: [], after: [] };
    for (let round = 0; round < rounds; round++) {
      const order =
        round % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
      for (const which of order) {
        results[which].push(await load(`${(which === 'before' ? a : b).url}${path}`));
      }
    }
    const ratio = median(results.after) / median(results.before);
    console.log(
      `${path} (${headers['accept-encoding'] ?? 'identity'}), ${rounds} rounds of ${seconds} s:`,
    );
    console.log(
      `  before ${results.before.map(Math.round).join(' ')}  median ${Math.round(median(results.before))} req/s`,
    );
    console.log(
      `  after  ${results.after.map(Math.round).join(' ')}  median ${Math.round(median(results.after))} req/s`,
    );
    console.log(`  after/before ${ratio.toFixed(3)}`);
  }
} finally {
  for (const server of servers) await server.stop();
}
