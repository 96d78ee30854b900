/** The two storage engines the contact tests run against: SQLite in a temp DATA_DIR, and PostgreSQL. */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
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

/** For describe.each: PostgreSQL only when a server is available (see tests/helpers/postgres-setup.ts). */
export const ENGINES: EngineName[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
