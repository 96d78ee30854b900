/**
 * GET /feed/productos.xml: the catalogue as an RSS 2.0 feed in Google Merchant Center's
 * product data format (namespace g:), which Meta's Commerce Manager reads as it is. One item
 * per version (a model of one plain row is one item), versions grouped by `g:item_group_id`.
 *
 * Written from the live catalogue and the published facts at each request (so it follows a
 * publish as the pages do), one model at a time into the response: the document is never
 * whole in memory, and the compression middleware gzips it as it goes. Its ETag is what it is
 * made from (the catalogue's hash, the shop's picture words, the day in Jujuy): a conditional
 * GET is answered 304 without writing an item. Why these attributes: docs/dueno.md, "Tus
 * precios en Google e Instagram", and docs/decisions/2026-12-04-share-pictures.md.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { PIECE_SEGMENTS } from '../../catalogue/paths.ts';
import { modelsOf, type Modelo, type Version } from '../../catalogue/schema.ts';
import { PIEZAS, type Pieza } from '../../catalogue/pieces.ts';
import { INSTALMENTS_OFFER, type Centavos } from '../../catalogue/money.ts';
import { addDays, shopDate } from '../../catalogue/validity.ts';
import { pieceNames } from '../../client/content/glass.ts';
import type { ShopFacts } from '../../client/facts/types.ts';
import { queryParams } from '../../client/paths.ts';
import {
  productCard,
  shareCardHash,
  sharePicturePath,
  shopCard,
} from '../../client/seo/share-card.ts';
import { versionTitle } from '../../client/seo/structured-data.ts';
import type { LoadedCatalogue } from '../catalogue.ts';
import type { CatalogueSource } from '../live-catalogue.ts';
import { notModified } from '../prepared-response.ts';
import { escapeXml } from '../seo.ts';

/** Bumped when the feed's shape changes, so that its ETag does. */
const FORMAT = 1;
/** Google's product taxonomy, by its full path (the spec accepts the path or the number). */
export const GOOGLE_CATEGORY =
  'Vehicles & Parts > Vehicle Parts & Accessories > Motor Vehicle Parts > Motor Vehicle Window Parts & Accessories';
/** A version "a pedido" whose sheet gives no days: Google wants a date for a backorder. */
export const ORDER_DAYS_UNKNOWN = 7;
/** Merchant Center's limits (product data specification). */
export const FEED_LIMITS = { id: 50, title: 150, description: 5000 } as const;

/** `598000.00 ARS` from centavos, without floating point. */
export function feedPrice(amount: Centavos): string {
  const pesos = Math.floor(amount / 100);
  return `${pesos}.${String(amount % 100).padStart(2, '0')} ARS`;
}

/** A stable id at most 50 characters: the slugs, or their start and a hash when longer. */
export function feedId(parts: readonly string[]): string {
  const full = parts.join('-');
  if (full.length <= FEED_LIMITS.id) return full;
  const hash = createHash('sha256').update(full).digest('hex').slice(0, 12);
  return `${full.slice(0, FEED_LIMITS.id - hash.length - 1)}-${hash}`;
}

const cut = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;

type FeedContext = {
  readonly siteUrl: string;
  readonly facts: ShopFacts;
  readonly today: string;
};

function element(name: string, value: string): string {
  return `<g:${name}>${escapeXml(value)}</g:${name}>`;
}

