/**
 * The network between the server and PostgreSQL fails (tests/helpers/tcp-proxy.ts): held
 * (a blackhole), slow (3 s a packet) or cut (RST). Pages answer 200 at once from memory; a
 * booking answers the 503 page within 5 s (the pool's time-outs), never a 500 and never after
 * a minute; once the network passes again, bookings work within 10 s.
 */
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../store/open.ts';
import { SITE_URL, testSite } from '../../helpers/app.ts';
import { freshSettings, POSTGRES, removeTempDirs } from '../../helpers/contact-engines.ts';
import { startTcpProxy } from '../../helpers/tcp-proxy.ts';

const cleanup: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
  removeTempDirs();
});

const FORM = '/turnos?que=parabrisas&marca=ford&modelo=fiesta&lugar=taller';
const who = { nombre: 'Ana Gómez', telefono: '0388 15 412-3456', patente: 'AB 123 CD', notas: '' };

describe('the network to PostgreSQL held, slow and cut', POSTGRES, () => {
  it(
    'pages at once, a booking 503 within 5 s, bookings again once it passes',
    { timeout: 120_000 },
    async () => {
      const settings = await freshSettings('postgres');
      const direct = new URL(settings.databaseUrl ?? '');
      const proxy = await startTcpProxy(Number(direct.port));
      cleanup.push(() => proxy.close());
      const proxied = new URL(direct);
      proxied.port = String(proxy.port);
      const database = await openDatabase({ ...settings, databaseUrl: proxied.toString() });
      const site = await testSite({
        database,
        bookingRateLimit: { max: 100_000, windowMs: 60_000 },
      });
      cleanup.push(() => site.stop());
      await site.start({ port: 0, host: '127.0.0.1' });
      const app = site.listener;

      let n = 0;
      const book = async () => {
        const form = await request(app).get(FORM).expect(200);
        const token = /name="token" value="([A-Za-z0-9_-]{43})"/.exec(form.text)?.[1] ?? '';
        const windows = [...form.text.matchAll(/value="(\d{4}-\d\d-\d\d\/(?:manana|tarde))"/g)];
        const turno = windows[n++ % Math.max(1, windows.length)]?.[1] ?? '';
        const started = Date.now();
        const res = await request(app)
          .post('/turnos')
          .type('form')
          .set('Origin', SITE_URL)
          .send({
            que: 'parabrisas',
            marca: 'ford',
            modelo: 'fiesta',
            lugar: 'taller',
            token,
            turno,
            ...who,
          });
        return { status: res.status, ms: Date.now() - started };
      };
      const pagesAnswer = async () => {
        for (const path of ['/', '/parabrisa/peugeot/208', '/testimonials', FORM]) {
          const started = Date.now();
          const res = await request(app).get(path);
          expect(res.status, path).toBe(200);
          expect(Date.now() - started, path).toBeLessThan(2_000);
        }
      };
      /** Books until one works; how long it took. */
      const recovers = async () => {
        const started = Date.now();
        while (Date.now() - started < 15_000) {
          const { status } = await book();
          expect(status).not.toBe(500);
          if (status === 303) return Date.now() - started;
          await new Promise((r) => setTimeout(r, 200));
        }
        return Infinity;
      };

      expect((await book()).status).toBe(303);

      for (const fault of ['blackhole', 'delay'] as const) {
        proxy.mode(fault, 3_000);
        await pagesAnswer();
        const refused = await book();
        expect(refused.status, fault).toBe(503);
        expect(refused.ms, fault).toBeLessThan(5_000);
        proxy.mode('pass');
        expect(await recovers(), fault).toBeLessThan(10_000);
      }

      expect(proxy.open()).toBeGreaterThan(0);
      proxy.reset();
      await pagesAnswer();
      expect(await recovers(), 'reset').toBeLessThan(10_000);
    },
  );
});
