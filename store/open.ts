/**
 * Opens the site's database: SQLite (libsql) in DATA_DIR/contact/, or PostgreSQL (pg) when
 * DATABASE_URL is set; applies the migrations (one list for every table: store/migrations.ts);
 * imports the old contact JSON-lines files once. One process opens it once (server/site.ts)
 * and each feature builds its queries on the same connection (`createContactStore(db, ...)`).
 * Why these drivers: docs/decisions/2026-11-22-contact-store.md.
 */
import { chmodSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'libsql';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { importJsonLines, type ImportResult } from './import-jsonl.ts';
import { migrationProvider } from './migrations.ts';
import type { Engine, SiteDatabase, SiteTables } from './schema.ts';
import { createContactStore, type ContactStore } from './messages.ts';
import { describeLocation, sqliteFile, type StoreSettings } from './settings.ts';

export type OpenOptions = {
  /** Called when old JSON-lines files were imported (the server logs it). */
  readonly onImport?: (result: ImportResult) => void;
  /** PostgreSQL: how long to wait for a connection (unreachable server). */
  readonly connectTimeoutMs?: number;
  /** PostgreSQL: how long one statement may take (the server cancels it, the client gives up). */
  readonly queryTimeoutMs?: number;
  /**
   * PostgreSQL: a connection that failed outside a query (the server restarted, the network
   * dropped it). The pool replaces it; without this the error is only swallowed.
   */
  readonly onConnectionError?: (error: Error) => void;
};

/** PostgreSQL's waits unless the server's environment says otherwise (docs/operations.md). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 2_000;
export const DEFAULT_QUERY_TIMEOUT_MS = 2_000;
/** The migrations at start (PostgreSQL): minutes, not seconds. */
const MIGRATION_TIMEOUT_MS = 5 * 60_000;

/** A wait for the other process's write lock, well under the request's patience. */
const SQLITE_BUSY_TIMEOUT_MS = 5_000;

export async function openDatabase(
  settings: StoreSettings,
  options: OpenOptions = {},
): Promise<SiteDatabase> {
  if (settings.databaseUrl) await migratePostgres(settings, options);
  let opened: { db: Kysely<SiteTables>; engine: Engine } | undefined;
  try {
    opened = connect(settings, options);
    const { db, engine } = opened;
    if (engine === 'sqlite') await prepareDatabase(db, engine);
    const imported = await importJsonLines(db, settings.dataDir);
    if (imported) options.onImport?.(imported);
    return { db, engine, location: describeLocation(settings), close: () => db.destroy() };
  } catch (error) {
    await opened?.db.destroy().catch(() => undefined);
    if (settings.databaseUrl) throw error;
    // "file is not a database", "unable to open database file": say which file.
    throw new Error(
      `the SQLite database ${sqliteFile(settings.dataDir)} cannot be opened: ${reason(error)}`,
      { cause: error },
    );
  }
}

/** An SQLite database in memory, migrated: for tests and tools that keep nothing. */
export async function openMemoryDatabase(): Promise<SiteDatabase> {
  const db = new Kysely<SiteTables>({
    dialect: new SqliteDialect({ database: new Database(':memory:') }),
  });
  await prepareDatabase(db, 'sqlite');
  return { db, engine: 'sqlite', location: 'memory', close: () => db.destroy() };
}

/** The contact messages alone (the messages CLI): closing the store closes the database. */
export async function openContactStore(
  settings: StoreSettings,
  options: OpenOptions = {},
): Promise<ContactStore> {
  const database = await openDatabase(settings, options);
  return createContactStore(database);
}

/** Connection settings (SQLite), then the migrations not yet applied. */
export async function prepareDatabase(db: Kysely<SiteTables>, engine: Engine): Promise<void> {
  if (engine === 'sqlite') {
    // WAL: readers (the CLI) never block the writer; synchronous=FULL: a committed row
    // survives a power cut, not only a process crash. busy_timeout: a second process (the
    // CLI, another instance) waits for the write lock instead of failing at once; it comes
    // first, because switching to WAL takes that lock too.
    await sql.raw(`pragma busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`).execute(db);
    await sql`pragma journal_mode = wal`.execute(db);
    await sql`pragma synchronous = full`.execute(db);
    // A deleted row's bytes are overwritten with zeros, not left in free pages: a message
    // deleted on request must really be gone (store/inbox.ts checkpoints the log after it).
    await sql`pragma secure_delete = on`.execute(db);
  }
  const migrate = async () => {
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
    if (error) throw error;
  };
  if (engine === 'postgres') return migrate(); // Kysely takes an advisory lock there.
  // SQLite: Kysely's migration lock only covers this process. BEGIN IMMEDIATE takes the
  // file's write lock, so a second process starting at the same moment waits, then finds
  // the migrations applied. (The dialect has one connection: the migrator runs inside.)
  await sql`begin immediate`.execute(db);
  try {
    await migrate();
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db).catch(() => undefined);
    throw error;
  }
}

