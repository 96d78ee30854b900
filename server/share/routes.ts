/**
 * GET /compartir/…/{hash}.png: the share pictures (client/seo/share-card.ts), drawn on the
 * first request and kept as files within a bound (picture-files.ts). The URL names the words
 * drawn (the hash), so a picture never changes under its URL: cached for a day by anyone,
 * strong ETag.
 * - the current hash: the picture;
 * - a known model or the shop with an old hash (the price changed since it was shared): a
 *   302 to today's picture, briefly cached;
 * - anything else: next(), the site's kept 404 page, as for an unknown product page.
 * At most DRAWS_AT_ONCE pictures are drawn at a time and DRAWS_WAITING wait their turn; a new
 * picture asked beyond that (a crawler's burst) gets a 503 with Retry-After, so the memory a
 * burst takes is bounded by these numbers, not by how many ask (docs/performance.md).
 */
import type { NextFunction, Request, Response } from 'express';
import pLimit from 'p-limit';
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
import { sendPrepared, uncompressed, type PreparedResponse } from '../prepared-response.ts';
import { drawShareCardTo } from './draw.ts';
import { pictureFiles } from './picture-files.ts';

/**
 * 128 MiB of disk: about 1,700 pictures of ~75 KB (a preview is fetched once per URL, then
 * cached by WhatsApp, Facebook and CDNs for a day).
 */
export const DEFAULT_SHARE_FILES_BYTES = 128 * 1024 * 1024;

/**
 * Pictures drawn at once: each holds a 1200 x 630 raster and librsvg's state while it is drawn,
 * in the malloc arena of the thread drawing it. One at a time (about 60 a second) keeps a burst
 * to the memory of one drawing, and the second core for the pages.
 */
export const DRAWS_AT_ONCE = 1;
/**
 * New pictures that may wait for a turn: each holds its words and its request only (the SVG is
 * made when its turn comes); the last of 64 waits about a second.
 */
export const DRAWS_WAITING = 64;
/** A crawler told the server is busy drawing comes back after this many seconds. */
const BUSY_RETRY_AFTER_SECONDS = '5';

const HEADERS = {
  'Content-Type': SHARE_PICTURE.type,
  'Cache-Control': 'public, max-age=86400, immutable',
} as const;

export type SharePictureOptions = {
  readonly catalogue: CatalogueSource;
  readonly facts: () => ShopFacts;
  /** Where the pictures drawn are kept (DATA_DIR/share-pictures). */
  readonly dir: string;
  /** Disk bytes the kept pictures may take. */
  readonly maxBytes?: number;
  /** New pictures that may wait for a turn; default DRAWS_WAITING. */
  readonly waiting?: number;
  /** What draws a picture (tests count the drawings in flight through it). */
  readonly draw?: (card: ShareCard, file: string) => Promise<void>;
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

function prepared(body: Buffer, etag: string): PreparedResponse {
  return uncompressed(200, HEADERS, body, etag);
}

export function sharePictureRoute({
  catalogue,
  facts,
  dir,
  maxBytes,
  waiting = DRAWS_WAITING,
  draw = drawShareCardTo,
}: SharePictureOptions) {
  const files = pictureFiles(dir, maxBytes ?? DEFAULT_SHARE_FILES_BYTES);
  /** Pictures being drawn: concurrent requests for one share the drawing. */
  const drawing = new Map<string, Promise<PreparedResponse>>();
  const turns = pLimit(DRAWS_AT_ONCE);

  /** The picture, or 'busy' when too many new pictures wait to be drawn already. */
  const picture = async (path: string, card: ShareCard): Promise<PreparedResponse | 'busy'> => {
    const inFlight = drawing.get(path);
    if (inFlight) return inFlight;
    const kept = await files.read(path);
    if (kept) return prepared(kept.body, kept.etag);
    // Another request may have started drawing it while the file was looked for.
    let pending = drawing.get(path);
    if (!pending) {
      if (turns.pendingCount >= waiting) return 'busy';
      pending = turns(() => files.keep(path, (file) => draw(card, file)))
        .then(({ body, etag }) => prepared(body, etag))
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
    const answer = await picture(current, subject.card);
    if (answer === 'busy') {
      res.set({ 'Retry-After': BUSY_RETRY_AFTER_SECONDS, 'Cache-Control': 'no-store' });
      res
        .status(503)
        .type('text/plain')
        .send('Se están dibujando muchas imágenes a la vez: probá de nuevo en unos segundos.');
      return;
    }
    sendPrepared(req, res, answer);
  };
}
