import { join } from 'node:path';
import type { GallerySource } from '../../client/gallery/types.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { createInstagramFeed } from './feed.ts';

export { createGalleryApi } from './api.ts';

export type ServerGallery = Required<GallerySource> & { start(): void; stop(): void };

/** The gallery for this configuration: the Instagram feed, or 'disabled' without a token. */
export function createGallery(config: Config, logger: Logger): ServerGallery {
  const { token, apiUrl, cacheSeconds } = config.instagram;
  if (!token) return disabledGallery;
  return createInstagramFeed({
    token,
    apiUrl,
    cacheSeconds,
    logger,
    tokenFile: join(config.dataDir, 'instagram-token.json'),
  });
}

export const disabledGallery: ServerGallery = {
  snapshot: async () => ({ status: 'disabled' }),
  health: () => ({
    configured: false,
    state: 'disabled',
    lastSuccessAt: null,
    albums: 0,
    lastError: null,
    retryAfter: null,
  }),
  onChange: () => () => {},
  start() {},
  stop() {},
};
