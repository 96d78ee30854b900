/**
 * Public pages never read the database on the request path
 * (docs/decisions/2026-12-04-pages-never-read-the-database.md): with a real PostgreSQL stopped,
 * home, a product page never rendered before and /testimonials answer 200 with the reviews
 * last read; when it is back, a review published meanwhile elsewhere shows.
 */
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { panelPaths } from '../../../client/paths.ts';
import { openDatabase } from '../../../store/open.ts';
import { SITE_URL, testSite } from '../../helpers/app.ts';
import { ownPostgres as ownPostgresOf } from '../../helpers/own-postgres.ts';
import { POSTGRES } from '../../helpers/contact-engines.ts';
import { manageToken, reviewSite } from '../../helpers/reviews.ts';
import { defaultFacts } from '../../../client/facts/defaults.ts';
import { textOf } from '../../helpers/html.ts';

const cleanup: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

const ownPostgres = () => ownPostgresOf(cleanup);

describe('public pages with the database stopped', POSTGRES, () => {
  it(
    'home, a product page and /testimonials answer 200 with the last reviews; a publish made meanwhile shows once it is back',
    { timeout: 120_000 },
    async () => {
      const { server, url, dataDir } = await ownPostgres();
      const settings = { dataDir, databaseUrl: url };
      const one = await reviewSite({ database: await openDatabase(settings), reviewsPollMs: 200 });
      cleanup.push(() => one.site.stop());
      await one.publishedReview(1, { estrellas: '5', texto: 'Impecable', nombre: 'Ana G.' });
      // The instance under test: started after the publish, it read the reviews at start.
      const other = await testSite({ database: await openDatabase(settings), reviewsPollMs: 200 });
      cleanup.push(() => other.stop());
      await other.start({ port: 0, host: '127.0.0.1' });
      const get = (path: string) => request(other.listener).get(path);
      // Only home is rendered before the stop: the others must render without the database.
      expect(textOf((await get('/').expect(200)).text)).toContain('Ana G.');

      await server.control('stop');
      for (const path of ['/', '/parabrisa/peugeot/208', '/testimonials', '/turnos']) {
        const res = await get(path);
        expect(res.status, path).toBe(200);
        if (path !== '/turnos') expect(textOf(res.text), path).toContain('Ana G.');
      }
      expect((await get('/privacidad')).status).toBe(200);
      expect((await get('/parabrisa/marca-que-no-existe/fiesta')).status).toBe(404);
      // The forms with a one-time token, each kept around its slot, need no database either.
      const product = (await get('/parabrisa/peugeot/208')).text;
      const quoteForm = /href="(\/presupuesto\?[^"]+)"/
        .exec(product)?.[1]
        ?.replaceAll('&amp;', '&');
      for (const path of ['/contact', '/turnos?que=reparacion&lugar=taller', quoteForm ?? '']) {
        const res = await get(path);
        expect(res.status, path).toBe(200);
        expect(res.text, path).toMatch(/name="token" value="[\w-]{43}"/);
      }

      // A write that cannot be stored: the 503 page in Spanish, what happened and the way out.
      const started = Date.now();
      const cancel = await request(other.listener)
        .post(`/turnos/turno/${manageToken(1)}`)
        .type('form')
        .set('Origin', SITE_URL)
        .send({ accion: 'cancelar' });
      expect(cancel.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(cancel.headers['retry-after']).toBe('30');
      const said = textOf(cancel.text);
      expect(said).toContain('No pudimos guardar lo que enviaste');
      expect(said).toContain('la base de datos del sitio no responde');
      const { contact } = defaultFacts;
      expect(said).toContain(`WhatsApp al ${contact.whatsappDisplay}`);
      expect(said).toContain(`llamanos al ${contact.phoneDisplay}`);

      await server.control('start');
      // Published on the first instance once the database is back: the other shows it within 5 s.
      const booking = await one.doneBooking(2);
      await one
        .send(await one.askReview(booking), { estrellas: '4', texto: 'Bien', nombre: 'Beto B.' })
        .expect(303);
      const id = (await one.reviews.findByBooking(booking.id))?.id ?? '';
      await one.owner.post(panelPaths.reviews, { accion: 'publicar', id }).expect(303);
      const deadline = Date.now() + 5_000;
      let text = textOf((await get('/testimonials')).text);
      while (!text.includes('Beto B.') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        text = textOf((await get('/testimonials')).text);
      }
      expect(text).toContain('Beto B.');
      expect(text).toContain('Ana G.');
    },
  );
});
