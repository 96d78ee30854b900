import { Router } from 'express';
import type { GallerySource } from '../../client/gallery/types.ts';
import { paths } from '../../client/paths.ts';

/**
 * GET /api/galeria: the gallery state as JSON, for pages rendered while the cache was cold.
 * Waits a bounded time for the first fetch. Only mapped albums go out: never the token.
 */
export function createGalleryApi(gallery: GallerySource, { waitMs = 8_000 } = {}): Router {
  const router = Router();
  router.get(paths.galleryApi, async (_req, res) => {
    const state = await gallery.snapshot({ waitMs });
    res
      .set('Cache-Control', state.status === 'ready' ? 'public, max-age=60' : 'no-store')
      .json(state);
  });
  return router;
}
