/**
 * Where the site's database is opened: SQLite in DATA_DIR, or PostgreSQL with DATABASE_URL
 * (store/settings.ts), migrated to the newest schema (store/migrations.ts). It holds the contact
 * messages, the panel's people and sessions, the bookings, the published catalogues and the
 * demand counts; the site opens it once (server/site.ts) and every feature queries it.
 */
import { openDatabase, openDatabaseWhenReachable } from '../store/open.ts';
import type { SiteDatabase } from '../store/schema.ts';
import type { StoreSettings } from '../store/settings.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';

export function storeSettings(config: Config): StoreSettings {
  return { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
}

/** A lost connection is logged once per this window, not once per pooled connection. */
const CONNECTION_ERROR_LOG_MS = 10_000;

/** Opens the site's database (migrations, the one-time import of old contact JSON-lines files). */
/** Logs a lost connection once per CONNECTION_ERROR_LOG_MS. */
function connectionErrorLog(logger: Logger): (error: Error) => void {
  let loggedAt = -Infinity;
  return (error) => {
    const at = Date.now();
    if (at - loggedAt < CONNECTION_ERROR_LOG_MS) return;
    loggedAt = at;
    logger.warn(
      { err: error },
      'database: a connection was lost; the pool opens another when the database answers',
    );
  };
}

export function openSiteDatabase(config: Config, logger: Logger): Promise<SiteDatabase> {
  return openDatabase(storeSettings(config), {
    onImport: (result) =>
      logger.info({ ...result }, 'contact: imported the messages of the old JSON-lines files'),
    connectTimeoutMs: config.databaseTimeouts.connectMs,
    queryTimeoutMs: config.databaseTimeouts.queryMs,
    onConnectionError: connectionErrorLog(logger),
  });
}

/** The database the server serves from, and why it is not usable yet (PostgreSQL down at start). */
export type ServingDatabase = {
  readonly database: SiteDatabase;
  readonly notReady: () => string | undefined;
};

/**
 * The server's database. SQLite: opened now; a file it cannot open stops the start with its
 * name. PostgreSQL: the pool at once, the migrations as soon as the server answers (retried
 * with backoff, each attempt logged), so the site starts and serves its pages while it is down.
 */
export async function openServingDatabase(
  config: Config,
  logger: Logger,
): Promise<ServingDatabase> {
  const settings = storeSettings(config);
  const { databaseUrl } = settings;
  if (!databaseUrl)
    return { database: await openSiteDatabase(config, logger), notReady: () => undefined };
  const waiting = openDatabaseWhenReachable(
    { ...settings, databaseUrl },
    {
      connectTimeoutMs: config.databaseTimeouts.connectMs,
      queryTimeoutMs: config.databaseTimeouts.queryMs,
      onImport: (result) =>
        logger.info({ ...result }, 'contact: imported the messages of the old JSON-lines files'),
      onImportError: (error) =>
        logger.error({ err: error }, 'contact: the old JSON-lines files could not be imported'),
      onConnectionError: connectionErrorLog(logger),
      onWaiting: (error, attempt, retryMs) =>
        logger.error(
          { attempt, retryMs, reason: error instanceof Error ? error.message : String(error) },
          'database: not reachable at start; serving pages from memory, trying again',
        ),
      onReady: () => logger.info('database: reachable and migrated; writes work'),
    },
  );
  // Up at start (the usual case): migrated before anything reads it, as with openDatabase.
  await waiting.firstAttempt;
  return {
    database: waiting.database,
    notReady: () => (waiting.ready() ? undefined : waiting.reason()),
  };
}
