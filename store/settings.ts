/**
 * Where the site's database lives, from the environment: one rule for the server and the
 * owner's CLI. SQLite in DATA_DIR by default; PostgreSQL when DATABASE_URL is set.
 */
import { join, resolve } from 'node:path';

export type StoreSettings = {
  /** DATA_DIR: the SQLite file, and old JSON-lines files to import, are here. */
  readonly dataDir: string;
  /** postgres:// or postgresql:// URL; unset means SQLite. */
  readonly databaseUrl: string | undefined;
};

export class StoreSettingsError extends Error {}

/** DATA_DIR relative to the project root, `data/` when unset. */
export function dataDirFrom(projectRoot: string, value: string | undefined): string {
  const trimmed = value?.trim();
  return resolve(projectRoot, trimmed ? trimmed : 'data');
}

/** Throws StoreSettingsError when DATABASE_URL is set but is not a PostgreSQL URL. */
export function databaseUrlFrom(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new StoreSettingsError(
      'DATABASE_URL is not a URL (expected postgres://user:password@host:5432/database)',
    );
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new StoreSettingsError(
      `DATABASE_URL must start with postgres:// or postgresql:// (got ${url.protocol}//); leave it unset for SQLite in DATA_DIR`,
    );
  }
  return trimmed;
}

export function storeSettingsFrom(
  env: { readonly DATA_DIR?: string; readonly DATABASE_URL?: string },
  projectRoot: string,
): StoreSettings {
  return {
    dataDir: dataDirFrom(projectRoot, env.DATA_DIR),
    databaseUrl: databaseUrlFrom(env.DATABASE_URL),
  };
}

/**
 * The SQLite file. It keeps the name it had when it held only the contact messages: renaming
 * it would leave every existing DATA_DIR behind.
 */
export function sqliteFile(dataDir: string): string {
  return join(dataDir, 'contact', 'messages.sqlite');
}

/** The database as shown to people: the SQLite file, or the PostgreSQL URL without its password. */
export function describeLocation(settings: StoreSettings): string {
  if (!settings.databaseUrl) return sqliteFile(settings.dataDir);
  const url = new URL(settings.databaseUrl);
  if (url.password) url.password = '***';
  url.search = '';
  return url.toString();
}
