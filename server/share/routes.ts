/**
 * GET /compartir/…/{hash}.png: the share pictures (client/seo/share-card.ts), drawn on the
 * first request and kept in memory within a bound. The URL names the words drawn (the hash),
 * so a picture never changes under its URL: cached for a day by anyone, strong ETag.
 * - the current hash: the picture;
 * - a known model or the shop with an old hash (the price changed since it was shared): a
 *   302 to today's picture, briefly cached;
 * - anything else: next(), the site's kept 404 page, as for an unknown product page.
 */
import type { NextFunction, Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { PIECE_SEGMENTS } from '../../catalogue/paths.ts';
import { PIEZAS } from '../../catalogue/pieces.ts';
import { paths } from '../../client/paths.ts';
import type { ShopFacts } from '../../client/facts/types.ts';
import {
  matchCard,
  shopCard,
  sharePicturePath,
  SHARE_PICTURE,
  type ShareCard,
} from '../../client/seo/share-card.ts';
import type { CatalogueSource } from '../live-catalogue.ts';
import { prepareResponse, sendPrepared, type PreparedResponse } from '../prepared-response.ts';
import { drawShareCard } from './draw.ts';

/** 8 MiB: about 100 pictures of ~75 KB, whatever the catalogue's size (a preview is fetched once per URL, then cached by WhatsApp, Facebook and CDNs for a day). */
export const DEFAULT_SHARE_CACHE_BYTES = 8 * 1024 * 1024;

export type SharePictureOptions = {
  readonly catalogue: CatalogueSource;
  readonly facts: () => ShopFacts;
  readonly maxBytes?: number;
};

const SHOP = /^\/tienda\/([0-9a-f]{16})\.png$/;
const PRODUCT = /^\/([a-z]+)\/([^/]+)\/([^/]+)\/([0-9a-f]{16})\.png$/;

/** The card a picture path names (by its subject, whatever its hash), or undefined. */
function cardFor(
  rest: string,
  source: CatalogueSource,
  facts: ShopFacts,
): { card: ShareCard; canonical: string | null } | undefined {
  if (SHOP.test(rest)) return { card: shopCard(facts), canonical: null };
  const [, segment, marca, modelo] = PRODUCT.exec(rest) ?? [];
  const pieza = PIEZAS.find((p) => PIECE_SEGMENTS[p] === segment);
  if (!pieza || marca === undefined || modelo === undefined) return undefined;
  const match = source.current().lookup.findProduct(marca, modelo, pieza);
  if (!match) return undefined;
  return { card: matchCard(facts, match), canonical: match.modelo.meta.canonical };
}

export function sharePictureRoute({ catalogue, facts, maxBytes }: SharePictureOptions) {
  const kept = new LRUCache<string, PreparedResponse>({
    maxSize: maxBytes ?? DEFAULT_SHARE_CACHE_BYTES,
    sizeCalculation: (picture) => Math.max(1, picture.bytes),
  });
  /** Pictures being drawn: concurrent requests for one share the drawing. */
  const drawing = new Map<string, Promise<PreparedResponse>>();

  const picture = (path: string, card: ShareCard): Promise<PreparedResponse> => {
    const known = kept.get(path);
    if (known) return Promise.resolve(known);
    let pending = drawing.get(path);
    if (!pending) {
      pending = drawShareCard(card)
        .then((png) =>
          prepareResponse(
            200,
            {
              'Content-Type': SHARE_PICTURE.type,
              'Cache-Control': 'public, max-age=86400, immutable',
            },
            png,
            { compress: false },
          ),
        )
        .then((prepared) => {
          kept.set(path, prepared);
          return prepared;
        })
        .finally(() => drawing.delete(path));
      drawing.set(path, pending);
    }
    return pending;
  };

  return async (req: Request, res: Response, next: NextFunction) => {
    const rest = req.path.slice(paths.sharePictures.length);
    const subject = cardFor(rest, catalogue, facts());
    if (!subject) return next();
    const current = sharePicturePath(subject.card, subject.canonical);
    if (req.path !== current) {
      res.set('Cache-Control', 'public, max-age=300');
      return res.redirect(302, current);
    }
    sendPrepared(req, res, await picture(current, subject.card));
  };
}
