/**
 * Backups on SQLite (store/backup.ts, store/restore.ts): every table and the catalogue's files
 * come back byte for byte; a backup that is cut short, damaged, not ours or from a newer
 * version is refused, as is a folder in use or already holding data, and a refusal changes
 * nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  BackupError,
  backupFileName,
  inspectBackup,
  listBackups,
  pruneBackups,
  writeBackup,
  type DataPlaces,
} from '../../store/backup.ts';
import { historyFolder } from '../../store/catalogue-files.ts';
import { openDatabase } from '../../store/open.ts';
import { databaseInUse, restoreBackup } from '../../store/restore.ts';
import { sqliteFile } from '../../store/settings.ts';
import { projectRoot } from '../../server/paths.ts';
import { dataWorthKeeping, fingerprint } from '../helpers/backup.ts';

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  }
});

function tempRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'backup-test-'));
  roots.push(root);
  return root;
}

const NOW = new Date('2026-11-28T06:00:00.000Z');

/** A site's data and a backup of it. */
async function backedUp(): Promise<{ places: DataPlaces; backup: string; root: string }> {
  const root = tempRoot();
  const places = dataWorthKeeping(root);
  const backup = join(root, 'backups', backupFileName(NOW));
  writeBackup(places, backup, NOW);
  return { places, backup, root };
}

/** Every row of every table of the SQLite database in `dataDir`, by table. */
function dump(dataDir: string): Record<string, unknown[]> {
  const db = new Database(sqliteFile(dataDir));
  try {
    const names = db
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
      )
      .all()
      .map((row) => String(Object(row).name));
    return Object.fromEntries(
      names.map((name) => [name, db.prepare(`select * from "${name}" order by rowid`).all()]),
    );
  } finally {
    db.close();
  }
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof BackupError) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** An empty place to restore into. */
function emptyPlaces(): DataPlaces {
  const root = tempRoot();
  return { dataDir: join(root, 'data'), catalogueFile: join(root, 'catalogue', 'catalogue.json') };
}

describe('a backup and its restore', () => {
  it('bring back every table, the catalogue with its history and the token, byte for byte', async () => {
    const { places, backup } = await backedUp();
    const contents = inspectBackup(backup);
    expect(contents.takenAt).toBe(NOW.toISOString());
    expect(contents.tables).toContainEqual({ name: 'contact_messages', rows: 4 }); // 3 + the booking's e-mail
    expect(contents.tables).toContainEqual({ name: 'panel_passkeys', rows: 1 });
    expect(contents.tables).toContainEqual({ name: 'later_feature', rows: 1 });
    expect(contents.files.map((f) => `${f.place}/${f.name}`)).toEqual([
      'catalogue/catalogue.json',
      'catalogue-history/1.json',
      'catalogue-history/2.json',
      'catalogue-history/3.json',
      'catalogue-history/historial.jsonl',
      'data/instagram-token.json',
    ]);

    const target = emptyPlaces();
    restoreBackup(backup, target);
    expect(dump(target.dataDir)).toEqual(dump(places.dataDir));
    expect(readFileSync(target.catalogueFile)).toEqual(readFileSync(places.catalogueFile));
    expect(fingerprint(historyFolder(target.catalogueFile))).toEqual(
      fingerprint(historyFolder(places.catalogueFile)),
    );
    expect(readFileSync(join(target.dataDir, 'instagram-token.json'), 'utf8')).toContain(
      'IGQ-renovado',
    );
    // The server opens it as it opens its own (migrations, WAL) and the backup's own tables are gone.
    const reopened = await openDatabase({ dataDir: target.dataDir, databaseUrl: undefined });
    await reopened.close();
    expect(Object.keys(dump(target.dataDir)).filter((t) => t.startsWith('backup_'))).toEqual([]);
  });

  it('refuses a target that exists, and leaves no half-written file when the copy fails', async () => {
    const { places, backup, root } = await backedUp();
    expect(refusal(() => writeBackup(places, backup, NOW))).toMatch(/ya existe/);
    const nowhere = { ...places, dataDir: join(root, 'no-such-folder') };
    expect(refusal(() => writeBackup(nowhere, join(root, 'b.sqlite'), NOW))).toMatch(
      /No hay base de datos que copiar/,
    );
    expect(readdirSync(join(root, 'backups'))).toEqual([backupFileName(NOW)]);
  });
});

