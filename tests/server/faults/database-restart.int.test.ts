/**
 * The process never dies of the database, and writes fail clearly
 * (docs/decisions/2026-12-04-pages-never-read-the-database.md): a real PostgreSQL restarted
 * (`pg_ctl restart -m fast`), then stopped and started again, while a bounded loop asks for
 * pages and posts bookings. No page answers 5xx; a booking answers 303, 409 or the 503 page
 * within 5 s, never a 500; every booking that got a 303 is stored once; bookings work again
 * within 10 s of the database's return. An uncaught exception (a pooled connection's 'error'
 * unheard) fails the run.
 */
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../server/bookings/tokens.ts';
import { createBookingStore } from '../../../store/bookings.ts';
import { openDatabase } from '../../../store/open.ts';
import { SITE_URL, testSite } from '../../helpers/app.ts';
import { POSTGRES } from '../../helpers/contact-engines.ts';
import { textOf } from '../../helpers/html.ts';
import { ownPostgres } from '../../helpers/own-postgres.ts';

const cleanup: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

const PAGES = [
  '/',
  '/parabrisa/peugeot/208',
  '/parabrisa/ford/fiesta',
  '/testimonials',
  '/privacidad',
  '/turnos?que=parabrisas&marca=ford&modelo=fiesta&lugar=taller',
];
const FORM = '/turnos?que=parabrisas&marca=ford&modelo=fiesta&lugar=taller';
const who = { nombre: 'Ana Gómez', telefono: '0388 15 412-3456', patente: 'AB 123 CD', notas: '' };
/** The hourly ceiling is 60 bookings (the test's clock stands still): stay under it. */
const MAX_BOOKED = 45;

type Answer = { path: string; status: number; ms: number; at: number };

describe('PostgreSQL restarted and stopped under a loop of requests', POSTGRES, () => {
  it(
    'no page answers 5xx, no write a 500; every 303 is stored once; writes come back',
    { timeout: 180_000 },
    async () => {
      const { server, url, dataDir } = await ownPostgres(cleanup);
      const database = await openDatabase({ dataDir: dataDir, databaseUrl: url });
      const site = await testSite({
        database,
        bookingRateLimit: { max: 100_000, windowMs: 60_000 },
        reviewsPollMs: 200,
      });
      cleanup.push(() => site.stop());
      await site.start({ port: 0, host: '127.0.0.1' });
      const app = site.listener;

      const pages: Answer[] = [];
      const writes: Answer[] = [];
      const booked: string[] = [];
      /** The form each token was posted with, and what it answered last. */
      const posted = new Map<string, { form: Record<string, string>; status: number }>();
      let running = true;
      const timed = async (path: string, send: () => request.Test, into: Answer[]) => {
        const start = Date.now();
        const res = await send();
        into.push({ path, status: res.status, ms: Date.now() - start, at: start });
        return res;
      };

      const pageLoop = async (offset: number) => {
        for (let i = offset; running; i++) {
          const path = PAGES[i % PAGES.length] ?? '/';
          await timed(path, () => request(app).get(path), pages);
        }
      };
      const writeLoop = async () => {
        for (let i = 0; running; i++) {
          if (booked.length >= MAX_BOOKED) {
            await new Promise((r) => setTimeout(r, 100));
            continue;
          }
          const form = await timed(FORM, () => request(app).get(FORM), pages);
          const token = /name="token" value="([A-Za-z0-9_-]{43})"/.exec(form.text)?.[1];
          const windows = [...form.text.matchAll(/value="(\d{4}-\d\d-\d\d\/(?:manana|tarde))"/g)];
          const turno = windows[i % Math.max(1, windows.length)]?.[1];
          if (!token || !turno)
            throw new Error(`no booking form (${form.status}): ${textOf(form.text).slice(0, 300)}`);
          const sent = {
            que: 'parabrisas',
            marca: 'ford',
            modelo: 'fiesta',
            lugar: 'taller',
            token,
            turno,
            ...who,
          };
          const res = await timed(
            '/turnos (POST)',
            () => request(app).post('/turnos').type('form').set('Origin', SITE_URL).send(sent),
            writes,
          );
          posted.set(token, { form: sent, status: res.status });
          if (res.status === 303) booked.push(token);
          if (res.status === 503) {
            const text = textOf(res.text);
            // The booking form's own 503 (input kept) or the static page: both name the way out.
            expect(text).toMatch(/WhatsApp/);
          }
          await new Promise((r) => setTimeout(r, 50));
        }
      };
      const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

      const loops = Promise.all([pageLoop(0), pageLoop(3), writeLoop()]);
      await pause(1_000);
      await server.control('restart');
      await pause(1_500);
      const stoppedAt = Date.now();
      await server.control('stop');
      await pause(3_000);
      await server.control('start');
      const backAt = Date.now();
      // Until a booking works again (the bound is 10 s), and a little more.
      while (Date.now() - backAt < 12_000) {
        if (writes.some((w) => w.at >= backAt && w.status === 303)) break;
        await pause(100);
      }
      await pause(500);
      running = false;
      await loops;

      const badPages = pages.filter((p) => p.status >= 500);
      expect(badPages, JSON.stringify(badPages.slice(0, 5))).toEqual([]);
      expect(pages.length).toBeGreaterThan(50);
      const statuses = new Set(writes.map((w) => w.status));
      expect(
        [...statuses].every((s) => [303, 409, 503].includes(s)),
        [...statuses].join(),
      ).toBe(true);
      const failed = writes.filter((w) => w.status === 503);
      expect(failed.length).toBeGreaterThan(0);
      expect(Math.max(...failed.map((w) => w.ms))).toBeLessThan(5_000);
      // Stopped: the writes asked then were refused.
      expect(writes.some((w) => w.at > stoppedAt && w.at < backAt && w.status === 503)).toBe(true);
      const firstBack = writes.find((w) => w.at >= backAt && w.status === 303);
      expect(firstBack, 'a booking works again after the database is back').toBeDefined();
      expect((firstBack?.at ?? Infinity) - backAt).toBeLessThan(10_000);

      // Every 303 is in the database, once.
      const store = createBookingStore(database);
      for (const token of booked)
        expect(await store.findByManageHash(hashToken(token)), token).toBeDefined();
      const all = (
        await database.db.selectFrom('bookings').select('manage_token_hash').execute()
      ).map((row) => ({ manageTokenHash: row.manage_token_hash }));
      const byHash = new Map([...posted].map(([token, p]) => [hashToken(token), { token, ...p }]));
      // Nothing stored that no form sent, nothing stored twice (the token is unique).
      expect(all.every((b) => byHash.has(b.manageTokenHash))).toBe(true);
      expect(new Set(all.map((b) => b.manageTokenHash)).size).toBe(all.length);
      // A booking may be stored and yet answered 503: PostgreSQL committed it and the restart
      // cut the connection before the answer came back. The visitor's form kept its token, so
      // sending it again answers with that booking (303), never a second one.
      const storedWithout303 = all
        .map((b) => byHash.get(b.manageTokenHash))
        .filter((p) => p !== undefined && p.status !== 303);
      expect(all.length).toBe(new Set(booked).size + storedWithout303.length);
      for (const again of storedWithout303) {
        const res = await request(app)
          .post('/turnos')
          .type('form')
          .set('Origin', SITE_URL)
          .send(again?.form ?? {});
        expect(res.status, again?.token).toBe(303);
      }
      expect(await database.db.selectFrom('bookings').select('id').execute()).toHaveLength(
        all.length,
      );
    },
  );
});
