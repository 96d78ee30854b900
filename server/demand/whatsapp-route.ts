/**
 * `/ir/whatsapp/...`: the site's WhatsApp links land here, are counted, and are sent on with a
 * 303 to the wa.me address this route builds from what the server knows: the shop's published
 * number,
 * a message id of the site (whatsapp-messages.ts), or a product and version of the live
 * catalogue. Nothing of the request becomes part of the address; an unknown product or a
 * malformed id is a 404, never a redirect elsewhere (CWE-601).
 */
import { Router, type Request, type Response } from 'express';
import type { CatalogueLookup } from '../../catalogue/lookup.ts';
import { PIEZAS } from '../../catalogue/pieces.ts';
import {
  purchaseSegment,
  whatsappChat,
  whatsappPurchaseMessage,
} from '../../client/content/business.ts';
import { paths, queryParams } from '../../client/paths.ts';
import type { CatalogueSource } from '../live-catalogue.ts';
import type { ShopFacts } from '../../client/facts/types.ts';
import { talliesOf } from './counted-pages.ts';
import type { DemandCounting } from './counting.ts';
import { messageFor } from './whatsapp-messages.ts';

/** FNV-1a 32-bit in base 36 (client/content/business.ts, whatsappMessageId). */
const MESSAGE_ID = /^[0-9a-z]{1,7}$/;
/** Paths the site owns as fixed strings: a click from one of them is counted under it. */
const SITE_PATHS: ReadonlySet<string> = new Set(
  Object.values(paths).flatMap((p) => (typeof p === 'string' ? [p] : [])),
);
/** A click whose page is unknown (no Referer, another site, a page not worth a key). */
export const UNKNOWN_PAGE = '';

export type WhatsappRouteOptions = {
  readonly catalogue: CatalogueSource;
  /** The published facts: the WhatsApp number, and the zones' messages. */
  readonly facts: () => ShopFacts;
  readonly counting: DemandCounting | undefined;
  /** SITE_URL: a click from its host (or the request's own) names the page it came from. */
  readonly siteUrl: string;
};

export function whatsappRoutes({
  catalogue,
  facts,
  counting,
  siteUrl,
}: WhatsappRouteOptions): Router {
  const router = Router({ caseSensitive: true, strict: true });
  const siteHost = new URL(siteUrl).host;

  /** The page the click came from, when the browser says so and it is this site. */
  const referringPage = (req: Request): URL | undefined => {
    const referer = req.get('referer');
    if (!referer) return undefined;
    try {
      const url = new URL(referer);
      return url.host === siteHost || url.host === req.get('host') ? url : undefined;
    } catch {
      return undefined;
    }
  };

  const go = (req: Request, res: Response, key: string, message?: string) => {
    counting?.countFor(req, { kind: 'whatsapp', key });
    res.set('Cache-Control', 'no-store');
    res.set('X-Robots-Tag', 'noindex, nofollow');
    res.redirect(303, whatsappChat(facts().contact.whatsappNumber, message));
  };

  router.get(paths.whatsappOut, (req, res) => {
    const lookup = catalogue.current().lookup;
    go(req, res, pageKey(referringPage(req), lookup));
  });

  router.get(
    `${paths.whatsappOut}/${purchaseSegment}/:pieza/:marca/:modelo{/:version}`,
    (req, res, next) => {
      const pieza = PIEZAS.find((p) => p === req.params.pieza);
      const match = pieza
        ? catalogue.current().lookup.findProduct(req.params.marca, req.params.modelo, pieza)
        : undefined;
      if (!pieza || !match) return next();
      const { marca, modelo } = match;
      const version = modelo.versiones?.find((v) => v.id === req.params.version);
      const subject = {
        pieza,
        marca: marca.marca,
        modelo: modelo.nombre,
        precio: version?.precio ?? modelo.precio,
        version,
      };
      const canonical = modelo.meta.canonical;
      const key = version ? `${canonical}?${queryParams.version}=${version.id}` : canonical;
      go(req, res, key, whatsappPurchaseMessage(subject));
    },
  );

  router.get(`${paths.whatsappOut}/:id`, (req, res, next) => {
    const { id } = req.params;
    if (!MESSAGE_ID.test(id)) return next();
    const lookup = catalogue.current().lookup;
    const from = referringPage(req);
    // An id the server cannot rebuild (the page changed since): the chat, without text.
    go(req, res, pageKey(from, lookup), messageFor(id, lookup, facts().zones, from));
  });

  return router;
}

/** What a click is counted under: the product page or version, or the site's page it came from. */
function pageKey(from: URL | undefined, lookup: CatalogueLookup): string {
  if (!from) return UNKNOWN_PAGE;
  const tallies = talliesOf(`${from.pathname}${from.search}`, lookup);
  const page = tallies.find((t) => t.kind === 'version') ?? tallies.find((t) => t.kind === 'view');
  if (page) return page.key;
  return SITE_PATHS.has(from.pathname) ? from.pathname : UNKNOWN_PAGE;
}
