/**
 * A backup of what the site cannot make again (docs/decisions/2026-11-28-backups.md), as one
 * file that is itself an SQLite database:
 * - the site's database, copied while the server keeps serving and writing (VACUUM INTO: one
 *   consistent snapshot of every table, whatever tables later versions add);
 * - `backup_files`: the files that hold published data beside it: the catalogue file and its
 *   history when the catalogue lives in files (CATALOGUE_FILE, store/catalogue-files.ts), and
 *   the Instagram token the server renews (store/data-dir.ts). Photos and the last feed are
 *   made again from Instagram, so they are left out;
 * - `backup_info`: the format and when it was taken.
 * `PRAGMA integrity_check` passes on the copy before it takes its final name. Restoring:
 * store/restore.ts. PostgreSQL (DATABASE_URL) is copied with pg_dump instead (cli/backup.ts).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync } from 'node:fs';
import { readdirSync, readFileSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'libsql';
import { z } from 'zod';
import { historyFolder } from './catalogue-files.ts';
import { KEPT_DATA_FILES } from './data-dir.ts';
import { freeBytes, megabytes } from './disk-space.ts';
import { MIGRATION_NAMES } from './migrations.ts';
import { sqliteFile } from './settings.ts';

/** Written into every backup; a file without it is not one of ours. */
export const BACKUP_FORMAT = 'parabrisas-jujuy-backup-1';

/** Where a kept file goes back to: CATALOGUE_FILE, the catalogue's history folder, or DATA_DIR. */
export const FILE_PLACES = ['catalogue', 'catalogue-history', 'data'] as const;
export type FilePlace = (typeof FILE_PLACES)[number];

/** A backup could not be made or read; the message is for the person who ran it (Spanish). */
export class BackupError extends Error {}

/** Where the data to keep is: DATA_DIR (the SQLite database, the token) and CATALOGUE_FILE. */
export type DataPlaces = {
  readonly dataDir: string;
  readonly catalogueFile: string;
};

export type BackupContents = {
  /** When the copy was taken (ISO, UTC). */
  readonly takenAt: string;
  /** The newest schema change in the copy (store/migrations.ts). */
  readonly schema: string;
  /** Every table of the site's database, with its rows. */
  readonly tables: readonly { readonly name: string; readonly rows: number }[];
  readonly files: readonly {
    readonly place: FilePlace;
    readonly name: string;
    readonly bytes: number;
  }[];
};

/** Tables of the backup itself, and SQLite's and Kysely's own: not the site's data. */
const OWN_TABLES = /^(backup_|sqlite_|kysely_)/;

/** A wait for the server's write lock while copying, well under a minute. */
const BUSY_TIMEOUT_MS = 10_000;

/** Scheduled backups are named by their instant (UTC): `backup-2026-11-28T06-00-00Z.sqlite`. */
export function backupFileName(at: Date): string {
  return `backup-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z.sqlite`;
}

const NAME = /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.sqlite$/;

export type ListedBackup = { readonly file: string; readonly takenAt: Date };

