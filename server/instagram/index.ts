import type { GallerySource } from '../../client/gallery/types.ts';
import { instagramFeedFile, instagramTokenFile } from '../../store/data-dir.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { createInstagramFeed } from './feed.ts';
import { photosDir } from './photo-store.ts';
import { createGalleryPhotos } from './photos.ts';

export { createGalleryApi } from './api.ts';
export { servePhotos } from './photo-routes.ts';

export type ServerGallery = Required<GallerySource> & { start(): void; stop(): void };

/**
 * The gallery for this configuration: the Instagram feed with our copies of its photos in
 * DATA_DIR/photos, or 'disabled' without a token.
 */
export function createGallery(config: Config, logger: Logger): ServerGallery {
  const { token, apiUrl, cacheSeconds } = config.instagram;
  if (!token) return disabledGallery;
  return createInstagramFeed({
    token,
    apiUrl,
    cacheSeconds,
    logger,
    photos: createGalleryPhotos({
      dir: photosDir(config.dataDir),
      apiOrigin: new URL(apiUrl).origin,
      logger,
    }),
    feedFile: instagramFeedFile(config.dataDir),
    tokenFile: instagramTokenFile(config.dataDir),
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
    photos: null,
  }),
  onChange: () => () => {},
  start() {},
  stop() {},
};
