import type { RequestHandler } from 'express';
import type { GalleryHealth, GallerySource } from '../client/gallery/types.ts';
import type { CatalogueSource } from './live-catalogue.ts';

/** What anyone may read: is the site up, which prices it serves, does the gallery work. */
type GallerySummary = {
  readonly state: 'ok' | 'stale' | 'loading' | 'failing' | 'disabled';
  readonly lastSuccessAt: string | null;
  readonly albums: number;
};

/**
 * The feed's state without what only helps an attacker: no retry times (when a flood would
 * hit the API again), no token state ('token-invalid' reads 'failing'), no photo byte counts.
 * HEALTH_DETAIL=1 shows all of it (README, Deployment).
 */
function summary(health: GalleryHealth): GallerySummary {
  const state = health.state === 'token-invalid' ? 'failing' : health.state;
  return { state, lastSuccessAt: health.lastSuccessAt, albums: health.albums };
}

export type HealthOptions = {
  readonly catalogue: CatalogueSource;
  readonly gallery: GallerySource;
  /** Shutting down: 503, so a load balancer stops sending traffic here. */
  readonly draining: () => boolean;
  /** HEALTH_DETAIL=1: the feed's retry times, token state and photo copies too. */
  readonly detail: boolean;
};

/** GET /healthz: 200 when the site can serve, 503 while it drains; never cached. */
export function healthRoute(options: HealthOptions): RequestHandler {
  return (_req, res) => {
    const live = options.catalogue.current();
    const draining = options.draining();
    const gallery = options.gallery.health?.();
    res
      .status(draining ? 503 : 200)
      .set('Cache-Control', 'no-store')
      .json({
        status: draining ? 'draining' : 'ok',
        models: live.lookup.modelCount,
        catalogue: { builtAt: live.builtAt, hash: live.hash },
        instagram: gallery === undefined ? null : options.detail ? gallery : summary(gallery),
      });
  };
}
