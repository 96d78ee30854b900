/** The two storage engines the contact tests run against: SQLite in a temp DATA_DIR, and PostgreSQL. */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, inject } from 'vitest';
import { openDatabase } from '../../store/open.ts';
import type { SiteDatabase } from '../../store/schema.ts';
import type { StoreSettings } from '../../store/settings.ts';
import { createDatabase } from './postgres.ts';
import { tempDataDir } from './contact.ts';

export const postgresUrl = inject('postgresUrl');

export type EngineName = 'sqlite' | 'postgres';

const dirs: Array<{ remove(): void }> = [];
export function removeTempDirs() {
  dirs.splice(0).forEach((d) => d.remove());
}

/** Fresh settings: a new DATA_DIR, and for PostgreSQL a new empty database. */
export async function freshSettings(engine: EngineName): Promise<StoreSettings> {
  const temp = tempDataDir();
  dirs.push(temp);
  if (engine === 'sqlite') return { dataDir: temp.dir, databaseUrl: undefined };
  const name = `t_${randomBytes(6).toString('hex')}`;
  return { dataDir: temp.dir, databaseUrl: await createDatabase(postgresUrl, name) };
}

/** Both engines; PostgreSQL's tests carry the 'postgres' tag, skipped where it is missing. */
export const ENGINES: readonly EngineName[] = ['sqlite', 'postgres'];

/** A test or suite that needs PostgreSQL: `describe(name, POSTGRES, fn)` (tests/helpers/tools.ts). */
export const POSTGRES: { tags: string[] } = { tags: ['postgres'] };

/** describe() once per engine, `%s` in the name standing for it; PostgreSQL's is tagged. */
export function describeEngines(name: string, body: (engine: EngineName) => void): void {
  for (const engine of ENGINES) {
    describe(name.replace('%s', engine), engine === 'postgres' ? POSTGRES : {}, () => body(engine));
  }
}

/**
 * Opens a fresh site database per call (on the engine, or on the settings given), closed after
 * each test; the temporary folders go after the file. Call once, at a test file's top level.
 */
export function freshDatabases(): (
  engine: EngineName,
  settings?: StoreSettings,
) => Promise<SiteDatabase> {
  const open: SiteDatabase[] = [];
  afterEach(async () => {
    for (const d of open.splice(0)) await d.close();
  });
  afterAll(removeTempDirs);
  return async (engine, settings) => {
    const database = await openDatabase(settings ?? (await freshSettings(engine)));
    open.push(database);
    return database;
  };
}
