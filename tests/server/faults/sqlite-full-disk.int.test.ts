// @module-tag tmpfs
/**
 * A full disk under SQLite (docs/decisions/2026-12-04-pages-never-read-the-database.md): the
 * site's DATA_DIR on a real 3 MB tmpfs, filled to the last byte while the site serves. Writes
 * answer the 503 pages, pages keep serving, `PRAGMA integrity_check` stays ok, /healthz and the
 * panel say the disk is full, the backup refuses before writing a byte and the panel's line
 * says why; once the space is freed, a booking works again without a restart.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { backupLine } from '../../../client/panel/BackupLine.tsx';
import { panelPaths } from '../../../client/paths.ts';
import { defaultFacts } from '../../../client/facts/defaults.ts';
import { createBackupSchedule } from '../../../server/backups.ts';
import { createLogger } from '../../../server/logger.ts';
import { createBookingStore } from '../../../store/bookings.ts';
import { openDatabase } from '../../../store/open.ts';
import { sqliteFile } from '../../../store/settings.ts';
import { SITE_URL } from '../../helpers/app.ts';
import { textOf } from '../../helpers/html.ts';
import { panelSite } from '../../helpers/panel.ts';
import { TEST_NOW } from '../../helpers/sample.ts';
import { mountTmpfs, type Tmpfs } from '../../helpers/tmpfs.ts';

const cleanup: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

const FORM = '/turnos?que=parabrisas&marca=ford&modelo=fiesta&lugar=taller';
const who = { nombre: 'Ana Gómez', telefono: '0388 15 412-3456', patente: 'AB 123 CD', notas: '' };

describe('SQLite on a disk that fills', () => {
  it(
    'writes answer 503, pages serve, the database stays intact, the panel and /healthz say it, the backup refuses; freed, writes work again',
    { timeout: 120_000 },
    async () => {
      const disk: Tmpfs = mountTmpfs(3 * 1024 * 1024);
      cleanup.push(() => disk.unmount());
      const backupDir = join(disk.dir, 'copias');
      const database = await openDatabase({ dataDir: disk.dir, databaseUrl: undefined });
      const { site, signIn } = await panelSite({
        database,
        env: { DATA_DIR: disk.dir, BACKUP_DIR: backupDir },
      });
      cleanup.push(() => site.stop());
      await site.start({ port: 0, host: '127.0.0.1' });
      const app = site.listener;
      const owner = await signIn();

      const book = async () => {
        const form = await request(app).get(FORM).expect(200);
        const token = /name="token" value="([A-Za-z0-9_-]{43})"/.exec(form.text)?.[1];
        const turno = /value="(\d{4}-\d\d-\d\d\/(?:manana|tarde))"/.exec(form.text)?.[1];
        if (!token || !turno) throw new Error('no booking form');
        return request(app)
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
      };
      const first = await book();
      expect(first.status).toBe(303);
      const manage = String(first.headers.location);
      const healthz = async () =>
        (await request(app).get('/healthz')).body as { database: { state: string } };
      expect((await healthz()).database.state).toBe('ok');

      // The write-ahead log emptied first, so that no write finds room left in it: every write
      // then needs a byte of the full disk.
      await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
      disk.fill();
      expect(disk.freeBytes()).toBe(0);

      // Writes: the booking form's own 503 with the input kept, any other write the static page.
      const refused = await book();
      expect(refused.status).toBe(503);
      const refusedText = textOf(refused.text);
      expect(refusedText).toContain('No pudimos guardar tu turno');
      expect(refusedText).toContain(defaultFacts.contact.phoneDisplay);
      expect(refused.text).toContain('value="AB 123 CD"');
      const cancel = await request(app)
        .post(manage)
        .type('form')
        .set('Origin', SITE_URL)
        .send({ accion: 'cancelar' });
      expect(cancel.status).toBe(503);
      expect(cancel.headers['retry-after']).toBe('30');
      expect(textOf(cancel.text)).toContain('el disco del servidor está lleno');

      // Pages serve from memory.
      for (const path of ['/', '/parabrisa/peugeot/208', '/testimonials', '/privacidad'])
        expect((await request(app).get(path)).status, path).toBe(200);

      // The database is intact, read through the site's own connection.
      const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(
        database.db,
      );
      expect(check.rows).toEqual([{ integrity_check: 'ok' }]);

      // /healthz (polled every 2 s) and the panel say the disk is full.
      const deadline = Date.now() + 10_000;
      let state = (await healthz()).database.state;
      while (state !== 'full' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        state = (await healthz()).database.state;
      }
      expect(state).toBe('full');
      const panel = await owner.get(panelPaths.messages);
      expect(panel.status).toBe(200);
      expect(textOf(panel.text)).toContain('El disco del servidor está lleno');

      // The backup (the server's own, `npm run backup` in a child) refuses before writing.
      const schedule = createBackupSchedule({
        dir: backupDir,
        keep: 14,
        places: { dataDir: disk.dir, catalogueFile: join(disk.dir, 'no-catalogue.json') },
        engine: 'sqlite',
        now: () => TEST_NOW,
        logger: createLogger('silent'),
      });
      await schedule.runDue();
      const status = schedule.status();
      expect(status.state === 'on' ? status.failure?.message : undefined).toMatch(
        /No hay lugar para la copia en .*copias: hacen falta unos .* MB y quedan 0 MB libres/,
      );
      expect(readdirSync(backupDir)).toEqual([]);
      const line = backupLine(status, TEST_NOW);
      expect(line.problem).toBe(true);
      expect(line.text).toContain('No hay lugar para la copia');

      // Freed: writes work again without a restart, and /healthz says ok.
      disk.free();
      const again = await book();
      expect(again.status).toBe(303);
      const back = Date.now() + 10_000;
      while ((await healthz()).database.state !== 'ok' && Date.now() < back)
        await new Promise((r) => setTimeout(r, 200));
      expect((await healthz()).database.state).toBe('ok');
      expect(textOf((await owner.get(panelPaths.messages)).text)).not.toContain(
        'El disco del servidor está lleno',
      );
      const bookings = await createBookingStore(database).listBetween('2026-01-01', '2027-12-31');
      expect(bookings).toHaveLength(2);

      await site.stop();
      // And intact on disk, read by a connection of its own.
      const file = new Database(sqliteFile(disk.dir), { readonly: true });
      try {
        expect(file.prepare('pragma integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
      } finally {
        file.close();
      }
    },
  );
});
