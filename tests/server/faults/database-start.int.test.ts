/**
 * A start with PostgreSQL down (docs/decisions/2026-12-04-pages-never-read-the-database.md):
 * the site starts anyway, says so in its log and in /healthz (503 with the reason), serves its
 * pages from the bundled catalogue and first facts, answers a write with the 503 page; once the
 * database is up it migrates, /healthz turns 200, writes work, and the facts published before
 * show within 5 s. SQLite: a file it cannot open stops the start naming the file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultDocument } from '../../../client/facts/defaults.ts';
import { openFactsStore } from '../../../server/facts/store.ts';
import { createLogger } from '../../../server/logger.ts';
import { createSite } from '../../../server/site.ts';
import { openDatabase } from '../../../store/open.ts';
import { sqliteFile } from '../../../store/settings.ts';
import { disabledGallery, SITE_URL, testConfig } from '../../helpers/app.ts';
import { tempDataDir } from '../../helpers/contact.ts';
import { POSTGRES } from '../../helpers/contact-engines.ts';
import { textOf } from '../../helpers/html.ts';
import { ownPostgres } from '../../helpers/own-postgres.ts';
import { TEST_NOW } from '../../helpers/sample.ts';

const cleanup: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

const PHONE = '(0388) 15 498-7654';

async function waitFor<T>(what: () => Promise<T>, ok: (value: T) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  let value = await what();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    value = await what();
  }
  return value;
}

describe('a start with PostgreSQL down', POSTGRES, () => {
  it(
    'serves pages, 503 on /healthz and on a write; catches up once the database is up',
    { timeout: 120_000 },
    async () => {
      const { server, url, dataDir } = await ownPostgres(cleanup);
      // The owner's phone, published while the database was up.
      const before = await openDatabase({ dataDir: dataDir, databaseUrl: url });
      const facts = await openFactsStore({
        database: before,
        logger: createLogger('silent'),
        now: () => TEST_NOW,
      });
      const published = await facts.publish({
        document: { ...defaultDocument, contact: { ...defaultDocument.contact, phone: PHONE } },
        expectedSeq: 0,
        by: 'Dueño',
        source: 'panel',
        summary: 'teléfono',
      });
      expect(published.ok).toBe(true);
      facts.close();
      await before.close();

      // Up at start (the usual case): the owner's facts are read before anything is served.
      const upFirst = await createSite(testConfig({ DATABASE_URL: url, DATA_DIR: dataDir }), {
        logger: createLogger('silent'),
        gallery: disabledGallery,
        now: () => TEST_NOW,
      });
      expect(upFirst.factsStore?.current().contact.phoneDisplay).toBe(PHONE);
      await upFirst.stop();

      await server.control('stop');

      const lines: Array<Record<string, unknown>> = [];
      const logger = createLogger('info', {
        write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
      });
      const startedAt = Date.now();
      const site = await createSite(
        testConfig({ DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'info' }),
        { logger, gallery: disabledGallery, now: () => TEST_NOW },
      );
      cleanup.push(() => site.stop());
      await site.start({ port: 0, host: '127.0.0.1' });
      expect(Date.now() - startedAt).toBeLessThan(5_000);
      const app = site.listener;

      const health = await request(app).get('/healthz');
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({
        status: 'database-unavailable',
        database: { state: 'starting' },
      });
      expect(lines.some((l) => String(l.msg).includes('not reachable at start'))).toBe(true);
      for (const path of ['/', '/parabrisa/peugeot/208', '/testimonials', '/privacidad']) {
        expect((await request(app).get(path)).status, path).toBe(200);
      }
      // The booking form with a choice, whose places were never read: the usual windows.
      const form = await request(app).get(
        '/turnos?que=parabrisas&marca=ford&modelo=fiesta&lugar=taller',
      );
      expect(form.status).toBe(200);
      expect(form.text).toMatch(/value="\d{4}-\d\d-\d\d\/(manana|tarde)"/);
      // The first facts until the database answers.
      expect(textOf((await request(app).get('/')).text)).not.toContain(PHONE);
      const contact = await request(app)
        .post('/contact')
        .type('form')
        .set('Origin', SITE_URL)
        .send({
          name: 'Ana Gómez',
          email: 'ana@gmail.com',
          message: 'Necesito un parabrisas para un Gol Trend 2015.',
          website: '',
        });
      expect(contact.status).toBe(503);
      // The text typed is kept in the form.
      expect(contact.text).toContain('Necesito un parabrisas para un Gol Trend 2015.');

      await server.control('start');
      const ready = await waitFor(
        () => request(app).get('/healthz'),
        (res) => res.status === 200,
        15_000,
      );
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ status: 'ok', database: { state: 'ok' } });
      const home = await waitFor(
        async () => textOf((await request(app).get('/')).text),
        (text) => text.includes(PHONE),
        5_000,
      );
      expect(home).toContain(PHONE);
      expect(lines.some((l) => String(l.msg).includes('reachable and migrated'))).toBe(true);
    },
  );
});

describe('SQLite', () => {
  it('a database file it cannot open stops the start naming the file', async () => {
    const temp = tempDataDir();
    cleanup.push(() => temp.remove());
    const file = sqliteFile(temp.dir);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(
      file,
      'this is not an SQLite database, it is a text file of some length '.repeat(50),
    );
    await expect(
      createSite(testConfig({ DATA_DIR: temp.dir }), {
        logger: createLogger('silent'),
        gallery: disabledGallery,
      }),
    ).rejects.toThrow(file);
  });
});