/** The backups in `dir` named as the schedule names them, newest first ([] when `dir` is missing). */
export function listBackups(dir: string): ListedBackup[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const found: ListedBackup[] = [];
  for (const name of names) {
    const match = NAME.exec(name);
    if (!match) continue;
    const [, day, hours, minutes, seconds] = match;
    const takenAt = new Date(`${day}T${hours}:${minutes}:${seconds}Z`);
    if (!Number.isNaN(takenAt.getTime())) found.push({ file: join(dir, name), takenAt });
  }
  return found.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/** A copy in progress (see writeBackup) left behind by a process that was killed. */
const HALF_WRITTEN = /^\.backup-.*\.tmp$/;

/**
 * Deletes all but the newest `keep` backups in `dir`, and copies left half-written over an
 * hour ago; returns the backups deleted.
 */
export function pruneBackups(dir: string, keep: number, now = new Date()): string[] {
  const old = listBackups(dir).slice(Math.max(keep, 1));
  for (const { file } of old) rmSync(file, { force: true });
  for (const name of safeReaddir(dir).filter((n) => HALF_WRITTEN.test(n))) {
    const path = join(dir, name);
    if (now.getTime() - statSync(path).mtimeMs > 60 * 60 * 1000) removeQuietly(path);
  }
  return old.map(({ file }) => file);
}

/**
 * Copies the site's SQLite database and the files beside it into `target` (which must not
 * exist yet), checks the copy, and only then gives it its name.
 */
export function writeBackup(places: DataPlaces, target: string, now: Date): BackupContents {
  const databaseFile = sqliteFile(places.dataDir);
  if (!existsSync(databaseFile)) {
    throw new BackupError(
      `No hay base de datos que copiar en ${places.dataDir} (falta ${databaseFile}). ¿DATA_DIR es la carpeta de datos del servidor?`,
    );
  }
  if (existsSync(target)) throw new BackupError(`${target} ya existe: elegí otro nombre.`);
  const temp = join(
    dirname(target),
    `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  try {
    mkdirSync(dirname(target), { recursive: true });
    refuseWithoutRoom(places, databaseFile, dirname(target));
    const source = new Database(databaseFile);
    try {
      source.exec(`pragma busy_timeout = ${BUSY_TIMEOUT_MS}`);
      // One read transaction: the copy is the database as it was at one instant, while the
      // server goes on writing (WAL mode: readers and the writer do not wait for each other).
      // exec, not prepare: libsql closes a connection only once its statements are collected.
      source.exec(`vacuum into '${temp.replace(/'/g, "''")}'`);
    } finally {
      source.close();
    }
    chmodSync(temp, 0o600);
    const copy = new Database(temp);
    try {
      copy.exec(`
        create table backup_info (key text primary key, value text not null);
        create table backup_files (
          place text not null, name text not null, content blob not null,
          primary key (place, name)
        );`);
      const info = copy.prepare('insert into backup_info (key, value) values (?, ?)');
      info.run('format', BACKUP_FORMAT);
      info.run('taken_at', now.toISOString());
      const file = copy.prepare('insert into backup_files (place, name, content) values (?, ?, ?)');
      for (const kept of keptFiles(places))
        file.run(kept.place, kept.name, readFileSync(kept.path));
      const problems = integrityProblems(copy);
      if (problems.length > 0) {
        throw new BackupError(`La copia recién hecha no pasa la revisión: ${problems.join('; ')}`);
      }
      const contents = contentsOf(copy);
      copy.close();
      syncFile(temp);
      renameSync(temp, target);
      syncFile(dirname(target));
      return contents;
    } finally {
      if (copy.open) copy.close();
    }
  } catch (error) {
    removeQuietly(temp);
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `No se pudo hacer la copia: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

/** Left free beside a backup, so that the copy never takes a disk's last bytes. */
export const BACKUP_HEADROOM_BYTES = 1024 * 1024;

/**
 * Refuses before writing a byte when `dir` has no room for the copy: the database file and its
 * write-ahead log (an upper bound: VACUUM INTO leaves out free pages) and the kept files, plus
 * BACKUP_HEADROOM_BYTES. A copy begun on a full disk would end half-written, and on the disk of
 * DATA_DIR it would take the last bytes the site writes bookings with.
 */
function refuseWithoutRoom(places: DataPlaces, databaseFile: string, dir: string): void {
  const free = freeBytes(dir);
  if (free === undefined) return;
  const needed =
    sizeOf(databaseFile) +
    sizeOf(`${databaseFile}-wal`) +
    keptFiles(places).reduce((sum, kept) => sum + sizeOf(kept.path), 0);
  if (free >= needed + BACKUP_HEADROOM_BYTES) return;
  throw new BackupError(
    `No hay lugar para la copia en ${dir}: hacen falta unos ${megabytes(needed + BACKUP_HEADROOM_BYTES)} y quedan ${megabytes(free)} libres. Liberá espacio en ese disco o usá otra carpeta; no se escribió nada.`,
  );
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

/** The files a backup keeps besides the database, where they are now. */
function keptFiles(places: DataPlaces): { place: FilePlace; name: string; path: string }[] {
  const files: { place: FilePlace; name: string; path: string }[] = [];
  const history = historyFolder(places.catalogueFile);
  // The history before the live file: a publish during the copy then leaves at worst a live
  // catalogue newer than the history's newest entry, never a history entry without its file.
  for (const name of safeReaddir(history).sort()) {
    const path = join(history, name);
    if (isFile(path) && !name.startsWith('.'))
      files.push({ place: 'catalogue-history', name, path });
  }
  if (isFile(places.catalogueFile)) {
    files.push({
      place: 'catalogue',
      name: basename(places.catalogueFile),
      path: places.catalogueFile,
    });
  }
  for (const name of KEPT_DATA_FILES) {
    const path = join(places.dataDir, name);
    if (isFile(path)) files.push({ place: 'data', name, path });
  }
  return files;
}

/** A half-written file goes; if even that fails, the first error is the one to tell. */
function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // nothing more to do
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

const checkRow = z.object({ integrity_check: z.string() });
const nameRow = z.object({ name: z.string() });
const countRow = z.object({ rows: z.number() });
const infoRow = z.object({ key: z.string(), value: z.string() });
const fileRow = z.object({ place: z.enum(FILE_PLACES), name: z.string(), bytes: z.number() });

/** `PRAGMA integrity_check`'s complaints (none: the file is sound). */
export function integrityProblems(db: Database.Database): string[] {
  const rows = db
    .prepare('pragma integrity_check(20)')
    .all()
    .map((row) => checkRow.parse(row).integrity_check);
  return rows.length === 1 && rows[0] === 'ok' ? [] : rows;
}

function tableNames(db: Database.Database): string[] {
  return db
    .prepare("select name from sqlite_master where type = 'table' order by name")
    .all()
    .map((row) => nameRow.parse(row).name);
}

function contentsOf(db: Database.Database): BackupContents {
  const names = tableNames(db);
  const info = new Map(
    names.includes('backup_info')
      ? db
          .prepare('select key, value from backup_info')
          .all()
          .map((row) => {
            const { key, value } = infoRow.parse(row);
            return [key, value] as const;
          })
      : [],
  );
  const migrations = names.includes('kysely_migration')
    ? db
        .prepare('select name from kysely_migration order by name')
        .all()
        .map((row) => nameRow.parse(row).name)
    : [];
  return {
    takenAt: info.get('taken_at') ?? '',
    schema: migrations.at(-1) ?? '',
    tables: names
      .filter((name) => !OWN_TABLES.test(name))
      .map((name) => ({
        name,
        rows: countRow.parse(db.prepare(`select count(*) as rows from "${name}"`).get()).rows,
      })),
    files: names.includes('backup_files')
      ? db
          .prepare(
            'select place, name, length(content) as bytes from backup_files order by place, name',
          )
          .all()
          .map((row) => fileRow.parse(row))
      : [],
  };
}

/** The first 100 bytes of every SQLite database start with this. */
const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * What a backup file holds, after checking that it is whole and ours; throws BackupError with
 * what is wrong (missing, not a database, cut short, damaged, not a backup, from a newer
 * version of the site). Reads only.
 */
export function inspectBackup(file: string): BackupContents {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw new BackupError(`No encuentro ${file}.`);
  }
  const notOurs = `${file} no es una copia de seguridad de la web`;
  const header = Buffer.alloc(100);
  const fd = openSync(file, 'r');
  let read: number;
  try {
    read = readSync(fd, header, 0, header.length, 0);
  } finally {
    closeSync(fd);
  }
  if (read < 100 || !header.subarray(0, 16).equals(SQLITE_MAGIC)) {
    throw new BackupError(`${notOurs}: no es un archivo de base de datos SQLite.`);
  }
  const pageSize = header.readUInt16BE(16) === 1 ? 65_536 : header.readUInt16BE(16);
  const pages = header.readUInt32BE(28);
  const headerValid = header.readUInt32BE(24) === header.readUInt32BE(92);
  if (headerValid && pages > 0 && size < pageSize * pages) {
    throw new BackupError(
      `${file} está incompleto: tiene ${size} bytes de ${pageSize * pages} (se cortó al copiarlo o al bajarlo). Usá otra copia.`,
    );
  }
  let db: Database.Database;
  try {
    db = new Database(file);
  } catch (error) {
    throw new BackupError(`${notOurs}: ${reason(error)}`, { cause: error });
  }
  try {
    let problems: string[];
    try {
      problems = integrityProblems(db);
    } catch (error) {
      throw new BackupError(`${file} está dañado: ${reason(error)}. Usá otra copia.`, {
        cause: error,
      });
    }
    if (problems.length > 0) {
      throw new BackupError(`${file} está dañado: ${problems.join('; ')}. Usá otra copia.`);
    }
    const names = tableNames(db);
    if (!names.includes('backup_info') || !names.includes('backup_files')) {
      throw new BackupError(
        `${notOurs}: es una base de datos SQLite, pero no la hizo npm run backup.`,
      );
    }
    const contents = contentsOf(db);
    const format = db.prepare("select value from backup_info where key = 'format'").get();
    const formatValue = z.object({ value: z.string() }).safeParse(format);
    if (!formatValue.success || formatValue.data.value !== BACKUP_FORMAT) {
      throw new BackupError(
        `${notOurs}: su formato es otro (${formatValue.data?.value ?? 'ninguno'}).`,
      );
    }
    const unknown = db
      .prepare('select name from kysely_migration order by name')
      .all()
      .map((row) => nameRow.parse(row).name)
      .filter((name) => !MIGRATION_NAMES.includes(name));
    if (unknown.length > 0) {
      throw new BackupError(
        `${file} es de una versión más nueva de la web (tiene el cambio ${unknown.join(', ')}, que esta versión no conoce): instalá esa versión o una más nueva y restaurá con ella.`,
      );
    }
    return contents;
  } finally {
    db.close();
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
