import { mkdtempSync, rmSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { createSite, type Site, type SiteOverrides } from '../../server/site.ts';
import { readConfig, type Config } from '../../server/config.ts';
import { createLogger } from '../../server/logger.ts';
import {
  buildCatalogue,
  serializeCatalogue,
  type BuildStamp,
  type PriceRow,
} from '../../catalogue/schema.ts';
import { SAMPLE_STAMP, TEST_NOW } from './sample.ts';
import { catalogueFile } from '../../server/paths.ts';
import { loadCatalogue, parseCatalogue } from '../../server/catalogue.ts';
import { fixedCatalogue, type CatalogueSource } from '../../server/live-catalogue.ts';
import type { GallerySource } from '../../client/gallery/types.ts';
import type { ContactService } from '../../client/contact/types.ts';
import type { SiteContact } from '../../server/contact/index.ts';
import { createContactService } from '../../server/contact/service.ts';
import { openMemoryDatabase } from '../../store/open.ts';
import type { SiteDatabase, StoredMessage } from '../../store/schema.ts';

export const SITE_URL = 'https://parabrisas.test';

/** The committed catalogue, validated like the server does at start. */
export const sampleCatalogue = loadCatalogue(catalogueFile);
export const catalogue = sampleCatalogue.lookup;

/** A catalogue built from rows as the CLI would (default: built with the sample's date). */
export function catalogueOf(
  rows: readonly PriceRow[],
  stamp: BuildStamp = SAMPLE_STAMP,
): CatalogueSource {
  const parsed = parseCatalogue(
    new TextEncoder().encode(serializeCatalogue(buildCatalogue(rows, stamp))),
  );
  if (!parsed.ok) throw new Error(parsed.reason);
  return fixedCatalogue(parsed.catalogue);
}

/** DATA_DIR of sites whose test gives none: one temporary folder per test file. */
const scratchDataDir = mkdtempSync(join(tmpdir(), 'app-data-'));
afterAll(() => rmSync(scratchDataDir, { recursive: true, force: true }));

export function testConfig(env: NodeJS.ProcessEnv = {}): Config {
  return readConfig({
    SITE_URL,
    LOG_LEVEL: 'silent',
    DATA_DIR: scratchDataDir,
    ...env,
  });
}

export const disabledGallery: GallerySource = { snapshot: async () => ({ status: 'disabled' }) };

/** A contact system over a store in memory: what route tests that post nothing need. */
export function memoryContact(service?: ContactService): SiteContact & {
  readonly messages: StoredMessage[];
} {
  const messages: StoredMessage[] = [];
  return {
    messages,
    service:
      service ??
      createContactService({
        store: {
          location: 'memory',
          insert: async (message) => void messages.push(message),
          countReceivedSince: async (since) =>
            messages.filter((m) => m.receivedAt >= since.toISOString()).length,
        },
        logger: createLogger('silent'),
        maxPerHour: testConfig().contactMaxPerHour,
      }),
    rateLimitStores: undefined,
    start() {},
    async stop() {},
  };
}

export type TestSiteOverrides = Omit<SiteOverrides, 'contact'> & {
  env?: NodeJS.ProcessEnv;
  /** A contact service (wrapped as a system that starts and stops nothing), or a whole system. */
  contact?: ContactService | SiteContact;
};

/**
 * The site as production assembles it (createSite), with the sample catalogue, a fixed
 * clock, no Instagram and a contact store in memory unless the test passes others.
 */
export async function testSite(overrides: TestSiteOverrides = {}): Promise<Site> {
  const { env, contact, ...rest } = overrides;
  return createSite(testConfig(env), {
    database: overrides.database ?? (await openMemoryDatabase()),
    catalogue: fixedCatalogue(sampleCatalogue),
    now: () => TEST_NOW,
    logger: createLogger('silent'),
    gallery: disabledGallery,
    ...rest,
    contact: contact === undefined || 'submit' in contact ? memoryContact(contact) : contact,
  });
}

/** The listener production serves with (kept pages first, then the app), for supertest. */
export async function testApp(overrides: TestSiteOverrides = {}): Promise<RequestListener> {
  return (await testSite(overrides)).listener;
}

/**
 * For tests that read the site's database after `site.stop()` (which writes what is still in
 * memory, such as the demand counts): each site gets an in-memory database that outlives it;
 * both are closed after each test.
 *
 *   const sitesWithDatabase = keptDatabases();
 *   const { site, database } = await sitesWithDatabase({ catalogue });
 */
export function keptDatabases() {
  let open: { site: Site; database: SiteDatabase }[] = [];
  afterEach(async () => {
    for (const { site, database } of open) {
      await site.stop();
      await database.close();
    }
    open = [];
  });
  return async (overrides: Omit<TestSiteOverrides, 'database'> = {}) => {
    const database = await openMemoryDatabase();
    const site = await testSite({ ...overrides, database: { ...database, close: async () => {} } });
    open.push({ site, database });
    return { site, database };
  };
}
