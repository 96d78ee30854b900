/**
 * Where the site's database is opened: SQLite in DATA_DIR, or PostgreSQL with DATABASE_URL
 * (store/settings.ts), migrated to the newest schema (store/migrations.ts). It holds the contact
 * messages, the panel's people and sessions, the bookings, the published catalogues and the
 * demand counts; the site opens it once (server/site.ts) and every feature queries it.
 */
import { openDatabase } from '../store/open.ts';
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
export function openSiteDatabase(config: Config, logger: Logger): Promise<SiteDatabase> {
  let loggedAt = -Infinity;
  return openDatabase(storeSettings(config), {
    onImport: (result) =>
      logger.info({ ...result }, 'contact: imported the messages of the old JSON-lines files'),
    connectTimeoutMs: config.databaseTimeouts.connectMs,
    queryTimeoutMs: config.databaseTimeouts.queryMs,
    onConnectionError(error) {
      const at = Date.now();
      if (at - loggedAt < CONNECTION_ERROR_LOG_MS) return;
      loggedAt = at;
      logger.warn(
        { err: error },
        'database: a connection was lost; the pool opens another when the database answers',
      );
    },
  });
}