/** The items of one model: one per version, or one for a model of one plain row. */
function modelItems(
  context: FeedContext,
  pieza: Pieza,
  marca: { marca: string; slug: string },
  modelo: Modelo,
): string {
  const { siteUrl, facts } = context;
  const piece = pieceNames[pieza];
  const name = `${piece.name} ${marca.marca} ${modelo.nombre}`;
  const groupId = feedId([PIECE_SEGMENTS[pieza], marca.slug, modelo.slug]);
  const versiones = modelo.versiones ?? [];
  const card = productCard(facts, {
    pieza,
    marca: marca.marca,
    nombre: modelo.nombre,
    precio: modelo.precio,
    cuotas: modelo.cuotas,
    versiones: versiones.length,
  });
  const image = `${siteUrl}${sharePicturePath(card, modelo.meta.canonical)}`;
  const place = `Colocación en ${facts.contact.address.locality}, en el taller o a domicilio según la zona, con garantía y factura. ${INSTALMENTS_OFFER}.`;
  const item = (fields: {
    id: string;
    title: string;
    link: string;
    precio: Centavos;
    en6: Centavos;
    version?: Version;
  }) => {
    const { version } = fields;
    const availability =
      version?.disponibilidad?.tipo === 'pedido'
        ? [
            element('availability', 'backorder'),
            element(
              'availability_date',
              `${addDays(context.today, version.disponibilidad.dias ?? ORDER_DAYS_UNKNOWN)}T09:00-0300`,
            ),
          ]
        : [element('availability', 'in_stock')];
    const description = `${fields.title}. ${place}`;
    return [
      '<item>',
      element('id', fields.id),
      ...(versiones.length > 0 ? [element('item_group_id', groupId)] : []),
      element('title', cut(fields.title, FEED_LIMITS.title)),
      element('description', cut(description, FEED_LIMITS.description)),
      element('link', fields.link),
      element('image_link', image),
      ...availability,
      element('price', feedPrice(fields.precio)),
      `<g:installment>${element('months', '6')}${element('amount', feedPrice(fields.en6))}</g:installment>`,
      element('brand', version?.marcaVidrio ?? facts.contact.name),
      element('condition', 'new'),
      ...(version?.codigo
        ? [element('mpn', version.codigo)]
        : [element('identifier_exists', 'no')]),
      element('google_product_category', GOOGLE_CATEGORY),
      '</item>\n',
    ].join('');
  };
  if (versiones.length === 0) {
    return item({
      id: groupId,
      title: name,
      link: `${siteUrl}${modelo.meta.canonical}`,
      precio: modelo.precio,
      en6: modelo.cuotas.en6,
    });
  }
  return versiones
    .map((version) =>
      item({
        id: feedId([PIECE_SEGMENTS[pieza], marca.slug, modelo.slug, version.id]),
        title: `${name} - ${versionTitle(version, pieza)}`,
        link: `${siteUrl}${modelo.meta.canonical}?${queryParams.version}=${version.id}`,
        precio: version.precio,
        en6: version.cuotas.en6,
        version,
      }),
    )
    .join('');
}

/** The feed, a model at a time. */
export function* productFeed(loaded: LoadedCatalogue, context: FeedContext): Generator<string> {
  const shop = context.facts.contact.name;
  yield [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n',
    `<title>${escapeXml(`${shop}: parabrisas y lunetas`)}</title>\n`,
    `<link>${escapeXml(`${context.siteUrl}/`)}</link>\n`,
    `<description>${escapeXml(`Precios de contado y en cuotas de ${shop}, ${context.facts.contact.address.locality}.`)}</description>\n`,
  ].join('');
  for (const marca of loaded.lookup.catalogue.marcas) {
    for (const pieza of PIEZAS) {
      for (const modelo of modelsOf(marca, pieza)) yield modelItems(context, pieza, marca, modelo);
    }
  }
  yield '</channel>\n</rss>\n';
}

/** The feed's strong validator: everything it is made from. */
export function feedEtag(loaded: LoadedCatalogue, context: FeedContext): string {
  const made = [
    FORMAT,
    loaded.hash,
    context.siteUrl,
    context.today,
    shareCardHash(shopCard(context.facts)),
  ];
  return `"${createHash('sha256').update(made.join('\n')).digest('base64url').slice(0, 32)}"`;
}

export type ProductFeedOptions = {
  readonly catalogue: CatalogueSource;
  readonly facts: () => ShopFacts;
  readonly now: () => Date;
  readonly siteUrl: string;
};

export function productFeedRoute(options: ProductFeedOptions) {
  return async (req: Request, res: Response) => {
    const loaded = options.catalogue.current();
    const context: FeedContext = {
      siteUrl: options.siteUrl,
      facts: options.facts(),
      today: shopDate(options.now()),
    };
    const etag = feedEtag(loaded, context);
    res.set({
      'Content-Type': 'application/rss+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
      ETag: etag,
      'X-Robots-Tag': 'noindex',
    });
    if (notModified(req, 200, etag)) return void res.status(304).end();
    if (req.method === 'HEAD') return void res.end();
    try {
      await pipeline(Readable.from(productFeed(loaded, context)), res);
    } catch {
      // The client went away mid-feed: nothing more to send.
      res.destroy();
    }
  };
}
