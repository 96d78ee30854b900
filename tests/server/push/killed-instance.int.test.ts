/**
 * Two built servers (`npm run build` first) on one PostgreSQL, the local push service and one
 * subscribed device: a booking is posted to instance A and A is killed (SIGKILL). The device
 * gets the notice exactly once, from B: B claims the row at its next poll if A had not claimed
 * it, or once A's lease runs out (PUSH_LEASE_SECONDS=20, the shortest allowed). The push service
 * answers after 2 s and accepts a push only by answering it, so a push A had on the wire when
 * it died is not delivered (its connection is gone).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { SITE_URL } from '../../helpers/app.ts';
import { startBuiltServer, type RunningServer } from '../../helpers/server.ts';
import { freshSettings, removeTempDirs, POSTGRES } from '../../helpers/contact-engines.ts';
import { startTestPushService, type TestPushService } from '../../helpers/push-service.ts';
import { openDatabase } from '../../../store/open.ts';
import { createPanelStore } from '../../../store/panel.ts';
import { createPushStore } from '../../../store/push.ts';
import { bookingRules, earliestDay } from '../../../client/booking/calendar.ts';
import { defaultFacts } from '../../../client/facts/defaults.ts';
import { projectRoot } from '../../../server/paths.ts';

const running: RunningServer[] = [];
const services: TestPushService[] = [];
afterAll(async () => {
  for (const s of running) await s.stop();
  for (const s of services) await s.close();
  removeTempDirs();
});

/** The first bookable day by the real clock (the built server has no test clock). */
const day = earliestDay(new Date(), undefined, bookingRules(defaultFacts)).day;

/**
 * `killWhen`: 'answered' kills A as the booking's 303 arrives; 'sending' kills it the moment its
 * push reaches the push service (A's claim then holds the row until the lease runs out).
 */
async function bookAndKill(killWhen: 'answered' | 'sending') {
  const settings = await freshSettings('postgres');
  const push = await startTestPushService();
  services.push(push);
  // Instance A, once started (the push service's answer may kill it).
  const instance: { a?: RunningServer } = {};
  push.behave(() => {
    if (killWhen === 'sending' && push.requests.length === 0) instance.a?.process.kill('SIGKILL');
    return { status: 201, delayMs: 2_000 };
  });

  const database = await openDatabase(settings);
  try {
    const { person } = await createPanelStore(database).grantAccess(
      'duenio@example.com',
      'Dueño',
      new Date(),
    );
    const { subscription } = push.device('phone');
    await createPushStore(database).saveDevice(
      {
        personId: person.id,
        name: 'Teléfono',
        endpoint: subscription.endpoint,
        ...subscription.keys,
        kinds: new Set(['turnos']),
        agendaHour: '19:00',
      },
      new Date(),
    );
  } finally {
    await database.close();
  }

  const env = {
    DATABASE_URL: settings.databaseUrl,
    SITE_URL,
    PUSH_SERVICE_ORIGINS: push.origin,
    PUSH_LEASE_SECONDS: '20',
    // The push service's self-signed certificate, trusted through Node's own TLS.
    NODE_EXTRA_CA_CERTS: join(projectRoot, 'tests', 'fixtures', 'push', 'cert.pem'),
  };
  const a = await startBuiltServer(env);
  instance.a = a;
  running.push(a);
  running.push(await startBuiltServer(env));

  const answer = await fetch(`${a.url}/turnos`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE_URL },
    body: new URLSearchParams({
      que: 'polarizado',
      lugar: 'taller',
      turno: `${day}/manana`,
      nombre: 'Ana Gómez',
      telefono: '388 15 412-3456',
      token: randomBytes(32).toString('base64url'),
    }),
  });
  if (killWhen === 'answered') a.process.kill('SIGKILL');
  expect(answer.status).toBe(303);
  // 'sending': the push service kills A when A's push arrives.
  if (a.process.exitCode === null && a.process.signalCode === null) await once(a.process, 'exit');
  const killedAt = Date.now();

  const [delivered] = await push.waitFor(1, 60_000);
  expect(delivered?.payload.title).toBe('Turno nuevo');
  // Long enough for a second copy to show up, were there one.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(push.invalid).toEqual([]);
  expect(push.received).toHaveLength(1);

  // Only B can have recorded it: A was dead before the push was accepted.
  const check = await openDatabase(settings);
  try {
    const rows = await check.db
      .selectFrom('push_deliveries')
      .select(['status', 'sent_at', 'attempts'])
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('sent');
    expect(new Date(rows[0]?.sent_at ?? 0).getTime()).toBeGreaterThan(killedAt);
    return {
      answered: push.requests.map((r) => r.answered),
      attempts: Number(rows[0]?.attempts),
      ms: Date.now() - killedAt,
    };
  } finally {
    await check.close();
  }
}

describe(
  'push from two built servers on PostgreSQL, one killed right after a booking',
  POSTGRES,
  () => {
    it(
      'killed as it answers the booking: the notice arrives exactly once, from the survivor',
      { timeout: 120_000 },
      async () => {
        const { answered, attempts, ms } = await bookAndKill('answered');
        // A had not sent it: B alone, at its next poll or after A's lease (then 2 attempts).
        // Or A was cut off on the wire, then B after the lease.
        expect([[201], ['sender gone', 201]]).toContainEqual(answered);
        expect(attempts).toBeGreaterThanOrEqual(answered.length);
        console.info(`killed on the 303: ${answered.join(', ')}, ${attempts} claims, ${ms} ms`);
      },
    );

    it(
      'killed while its push is on the wire: the survivor sends it once, after the lease',
      { timeout: 120_000 },
      async () => {
        const { answered, attempts, ms } = await bookAndKill('sending');
        expect(answered).toEqual(['sender gone', 201]);
        expect(attempts).toBe(2);
        console.info(`killed mid-send: ${answered.join(', ')}, ${ms} ms (PUSH_LEASE_SECONDS=20)`);
      },
    );
  },
);
