/**
 * Several instances of the built server on one PostgreSQL: every message e-mailed exactly
 * once through a real SMTP server, and one rate limit for all. Also: a database that cannot
 * be reached at start stops the server (exit 1) with the reason.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { projectRoot } from '../../../server/paths.ts';
import { SITE_URL } from '../../helpers/app.ts';
import { freePort, startBuiltServer, type RunningServer } from '../../helpers/server.ts';
import { openContactStore } from '../../../store/open.ts';
import { freshSettings, removeTempDirs, POSTGRES } from '../../helpers/contact-engines.ts';
import { startSmtp, waitFor, sleep } from '../../helpers/contact.ts';

const TO = 'taller@parabrisasjujuy.com.ar';
const running: RunningServer[] = [];
afterAll(async () => {
  for (const s of running) await s.stop();
  removeTempDirs();
});

function post(server: RunningServer, i: number, ip: string) {
  return fetch(`${server.url}/contact`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: SITE_URL,
      // The test talks to loopback, a trusted proxy by default: this is the visitor's address.
      'x-forwarded-for': ip,
    },
    body: new URLSearchParams({
      name: `Cliente ${i}`,
      email: `cliente${i}@gmail.com`,
      message: `Consulta número ${i}`,
      website: '',
    }),
  });
}

describe('two app instances on one PostgreSQL', POSTGRES, () => {
  it(
    'e-mail each of 50 messages exactly once, and share the rate limit',
    { timeout: 120_000 },
    async () => {
      const settings = await freshSettings('postgres');
      const smtp = await startSmtp({
        // A little slow, as a real server: both instances are busy at once.
        onMail: async () => {
          await sleep(15);
          return true;
        },
      });
      try {
        const env = {
          DATABASE_URL: settings.databaseUrl,
          SMTP_URL: smtp.url,
          CONTACT_TO: TO,
          SITE_URL,
        };
        const [a, b] = await Promise.all([startBuiltServer(env), startBuiltServer(env)]);
        running.push(a, b);
        const answers = await Promise.all(
          Array.from({ length: 50 }, (_, i) => post(i % 2 ? a : b, i, `198.51.100.${i + 1}`)),
        );
        expect(answers.map((r) => r.status)).toEqual(Array(50).fill(303));

        const store = await openContactStore(settings);
        try {
          await waitFor(async () => (await store.countByStatus()).sent === 50, {
            timeoutMs: 60_000,
            what: '50 messages recorded as sent',
          });
          await sleep(500);
          const ids = (await store.list()).map((r) => r.id).sort();
          const mailed = smtp.received.map((m) => m.header('x-contact-message-id') ?? '').sort();
          expect(mailed).toHaveLength(50);
          expect(mailed).toEqual(ids);
          expect(smtp.seen).toHaveLength(50);

          // One visitor, alternating between the instances: the sixth post in the window is refused.
          const statuses = [];
          for (let i = 0; i < 6; i++) {
            statuses.push((await post(i % 2 ? a : b, 100 + i, '203.0.113.50')).status);
          }
          expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
        } finally {
          await store.close();
        }
      } finally {
        await smtp.close();
      }
    },
  );
});

describe('a database that cannot be reached at start', () => {
  it('starts anyway: pages served, /healthz 503 "starting", the attempts logged', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [join(projectRoot, 'dist/server/index.js')], {
      cwd: projectRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        LOG_LEVEL: 'info',
        DATABASE_URL: 'postgres://web@127.0.0.1:1/contacto',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    try {
      let health: Response | undefined;
      for (let i = 0; i < 100 && !health; i++) {
        health = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
        if (!health) await new Promise((r) => setTimeout(r, 100));
      }
      expect(health?.status).toBe(503);
      expect(await health?.json()).toMatchObject({
        status: 'database-unavailable',
        database: { state: 'starting' },
      });
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
      // Log lines reach stdout in batches, within a second.
      await waitFor(() => stdout.includes('not reachable at start'), {
        what: 'the "not reachable at start" log line',
      });
      expect(stdout).toContain('ECONNREFUSED');
      expect(child.exitCode).toBe(null);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});