describe('a restore refuses, and changes nothing', () => {
  /** A folder with data already in it, restored over with --force unless refused first. */
  async function occupiedTarget(): Promise<{ places: DataPlaces; before: Record<string, string> }> {
    const root = tempRoot();
    const places = dataWorthKeeping(root);
    return { places, before: fingerprint(root) };
  }
  const rootOf = (places: DataPlaces) => join(places.dataDir, '..');

  it('a backup cut short', async () => {
    const { backup, root } = await backedUp();
    const bytes = readFileSync(backup);
    const cut = join(root, 'cut.sqlite');
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const { places, before } = await occupiedTarget();
    expect(refusal(() => restoreBackup(cut, places, { force: true }))).toMatch(
      /está incompleto: tiene \d+ bytes de \d+/,
    );
    expect(fingerprint(rootOf(places))).toEqual(before);
  });

  it('a backup damaged in the middle', async () => {
    const { backup, root } = await backedUp();
    const bytes = Buffer.from(readFileSync(backup));
    // Garbage over the second page onwards, the length unchanged.
    bytes.fill(0x5a, 4096, 4096 * 3);
    const damaged = join(root, 'damaged.sqlite');
    writeFileSync(damaged, bytes);
    const { places, before } = await occupiedTarget();
    expect(refusal(() => restoreBackup(damaged, places, { force: true }))).toMatch(/está dañado/);
    expect(fingerprint(rootOf(places))).toEqual(before);
  });

  it('a file that is not a backup: any file, or the live database itself', async () => {
    const { places: source } = await backedUp();
    const { places, before } = await occupiedTarget();
    expect(
      refusal(() => restoreBackup(join(projectRoot, 'package.json'), places, { force: true })),
    ).toMatch(/no es una copia de seguridad de la web: no es un archivo de base de datos SQLite/);
    expect(
      refusal(() => restoreBackup(sqliteFile(source.dataDir), places, { force: true })),
    ).toMatch(
      /no es una copia de seguridad de la web: es una base de datos SQLite, pero no la hizo npm run backup/,
    );
    expect(refusal(() => restoreBackup(join(rootOf(places), 'nada.sqlite'), places))).toMatch(
      /No encuentro/,
    );
    expect(fingerprint(rootOf(places))).toEqual(before);
  });

  it('a backup from a newer version of the site', async () => {
    const { backup } = await backedUp();
    const newer = new Database(backup);
    newer
      .prepare(
        "insert into kysely_migration (name, timestamp) values ('2099-01-01-00-future', '2099-01-01')",
      )
      .run();
    newer.close();
    const { places, before } = await occupiedTarget();
    expect(refusal(() => restoreBackup(backup, places, { force: true }))).toMatch(
      /es de una versión más nueva de la web \(tiene el cambio 2099-01-01-00-future/,
    );
    expect(fingerprint(rootOf(places))).toEqual(before);
  });

  it('a folder that already holds data, without --force', async () => {
    const { backup } = await backedUp();
    const { places, before } = await occupiedTarget();
    expect(refusal(() => restoreBackup(backup, places))).toMatch(/no está vacía .*agregá --force/);
    expect(fingerprint(rootOf(places))).toEqual(before);
  });

  it('a folder whose database another process has open (a running server)', async () => {
    const { backup } = await backedUp();
    const { places } = await occupiedTarget();
    const holder = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import Database from 'libsql'; const db = new Database(process.argv[1]); db.prepare('select count(*) from contact_messages').get(); console.log('open'); setInterval(() => {}, 1000);`,
        sqliteFile(places.dataDir),
      ],
      { cwd: projectRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(holder);
    await once(holder.stdout!, 'data');
    const before = fingerprint(rootOf(places));
    expect(databaseInUse(places.dataDir)).toBe(true);
    expect(refusal(() => restoreBackup(backup, places, { force: true }))).toMatch(
      /Hay un servidor \(u otro programa\) usando la base de datos/,
    );
    expect(fingerprint(rootOf(places))).toEqual(before);
    holder.kill('SIGKILL');
    await once(holder, 'exit');
    expect(databaseInUse(places.dataDir)).toBe(false);
    // Stopped: --force replaces what was there with the backup.
    restoreBackup(backup, places, { force: true });
    expect(fingerprint(rootOf(places))).not.toEqual(before);
  });
});

describe('the backups folder', () => {
  it('lists the scheduled backups newest first and keeps the newest N', () => {
    const dir = join(tempRoot(), 'backups');
    mkdirSync(dir);
    const days = [3, 1, 2, 5, 4].map((d) => new Date(Date.UTC(2026, 10, d, 6)));
    for (const day of days) writeFileSync(join(dir, backupFileName(day)), 'x');
    writeFileSync(join(dir, 'notas.txt'), 'not a backup');
    writeFileSync(join(dir, `.${backupFileName(days[0]!)}.123.tmp`), 'half');
    writeFileSync(join(dir, `.${backupFileName(days[1]!)}.456.tmp`), 'killed long ago');
    utimesSync(join(dir, `.${backupFileName(days[1]!)}.456.tmp`), days[1]!, days[1]!);
    expect(listBackups(dir).map((b) => b.takenAt.getUTCDate())).toEqual([5, 4, 3, 2, 1]);
    expect(pruneBackups(dir, 2).map((f) => f.slice(dir.length + 1))).toEqual([
      'backup-2026-11-03T06-00-00Z.sqlite',
      'backup-2026-11-02T06-00-00Z.sqlite',
      'backup-2026-11-01T06-00-00Z.sqlite',
    ]);
    expect(readdirSync(dir).sort()).toEqual([
      `.${backupFileName(days[0]!)}.123.tmp`,
      'backup-2026-11-04T06-00-00Z.sqlite',
      'backup-2026-11-05T06-00-00Z.sqlite',
      'notas.txt',
    ]);
    expect(listBackups(join(dir, 'missing'))).toEqual([]);
    expect(existsSync(dir)).toBe(true);
  });
});
