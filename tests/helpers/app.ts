import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataRouteObject } from 'react-router-dom';
import { afterAll } from 'vitest';
import { createApp, type AppDeps } from '../../server/app.ts';
import { readConfig, type Config } from '../../server/config.ts';
import { createLogger } from '../../server/logger.ts';
import { createCatalogueLookup } from '../../catalogue/lookup.ts';
import { catalogueSchema } from '../../catalogue/schema.ts';
import { catalogueFile } from '../../server/paths.ts';
import type { GallerySource } from '../../client/gallery/types.ts';

export const SITE_URL = 'https://parabrisas.test';

/** The committed catalogue, validated like the server does at start. */
export const catalogue = createCatalogueLookup(
  catalogueSchema.parse(JSON.parse(readFileSync(catalogueFile, 'utf8'))),
);

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
    catalogue,
    logger: createLogger('silent'),
    gallery: disabledGallery,
    ...deps,
  });
}
