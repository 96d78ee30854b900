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

/** Opens the site's database (migrations, the one-time import of old contact JSON-lines files). */
export function openSiteDatabase(config: Config, logger: Logger): Promise<SiteDatabase> {
  return openDatabase(storeSettings(config), {
    onImport: (result) =>
      logger.info({ ...result }, 'contact: imported the messages of the old JSON-lines files'),
  });
}
