/**
 * A DATA_DIR and a catalogue worth a backup, as a site that has run for a while leaves them:
 * messages, a booking, a person with a passkey, demand counts, a catalogue published twice
 * (so its history has versions) and a renewed Instagram token. They are written by a child
 * process that then ends, as a stopped server leaves them: libsql closes a connection only
 * once its statements are garbage-collected, so a database opened in the test's own process
 * would look in use to the restore. And a fingerprint of a folder, to show that a refused
 * restore changed nothing.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { DataPlaces } from '../../store/backup.ts';
import { createBookingStore } from '../../store/bookings.ts';
import { publishToFile } from '../../store/catalogue-files.ts';
import { createCountStore } from '../../store/counts.ts';
import { instagramTokenFile } from '../../store/data-dir.ts';
import { createContactStore } from '../../store/messages.ts';
import { openDatabase } from '../../store/open.ts';
import { createPanelStore } from '../../store/panel.ts';
import { catalogueFile as sampleCatalogue, projectRoot } from '../../server/paths.ts';
import { storedBooking } from './bookings.ts';

const AT = new Date('2026-11-25T13:00:00.000Z');

export function placesIn(root: string): DataPlaces {
  return { dataDir: join(root, 'data'), catalogueFile: join(root, 'catalogue', 'catalogue.json') };
}

let made: string | undefined;

/**
 * Fills `root`/data and `root`/catalogue; returns where they are. Made once per test file
 * by a child process, then copied.
 */
export function dataWorthKeeping(root: string): DataPlaces {
  if (!made) {
    const template = mkdtempSync(join(tmpdir(), 'backup-template-'));
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), template],
      { cwd: projectRoot, encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`could not make the data: ${run.stderr}`);
    made = template;
    process.once('exit', () => rmSync(template, { recursive: true, force: true }));
  }
  cpSync(made, root, { recursive: true });
  return placesIn(root);
}

async function fill(root: string): Promise<void> {
  const places = placesIn(root);
  const database = await openDatabase({ dataDir: places.dataDir, databaseUrl: undefined });
  try {
    const messages = createContactStore(database);
    for (const n of [1, 2, 3]) {
      await messages.insert({
        id: `m-${n}`,
        receivedAt: new Date(AT.getTime() + n * 60_000).toISOString(),
        name: `Persona ${n}`,
        email: `persona${n}@example.com`,
        message: `Consulta número ${n}: ¿tienen el parabrisas?`,
      });
    }
    await createBookingStore(database).book(storedBooking(1), 3, { text: 'Turno nuevo' });
    const panel = createPanelStore(database);
    const { person } = await panel.grantAccess('duenio@example.com', 'Dueño', AT);
    await panel.addPasskey({
      id: 'cred-1',
      personId: person.id,
      name: 'Mi teléfono',
      publicKey: 'pQECAyYgASFYIA',
      counter: 3,
      transports: ['internal'],
      createdAt: AT.toISOString(),
    });
    await createCountStore(database).add([
      { day: '2026-11-25', kind: 'view', key: 'ford/fiesta', count: 7 },
    ]);
    // A table no list names (a later feature's): the backup copies it all the same.
    await sql`create table later_feature (id integer primary key, note text)`.execute(database.db);
    await sql`insert into later_feature (note) values ('lo que agregue otra versión')`.execute(
      database.db,
    );
  } finally {
    await database.close();
  }
  mkdirSync(join(root, 'catalogue'), { recursive: true });
  copyFileSync(sampleCatalogue, places.catalogueFile);
  const sample = readFileSync(places.catalogueFile, 'utf8');
  for (const n of [1, 2]) {
    const body = sample.replace('"actualizado"', `"nota": ${n}, "actualizado"`);
    const previous = readFileSync(places.catalogueFile, 'utf8');
    await publishToFile(
      places.catalogueFile,
      body,
      {
        publishedAt: AT.toISOString(),
        publishedBy: 'duenio@example.com',
        source: 'panel',
        fileName: `precios-${n}.xlsx`,
        summary: `cambio ${n}`,
        restoredFrom: undefined,
      },
      { body: previous, publishedAt: AT.toISOString() },
    );
  }
  writeFileSync(
    instagramTokenFile(places.dataDir),
    '{"token":"IGQ-renovado","renewedAt":"2026-11-27"}',
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await fill(process.argv[2] ?? '');

/**
 * Every file under `dir` (recursively) with the hash of its bytes; {} when `dir` is missing.
 * SQLite's `-shm` (an index in shared memory that any reader rewrites) is not data: left out.
 */
export function fingerprint(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (folder: string) => {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (!name.endsWith('-shm'))
        out[relative(dir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(dir);
  return out;
}
