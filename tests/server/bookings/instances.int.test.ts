/**
 * The race for the last place through the built server: 50 simultaneous POSTs for a window
 * with one place left get exactly one booking: on one instance with SQLite, and on two
 * instances (each its own DATA_DIR) sharing one PostgreSQL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { SITE_URL } from '../../helpers/app.ts';
import { startBuiltServer, type RunningServer } from '../../helpers/server.ts';
import { freshSettings, removeTempDirs, POSTGRES } from '../../helpers/contact-engines.ts';
import { openDatabase } from '../../../store/open.ts';
import { sleep, startSmtp, waitFor } from '../../helpers/contact.ts';
import { createBookingStore } from '../../../store/bookings.ts';
import type { StoreSettings } from '../../../store/settings.ts';
import { bookingRules, earliestDay } from '../../../client/booking/calendar.ts';
import { defaultFacts } from '../../../client/facts/defaults.ts';

const running: RunningServer[] = [];
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const s of running) await s.stop();
  for (const close of closers) await close();
  removeTempDirs();
});

/** The first bookable day by the real clock (the built server has no test clock). */
const day = earliestDay(new Date(), undefined, bookingRules(defaultFacts)).day;

function post(server: RunningServer, i: number) {
  return fetch(`${server.url}/turnos`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: SITE_URL,
      // One visitor each: the per-visitor rate limit is not what this test is about.
      'x-forwarded-for': `198.51.100.${i + 1}`,
    },
    body: new URLSearchParams({
      que: 'polarizado',
      lugar: 'taller',
      turno: `${day}/manana`,
      nombre: `Cliente ${i}`,
      telefono: '388 15 412-3456',
      token: randomBytes(32).toString('base64url'),
    }),
  });
}

/** One place left in the window: the owner's places for that day set to one. */
async function lastPlace(settings: StoreSettings) {
  const database = await openDatabase(settings);
  try {
    await createBookingStore(database).setDayPlaces(day, 'taller', 1);
  } finally {
    await database.close();
  }
}

async function bookedCount(settings: StoreSettings) {
  const database = await openDatabase(settings);
  try {
    return (await createBookingStore(database).listBetween(day, day)).length;
  } finally {
    await database.close();
  }
}

async function race(servers: readonly [RunningServer, ...RunningServer[]]) {
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) => post(servers[i % servers.length] ?? servers[0], i)),
  );
  return answers.map((r) => r.status).sort();
}

describe('50 simultaneous requests for the last place', () => {
  it('one instance on SQLite: exactly one booking', { timeout: 120_000 }, async () => {
    const settings = await freshSettings('sqlite');
    await lastPlace(settings);
    const server = await startBuiltServer({ DATA_DIR: settings.dataDir, SITE_URL });
    running.push(server);
    const statuses = await race([server]);
    expect(statuses.filter((s) => s === 303)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    await server.stop();
    running.splice(running.indexOf(server), 1);
    expect(await bookedCount(settings)).toBe(1);
  });

  it(
    'two instances on one PostgreSQL: exactly one booking, e-mailed to the owner exactly once',
    { timeout: 120_000, ...POSTGRES },
    async () => {
      const settings = await freshSettings('postgres');
      await lastPlace(settings);
      const smtp = await startSmtp();
      closers.push(() => smtp.close());
      const env = {
        DATABASE_URL: settings.databaseUrl,
        SITE_URL,
        SMTP_URL: smtp.url,
        CONTACT_TO: 'taller@parabrisasjujuy.com.ar',
      };
      // One after the other: two free-port look-ups at once may pick the same port.
      const servers = [await startBuiltServer(env), await startBuiltServer(env)] as const;
      running.push(...servers);
      const statuses = await race(servers);
      expect(statuses.filter((s) => s === 303)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);
      expect(await bookedCount(settings)).toBe(1);
      await waitFor(async () => smtp.received.length === 1, {
        timeoutMs: 30_000,
        what: 'the booking e-mailed',
      });
      await sleep(1_000);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.header('x-booking-id')).toMatch(/^[0-9a-f-]{36}$/);
    },
  );
});
