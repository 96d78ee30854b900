/**
 * Puts a backup (store/backup.ts) back: the database into DATA_DIR, the catalogue into
 * CATALOGUE_FILE and its history folder, the Instagram token into DATA_DIR. Nothing is
 * replaced before the backup has been checked whole (store/backup.ts inspectBackup), nor
 * while a server has the database open, nor over data already there without `force`.
 * A backup of an older version is migrated forward by the next start (store/open.ts).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'libsql';
import { z } from 'zod';
import {
  BackupError,
  FILE_PLACES,
  inspectBackup,
  type BackupContents,
  type DataPlaces,
} from './backup.ts';
import { historyFolder } from './catalogue-files.ts';
import { sqliteFile } from './settings.ts';

export type RestoreResult = BackupContents & {
  /** What was there before and is now replaced (empty on an empty DATA_DIR). */
  readonly replaced: readonly string[];
};

/**
 * Whether another process (a running server, a CLI) has the SQLite database open: it then
 * holds a shared lock, and an exclusive one cannot be had. False when there is no database.
 */
export function databaseInUse(dataDir: string): boolean {
  const file = sqliteFile(dataDir);
  if (!existsSync(file)) return false;
  const db = new Database(file);
  try {
    db.exec('pragma busy_timeout = 0');
    db.exec('pragma locking_mode = exclusive');
    // exec, not prepare: libsql closes a connection only once its statements are collected.
    db.exec('select count(*) from sqlite_master');
    return false;
  } catch (error) {
    // Only "locked" means someone else; a damaged file is simply replaced.
    return /SQLITE_BUSY|locked/i.test(
      `${error instanceof Error ? `${error.name} ${error.message}` : ''} ${codeOf(error)}`,
    );
  } finally {
    db.close();
  }
}

function codeOf(error: unknown): string {
  return error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : '';
}

/** What is in the places a restore writes to (names, for the refusal and the report). */
function occupied(places: DataPlaces): string[] {
  const list = (dir: string) => {
    try {
      return readdirSync(dir).map((name) => join(dir, name));
    } catch {
      return [];
    }
  };
  return [...list(places.dataDir), ...list(historyFolder(places.catalogueFile))];
}

const fileRow = z.object({
  place: z.enum(FILE_PLACES),
  name: z.string(),
  // libsql gives a blob as an ArrayBuffer.
  content: z.union([z.instanceof(Uint8Array), z.instanceof(ArrayBuffer)]),
});

export function restoreBackup(
  file: string,
  places: DataPlaces,
  options: { readonly force?: boolean } = {},
): RestoreResult {
  const contents = inspectBackup(file);
  // Nothing over data already there, unless asked; checked before anything opens the database.
  const there = occupied(places);
  if (there.length > 0 && !options.force) {
    const shown = there.slice(0, 5).join(', ');
    throw new BackupError(
      `${places.dataDir} no está vacía (${shown}${there.length > 5 ? ', …' : ''}). Para reemplazar lo que hay con la copia, agregá --force. No cambié nada.`,
    );
  }
  if (databaseInUse(places.dataDir)) {
    throw new BackupError(
      `Hay un servidor (u otro programa) usando la base de datos de ${places.dataDir}: paralo primero y volvé a correr la restauración. No cambié nada.`,
    );
  }

  // The database: a copy of the backup beside its final place, without the backup's own
  // tables, then renamed over the old file once the old file's WAL is gone (a WAL left
  // beside a new file would be replayed into it).
  const databaseFile = sqliteFile(places.dataDir);
  mkdirSync(dirname(databaseFile), { recursive: true, mode: 0o700 });
  const temp = join(
    dirname(databaseFile),
    `.${basename(databaseFile)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  try {
    copyFileSync(file, temp);
    chmodSync(temp, 0o600);
    const db = new Database(temp);
    try {
      // The files first, one at a time (a history of big catalogues need not fit in memory).
      if (options.force)
        rmSync(historyFolder(places.catalogueFile), { recursive: true, force: true });
      for (const row of db
        .prepare('select place, name, content from backup_files order by place, name')
        .iterate()) {
        const kept = fileRow.parse(row);
        writeKept(places, kept.place, kept.name, new Uint8Array(kept.content));
      }
      db.exec('drop table backup_files; drop table backup_info; vacuum;');
      db.close();
      for (const suffix of ['-wal', '-shm', '-journal']) {
        rmSync(`${databaseFile}${suffix}`, { force: true });
      }
      renameSync(temp, databaseFile);
    } finally {
      if (db.open) db.close();
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `La restauración se cortó a medias: ${error instanceof Error ? error.message : String(error)}. Corregí eso y corré de nuevo con --force.`,
      { cause: error },
    );
  } finally {
    rmSync(temp, { force: true });
  }
  return { ...contents, replaced: there };
}

function writeKept(
  places: DataPlaces,
  place: (typeof FILE_PLACES)[number],
  name: string,
  content: Uint8Array,
): void {
  // A name is one file name, never a path: a crafted backup cannot write elsewhere.
  if (name !== basename(name) || name === '.' || name === '..') {
    throw new BackupError(`La copia nombra un archivo que no es válido: ${name}.`);
  }
  const target =
    place === 'catalogue'
      ? places.catalogueFile
      : place === 'catalogue-history'
        ? join(historyFolder(places.catalogueFile), name)
        : join(places.dataDir, name);
  mkdirSync(dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.tmp`;
  writeFileSync(temp, content, { mode: place === 'data' ? 0o600 : 0o644 });
  renameSync(temp, target);
}