function connect(
  settings: StoreSettings,
  options: OpenOptions,
): { db: Kysely<SiteTables>; engine: Engine } {
  if (settings.databaseUrl) {
    const pool = postgresPool(settings.databaseUrl, options);
    return { db: new Kysely({ dialect: new PostgresDialect({ pool }) }), engine: 'postgres' };
  }
  const file = sqliteFile(settings.dataDir);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const database = new Database(file);
  chmodSync(file, 0o600);
  return { db: new Kysely({ dialect: new SqliteDialect({ database }) }), engine: 'sqlite' };
}

/**
 * The migrations on a connection of their own, with time to wait for another instance's (the
 * advisory lock) and to build an index: the serving pool's waits are seconds.
 */
async function migratePostgres(settings: StoreSettings, options: OpenOptions): Promise<void> {
  const { db } = connect(settings, { ...options, queryTimeoutMs: MIGRATION_TIMEOUT_MS });
  try {
    await prepareDatabase(db, 'postgres');
  } finally {
    await db.destroy();
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function postgresPool(url: string, options: OpenOptions): pg.Pool {
  const queryTimeout = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max: 5,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    // No query may hang a request: the visitor gets the 503 page instead, within seconds.
    query_timeout: queryTimeout,
    statement_timeout: queryTimeout,
    // A connection the network dropped is found out, not waited on for hours.
    keepAlive: true,
    idleTimeoutMillis: 30_000,
  });
  // A connection dropped while idle in the pool, or while checked out between two queries
  // (a transaction's), emits 'error'; unheard, that would end the process.
  const report = (error: Error) => options.onConnectionError?.(error);
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  return pool;
}

/** A query asked before the database was migrated: it fails at once, as "cannot connect now". */
export class DatabaseNotReadyError extends Error {
  readonly code = '57P03';
  constructor() {
    super('the database is not ready yet (not reachable since the start)');
  }
}

export type WaitOptions = OpenOptions & {
  /** An attempt failed; the next one is in `retryMs`. */
  readonly onWaiting?: (error: unknown, attempt: number, retryMs: number) => void;
  /** The first attempt that failed, then this: the database answers and is migrated. */
  readonly onReady?: () => void;
  /** The longest wait between two attempts. */
  readonly maxRetryMs?: number;
  /** The old contact files could not be imported (tried once, at the first good attempt). */
  readonly onImportError?: (error: unknown) => void;
};

export type WaitingDatabase = {
  /** Usable at once: every query fails fast (DatabaseNotReadyError) until `ready`. */
  readonly database: SiteDatabase;
  readonly ready: () => boolean;
  /** Why it is not ready, for /healthz. */
  readonly reason: () => string | undefined;
  /** Settles when the first attempt did (ready or not): a start with the database up waits for it. */
  readonly firstAttempt: Promise<void>;
};

/**
 * PostgreSQL opened without waiting for it: the migrations (and the old files' import) are
 * tried at once and again with backoff (0.5 s doubling to `maxRetryMs`, 10 s) until they pass,
 * so a server can start, and serve its pages from memory, while the database is down.
 */
export function openDatabaseWhenReachable(
  settings: StoreSettings & { readonly databaseUrl: string },
  options: WaitOptions = {},
): WaitingDatabase {
  const pool = postgresPool(settings.databaseUrl, options);
  let ready = false;
  let failure: string | undefined = 'connecting to the database';
  const db = new Kysely<SiteTables>({
    dialect: new PostgresDialect({
      pool: async () => {
        if (!ready) throw new DatabaseNotReadyError();
        return pool;
      },
    }),
  });
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const attempt = async (n: number) => {
    try {
      await migratePostgres(settings, options);
      ready = true;
      failure = undefined;
      if (n > 1) options.onReady?.();
    } catch (error) {
      failure = `the database cannot be reached: ${reason(error)}`;
      const retryMs = Math.min(500 * 2 ** (n - 1), options.maxRetryMs ?? 10_000);
      options.onWaiting?.(error, n, retryMs);
      if (!closed) timer = setTimeout(() => void attempt(n + 1), retryMs);
      return;
    }
    try {
      const imported = await importJsonLines(db, settings.dataDir);
      if (imported) options.onImport?.(imported);
    } catch (error) {
      options.onImportError?.(error);
    }
  };
  const firstAttempt = attempt(1);
  return {
    firstAttempt,
    database: {
      db,
      engine: 'postgres',
      location: describeLocation(settings),
      close: async () => {
        closed = true;
        clearTimeout(timer);
        await db.destroy();
        // Kysely ends the pool only if a query ever got it: end it here otherwise.
        await pool.end().catch(() => undefined);
      },
    },
    ready: () => ready,
    reason: () => failure,
  };
}
