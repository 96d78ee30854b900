/**
 * The booking form's places, kept in memory and in kept pages (server/bookings/places-view.ts),
 * on two built instances sharing one PostgreSQL: a booking made on one shows at once there and
 * within 5 s on the other; a POST on the other for the window just filled is refused (409) and
 * its page shows the window as full, whatever that instance had in memory.
 */
import { afterAll, expect, it } from 'vitest';
import { SITE_URL } from '../../helpers/app.ts';
import { startBuiltServer, type RunningServer } from '../../helpers/server.ts';
import { freshSettings, POSTGRES, removeTempDirs } from '../../helpers/contact-engines.ts';
import { openDatabase } from '../../../store/open.ts';
import { createBookingStore } from '../../../store/bookings.ts';
import {
  bookingRules,
  earliestDay,
  windowsOf,
  workingDaysBetween,
} from '../../../client/booking/calendar.ts';
import { defaultFacts } from '../../../client/facts/defaults.ts';
import { addDays } from '../../../catalogue/validity.ts';

const running: RunningServer[] = [];
afterAll(async () => {
  for (const server of running) await server.stop();
  removeTempDirs();
});

/** The first two windows a visitor can book by the real clock (the built server has no test clock). */
const rules = bookingRules(defaultFacts);
const first = earliestDay(new Date(), undefined, rules).day;
const [one, two] = workingDaysBetween(first, addDays(first, 10), rules).flatMap((day) =>
  windowsOf(day, rules).map((window) => `${day}/${window.id}`),
);
const FORM = '/turnos?que=polarizado&lugar=taller';

const page = async (server: RunningServer) => (await fetch(`${server.url}${FORM}`)).text();
const tokenOf = (html: string) => /name="token" value="([\w-]{43})"/.exec(html)?.[1] ?? '';
/** The window's radio button is there and disabled: no place left. */
const full = (html: string, window: string) =>
  new RegExp(`value="${window}" disabled=""|disabled="" [^>]*value="${window}"`).test(html);
const free = (html: string, window: string) =>
  html.includes(`value="${window}"`) && !full(html, window);

function book(server: RunningServer, token: string, window: string) {
  return fetch(`${server.url}/turnos`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE_URL },
    body: new URLSearchParams({
      que: 'polarizado',
      lugar: 'taller',
      turno: window,
      nombre: 'Cliente',
      telefono: '388 15 412-3456',
      token,
    }),
  });
}

it(
  'two instances on one PostgreSQL: a booking shows at once where it was made, within 5 s on the other',
  { timeout: 120_000, ...POSTGRES },
  async () => {
    if (!one || !two) throw new Error('no two bookable windows in the next ten days');
    const settings = await freshSettings('postgres');
    const database = await openDatabase(settings);
    try {
      const store = createBookingStore(database);
      for (const window of [one, two])
        await store.setDayPlaces(window.split('/')[0] ?? '', 'taller', 1);
    } finally {
      await database.close();
    }
    const env = { DATABASE_URL: settings.databaseUrl, SITE_URL };
    const a = await startBuiltServer(env);
    running.push(a);
    const b = await startBuiltServer(env);
    running.push(b);

    // Both keep the form with the window free (asked twice: the second is the kept page).
    for (const server of [a, b]) {
      await page(server);
      expect(free(await page(server), one)).toBe(true);
    }
    expect((await book(a, tokenOf(await page(a)), one)).status).toBe(303);
    const booked = Date.now();
    expect(full(await page(a), one)).toBe(true);
    let seen = false;
    while (!seen && Date.now() - booked < 10_000) {
      seen = full(await page(b), one);
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const elapsed = Date.now() - booked;
    expect(seen).toBe(true);
    expect(elapsed).toBeLessThan(5_000);

    // The other instance at once after a booking here: the database refuses, the page shows it.
    const bToken = tokenOf(await page(b));
    expect((await book(a, tokenOf(await page(a)), two)).status).toBe(303);
    const refused = await book(b, bToken, two);
    expect(refused.status).toBe(409);
    const html = await refused.text();
    expect(html).toContain('Ese horario se acaba de ocupar');
    expect(full(html, two)).toBe(true);
    expect(full(await page(b), two)).toBe(true);
  },
);
