/**
 * Every business fact the site shows, in one place (docs/product.md, Business facts).
 * Pure data: no React, no browser or Node APIs, so the server and the client can both
 * import it. Change a fact here and every page follows.
 *
 * Sample values: the phone, address and profiles below are the shop's placeholders
 * until the owner confirms them (see README, "Business details").
 */

import type { Slot, Week } from './hours.ts';
import { formatARSPlain } from '../../catalogue/money.ts';
import type { PurchaseSubject } from '../../catalogue/lookup.ts';
import { featuresTitle, pieceNames, yearsLabel } from './glass.ts';
import type { Pieza } from '../../catalogue/pieces.ts';
import { slugify } from '../../catalogue/slug.ts';
import { paths } from '../paths.ts';

const morning: Slot = { opens: '09:00', closes: '13:00' };
const weekday: readonly Slot[] = [morning, { opens: '14:00', closes: '18:00' }];

export const business = {
  name: 'Parabrisas Jujuy',
  tagline: 'Parabrisas, lunetas, laterales y polarizados en San Salvador de Jujuy',
  /** Phone as people dial it in Argentina and as shown on the page. */
  phoneDisplay: '(0388) 15 412-3456',
  /** E.164, for tel: links and schema.org. */
  phoneE164: '+5493884123456',
  /** wa.me wants 549 + area code + number, without the 0 and the 15. */
  whatsappNumber: '5493884123456',
  email: 'contacto@parabrisasjujuy.com.ar',
  address: {
    street: 'Av. Fascio 1250',
    locality: 'San Salvador de Jujuy',
    region: 'Jujuy',
    postalCode: 'Y4600',
    country: 'AR',
  },
  geo: { latitude: -24.1858, longitude: -65.2995 },
  mapEmbedUrl:
    'https://maps.google.com/maps?q=Av.%20Fascio%201250%2C%20San%20Salvador%20de%20Jujuy&z=15&output=embed',
  mapLinkUrl: 'https://maps.google.com/?q=Av.%20Fascio%201250%2C%20San%20Salvador%20de%20Jujuy',
  social: {
    instagram: { handle: '@parabrisasjujuy', url: 'https://www.instagram.com/parabrisasjujuy/' },
    facebook: { handle: 'Parabrisas Jujuy', url: 'https://www.facebook.com/parabrisasjujuy' },
  },
  /** Tax-authority (ARCA, ex AFIP) "Data Fiscal" badge: link and image. */
  dataFiscal: {
    url: 'http://qr.afip.gob.ar/?qr=parabrisasjujuy-data-fiscal',
    imageUrl: 'https://www.afip.gob.ar/images/f960/DATAWEB.jpg',
    width: 60,
    height: 82,
  },
  /** docs/product.md, Business facts: Monday to Sunday; see hours.ts for the derived forms. */
  hours: [weekday, weekday, weekday, weekday, weekday, [morning], []] satisfies Week,
  counters: [
    { value: 4, label: 'años de experiencia' },
    { value: 485, label: 'clientes satisfechos' },
    { value: 100, label: 'modelos de autos' },
  ],
  glassBrands: ['Pilkington', 'Saint-Gobain Sekurit', 'Fuyao', 'AGC'],
  paymentMethods: ['Efectivo', 'Transferencia bancaria', 'Tarjeta de débito', 'Tarjeta de crédito'],
  instalmentOptions: [3, 6, 9, 12],
  instalmentScheme: 'Cuota Simple',
  /** VAT (IVA) in the prices, for the "Precio sin impuestos nacionales" line (Ley 27.743). */
  vatPercent: 21,
} as const;

/** `<title>` of a secondary page: 'Precios de parabrisas - Parabrisas Jujuy'. */
export function pageTitle(title: string): string {
  return `${title} - ${business.name}`;
}

/**
 * A WhatsApp link of the site: through our server (`/ir/whatsapp/...`), which counts the click
 * and answers with a redirect to the wa.me address it builds itself (server/demand/whatsapp-route.ts).
 * The message travels as an id only: the server knows the text of every id the site links to;
 * an id it does not know opens the chat without text.
 */
export function whatsappLink(message?: string): string {
  return message ? `${paths.whatsappOut}/${whatsappMessageId(message)}` : paths.whatsappOut;
}

/**
 * The wa.me address itself, optionally with a prefilled message: what the server redirects to,
 * and the one direct link, a booking's private page (its message carries the customer's
 * details, which no counted URL should, and that page is nobody's demand).
 */
export function whatsappChat(message?: string): string {
  const base = `https://wa.me/${business.whatsappNumber}`;
  return message ? `${base}?text=${encodeURIComponent(message)}` : base;
}

/** A message's id in `/ir/whatsapp/{id}`: FNV-1a of its text, in base 36. */
export function whatsappMessageId(message: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < message.length; i++) {
    hash ^= message.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** The question on a product page ("¿Dudas sobre tu versión o año?"). */
export function productQuestion(pieza: Pieza, name: string): string {
  return `Hola, tengo una consulta por ${pieceNames[pieza].the} para ${name}.`;
}

/** Once the prices are out of date: the current price of this product, or of the list. */
export function priceQuestion(pieza: Pieza, product?: string): string {
  return product
    ? `Hola, ¿cuál es el precio actual de ${pieceNames[pieza].the} para ${product}?`
    : 'Hola, ¿me pasan los precios actuales de parabrisas?';
}

/**
 * The default "Comprar ahora": through our server like every WhatsApp link, naming the piece,
 * the model and, for one version of several, its id; the server builds the message
 * (whatsappPurchaseMessage) from the live catalogue.
 */
export function whatsappPurchaseLink(subject: PurchaseSubject): string {
  const product = `${paths.whatsappOut}/${purchaseSegment}/${subject.pieza}/${slugify(subject.marca)}/${slugify(subject.modelo)}`;
  return subject.version ? `${product}/${encodeURIComponent(subject.version.id)}` : product;
}

/** The purchase links' segment: `/ir/whatsapp/comprar/{pieza}/{marca}/{modelo}[/{version}]`. */
export const purchaseSegment = 'comprar';

/**
 * The purchase message: the piece, brand, model and the published price; for one version of
 * several, also its years, trim and features, and the offer of a photo of the glass's stamp
 * (sello) when the visitor is not sure which one is theirs.
 */
export function whatsappPurchaseMessage(subject: PurchaseSubject): string {
  const piece = pieceNames[subject.pieza].the;
  const price = `precio publicado ${formatARSPlain(subject.precio)}`;
  const { version } = subject;
  if (!version) {
    return `Hola, quiero comprar ${piece} para ${subject.marca} ${subject.modelo} (${price}). ¿Tienen stock?`;
  }
  const years = yearsLabel(version);
  const parts = [
    years ? `años ${years}` : undefined,
    version.version ? `versión ${version.version}` : undefined,
    featuresTitle(version.caracteristicas, subject.pieza).toLowerCase(),
    version.calidad ? `calidad ${version.calidad}` : undefined,
    version.marcaVidrio,
    version.codigo ? `código ${version.codigo}` : undefined,
  ].filter((part): part is string => part !== undefined);
  return `Hola, quiero comprar ${piece} para ${subject.marca} ${subject.modelo}: ${parts.join(', ')} (${price}). ¿Tienen stock? Si no estoy seguro de que sea el mío, les mando una foto del sello del vidrio.`;
}
