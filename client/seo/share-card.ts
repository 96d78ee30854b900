/**
 * The share picture (og:image) of a page: the words it shows, decided here, drawn by the
 * server (server/share/). A product's picture names the car and today's price; every other
 * page shows the shop's picture of the same design. Its URL carries a hash of these words, so
 * a new price or a new shop name is a new URL and WhatsApp's and Facebook's caches, which key
 * on the URL, never show an old price (docs/decisions/2026-12-04-share-pictures.md).
 *
 * Pure: no React, no browser or Node APIs (the page's meta tags and the server both use it).
 */
import { formatARSPlain, type Centavos } from '../../catalogue/money.ts';
import type { Pieza } from '../../catalogue/pieces.ts';
import type { ProductMatch } from '../../catalogue/lookup.ts';
import type { ShopFacts } from '../facts/types.ts';
import { pieceNames } from '../content/glass.ts';
import { paths } from '../paths.ts';

/** The picture's lines, top to bottom. */
export type ShareCard = {
  /** The shop's name. */
  readonly shop: string;
  /** "Parabrisas Toyota Hilux". */
  readonly title: string;
  /** The cash price ("desde $ 598.000,00"), or the shop's offer. */
  readonly headline: string;
  /** "6 cuotas sin interés de $ 99.666,67", or the shop's second line. */
  readonly detail: string;
  /** The shop's city. */
  readonly city: string;
};

export const SHARE_PICTURE = { width: 1200, height: 630, type: 'image/png' } as const;

/**
 * Bumped when the drawing changes (server/share/draw.ts), so that every URL changes with it
 * and no cache keeps the old design.
 */
const DESIGN = 1;

/** The instalments the picture shows: the longest plan without interest. */
const INSTALMENTS = 6;

export type ShareProduct = {
  readonly pieza: Pieza;
  readonly marca: string;
  readonly nombre: string;
  readonly precio: Centavos;
  readonly cuotas: { readonly en6: Centavos };
  readonly versiones: number;
};

function city(facts: ShopFacts): string {
  return facts.contact.address.locality;
}

/** A model's picture: its name, its cash price ("desde" when versions differ), 6 cuotas. */
export function productCard(facts: ShopFacts, product: ShareProduct): ShareCard {
  const price = formatARSPlain(product.precio);
  return {
    shop: facts.contact.name,
    title: `${pieceNames[product.pieza].name} ${product.marca} ${product.nombre}`,
    headline: product.versiones > 1 ? `desde ${price}` : price,
    detail: `${INSTALMENTS} cuotas sin interés de ${formatARSPlain(product.cuotas.en6)}`,
    city: city(facts),
  };
}

/** The picture of a product page's model (what the page and the picture's route both draw). */
export function matchCard(facts: ShopFacts, match: ProductMatch): ShareCard {
  return productCard(facts, {
    pieza: match.pieza,
    marca: match.marca.marca,
    nombre: match.modelo.nombre,
    precio: match.modelo.precio,
    cuotas: match.modelo.cuotas,
    versiones: match.modelo.versiones?.length ?? 0,
  });
}

/** The shop's picture (home, the price list, every page without a product). */
export function shopCard(facts: ShopFacts): ShareCard {
  return {
    shop: facts.contact.name,
    title: 'Parabrisas, lunetas y cristales',
    headline: 'Colocación garantizada',
    detail: `Hasta ${INSTALMENTS} cuotas sin interés`,
    city: city(facts),
  };
}

/** og:image:alt: the same words the picture shows. */
export function shareCardAlt(card: ShareCard): string {
  return `${card.shop}: ${card.title}, ${card.headline}, ${card.detail}. ${card.city}.`;
}

/**
 * 16 hex digits from the card's words and the design version: two 32-bit FNV-1a hashes with
 * different offsets. Not a secret, only a name that changes when the picture does.
 */
export function shareCardHash(card: ShareCard): string {
  const text = [DESIGN, card.shop, card.title, card.headline, card.detail, card.city].join('\n');
  const fnv = (offset: number) => {
    let h = offset;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h.toString(16).padStart(8, '0');
  };
  return fnv(0x811c9dc5) + fnv(0x01000193);
}

/** The picture's root-relative URL: a product's (by its canonical path) or the shop's. */
export function sharePicturePath(card: ShareCard, canonical: string | null): string {
  return paths.sharePicture(canonical, shareCardHash(card));
}
