import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataRouteObject } from 'react-router-dom';
import { afterAll } from 'vitest';
import { createApp, type AppDeps } from '../../server/app.ts';
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

/** DATA_DIR of apps whose test gives none: one temporary folder per test file. */
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

export function testApp(
  overrides: Partial<AppDeps> & { env?: NodeJS.ProcessEnv; routes?: DataRouteObject[] } = {},
) {
  const { env, ...deps } = overrides;
  return createApp(testConfig(env), {
    catalogue: fixedCatalogue(sampleCatalogue),
    now: () => TEST_NOW,
    logger: createLogger('silent'),
    gallery: disabledGallery,
    ...deps,
  });
}
