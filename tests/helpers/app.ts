import { readFileSync } from 'node:fs';
import type { RouteObject } from 'react-router';
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

export function testConfig(env: NodeJS.ProcessEnv = {}): Config {
  return readConfig({ SITE_URL, LOG_LEVEL: 'silent', ...env });
}

export const disabledGallery: GallerySource = { snapshot: async () => ({ status: 'disabled' }) };

export function testApp(
  overrides: Partial<AppDeps> & { env?: NodeJS.ProcessEnv; routes?: RouteObject[] } = {},
) {
  const { env, ...deps } = overrides;
  return createApp(testConfig(env), {
    catalogue,
    logger: createLogger('silent'),
    gallery: disabledGallery,
    ...deps,
  });
}
