import type { RequestHandler } from 'express';
import type { GalleryHealth, GallerySource } from '../client/gallery/types.ts';
import type { CatalogueSource } from './live-catalogue.ts';
import type { DatabaseState } from './database-status.ts';

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
  /** The database: 503 with the reason while it does not answer (writes would fail). */
  readonly database?: (() => DatabaseState) | undefined;
  /** HEALTH_DETAIL=1: the feed's retry times, token state and photo copies too. */
  readonly detail: boolean;
};

/**
 * GET /healthz, a readiness answer: 200 when the site can serve and store; 503 while it drains,
 * or while the database does not answer (`reason` says why; pages are still served from
 * memory, writes answer the 503 page). Never cached.
 */
export function healthRoute(options: HealthOptions): RequestHandler {
  return (_req, res) => {
    const live = options.catalogue.current();
    const draining = options.draining();
    const database = options.database?.() ?? { ok: true };
    const gallery = options.gallery.health?.();
    const status = draining ? 'draining' : database.ok ? 'ok' : 'database-unavailable';
    res
      .status(status === 'ok' ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({
        status,
        // The driver's message names hosts and ports: only with HEALTH_DETAIL=1.
        database: database.ok
          ? { state: 'ok' }
          : {
              state: database.failure,
              since: database.since || null,
              ...(options.detail ? { reason: database.reason } : {}),
            },
        models: live.lookup.modelCount,
        catalogue: { builtAt: live.builtAt, hash: live.hash },
        instagram: gallery === undefined ? null : options.detail ? gallery : summary(gallery),
      });
  };
}
