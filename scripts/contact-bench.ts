/**
 * The contact store under a burst, for each engine (not a timed test; figures in
 * docs/decisions/2026-11-22-contact-store.md):
 *   1. 200 concurrent valid POST /contact to the built server: all must be stored; p50/p99.
 *   2. The same burst, and SIGKILL while it runs: every POST answered 303 must be in the
 *      database afterwards.
 * Every request comes from its own client address (X-Forwarded-For through the trusted
 * loopback), so the rate limit never refuses one but is still consulted, as in production.
 * PostgreSQL: a throw-away cluster with fsync on. Usage: npm run build && npm run bench:contact
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openContactStore } from '../store/open.ts';
import type { StoreSettings } from '../store/settings.ts';
import { projectRoot } from '../server/paths.ts';
import { startPostgres } from '../tests/helpers/postgres.ts';
import { freePort } from '../tests/helpers/server.ts';

const BURST = 200;
const SITE = 'https://parabrisas.test';

async function startServer(settings: StoreSettings): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(projectRoot, 'dist/server/index.js')], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      SITE_URL: SITE,
      LOG_LEVEL: 'error',
      DATA_DIR: settings.dataDir,
      DATABASE_URL: settings.databaseUrl ?? '',
      SMTP_URL: '',
      CONTACT_TO: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child };
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

function post(url: string, run: string, i: number) {
  const started = performance.now();
  return fetch(`${url}/contact`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: SITE,
      'x-forwarded-for': `10.${(i >> 8) & 255}.${i & 255}.7`,
    },
    body: new URLSearchParams({
      name: `Cliente ${i}`,
      email: `c${i}@gmail.com`,
      message: `${run} ${i}: necesito un parabrisas`,
      website: '',
    }),
  }).then(
    (res) => ({ i, status: res.status, ms: performance.now() - started }),
    () => ({ i, status: 0, ms: performance.now() - started }),
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function messagesOf(settings: StoreSettings, run: string): Promise<Set<string>> {
  const store = await openContactStore(settings);
  try {
    return new Set(
      (await store.list()).filter((r) => r.message.startsWith(`${run} `)).map((r) => r.message),
    );
  } finally {
    await store.close();
  }
}

async function bench(engine: string, settings: StoreSettings) {
  // 1. The burst.
  let server = await startServer(settings);
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: BURST }, (_, i) => post(server.url, 'burst', i)),
  );
  const wall = performance.now() - started;
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  const answered = results.filter((r) => r.status === 303).length;
  server.child.kill('SIGTERM');
  await once(server.child, 'exit');
  const stored = await messagesOf(settings, 'burst');
  console.log(
    `${engine}: ${BURST} concurrent POSTs: ${answered} answered 303, ${stored.size} stored; p50 ${percentile(ms, 50).toFixed(0)} ms, p99 ${percentile(ms, 99).toFixed(0)} ms, whole burst ${wall.toFixed(0)} ms`,
  );

  // 2. SIGKILL during the burst.
  server = await startServer(settings);
  const inFlight = Array.from({ length: BURST }, (_, i) => post(server.url, 'kill', i));
  let done = 0;
  const killed = new Promise<void>((resolve) => {
    for (const p of inFlight) {
      void p.then(() => {
        if (++done === BURST / 4) {
          server.child.kill('SIGKILL');
          resolve();
        }
      });
    }
  });
  const all = await Promise.all(inFlight);
  await killed;
  const ok = all.filter((r) => r.status === 303);
  const after = await messagesOf(settings, 'kill');
  const lost = ok.filter((r) => !after.has(`kill ${r.i}: necesito un parabrisas`));
  console.log(
    `${engine}: SIGKILL after ${BURST / 4} answers: ${ok.length} answered 303, ${all.length - ok.length} cut off, ${after.size} in the database after restart, ${lost.length} answered-but-lost`,
  );
  if (lost.length > 0 || stored.size !== BURST || answered !== BURST) process.exitCode = 1;
}

const dataDir = mkdtempSync(join(tmpdir(), 'contact-bench-'));
try {
  await bench('sqlite', { dataDir, databaseUrl: undefined });
  const pg = await startPostgres({ durable: true });
  if (!pg) {
    console.log('postgres: not installed, skipped');
  } else {
    try {
      await bench('postgres', {
        dataDir: mkdtempSync(join(tmpdir(), 'contact-bench-pg-')),
        databaseUrl: pg.url,
      });
    } finally {
      await pg.stop();
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
