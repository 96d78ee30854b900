/**
 * The shop's content that is not the owner's to publish (what it sells, how it is paid), the
 * first version of the owner's facts (`business`: only client/facts/defaults.ts reads it), and
 * the site's WhatsApp links and messages. Pure data: no React, no browser or Node APIs.
 *
 * Sample values: the phone, address and profiles in `business` are placeholders until the
 * owner publishes his own in the panel (docs/decisions/2026-11-28-shop-facts.md).
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

/**
 * The owner's facts as a new install starts with them: the first version of the published facts
 * (client/facts/defaults.ts reads this, and nothing else may: pages read the published facts,
 * `context.facts` / `useFacts()`). The owner changes them in the panel, "Datos del negocio".
 */
export const business = {
  name: 'Parabrisas Jujuy',
  /** Phone as people dial it in Argentina and as shown; E.164 and wa.me are derived from it. */
  phoneDisplay: '(0388) 15 412-3456',
  email: 'contacto@parabrisasjujuy.com.ar',
  address: {
    street: 'Av. Fascio 1250',
    locality: 'San Salvador de Jujuy',
    region: 'Jujuy',
    postalCode: 'Y4600',
  },
  social: {
    instagram: 'https://www.instagram.com/parabrisasjujuy/',
    facebook: 'https://www.facebook.com/parabrisasjujuy',
  },
  /** Tax-authority (ARCA, ex AFIP) "Data Fiscal" QR link. */
  dataFiscalUrl: 'http://qr.afip.gob.ar/?qr=parabrisasjujuy-data-fiscal',
  /** Monday to Sunday; see hours.ts for the derived forms. */
  hours: [weekday, weekday, weekday, weekday, weekday, [morning], []] satisfies Week,
  counters: [
    { value: 4, label: 'años de experiencia' },
    { value: 485, label: 'clientes satisfechos' },
    { value: 100, label: 'modelos de autos' },
  ],
} as const;

/** What the shop sells and how it is paid: content, not the owner's published facts. */
export const shopContent = {
  tagline: 'Parabrisas, lunetas, laterales y polarizados en San Salvador de Jujuy',
  /** ARCA's "Data Fiscal" badge image (the link is the owner's: facts.fiscal.dataFiscalUrl). */
  dataFiscalBadge: {
    imageUrl: 'https://www.afip.gob.ar/images/f960/DATAWEB.jpg',
    width: 60,
    height: 82,
  },
  glassBrands: ['Pilkington', 'Saint-Gobain Sekurit', 'Fuyao', 'AGC'],
  paymentMethods: ['Efectivo', 'Transferencia bancaria', 'Tarjeta de débito', 'Tarjeta de crédito'],
  instalmentOptions: [3, 6, 9, 12],
  instalmentScheme: 'Cuota Simple',
  /** VAT (IVA) in the prices, for the "Precio sin impuestos nacionales" line (Ley 27.743). */
  vatPercent: 21,
} as const;

/** `<title>` of a secondary page: 'Precios de parabrisas - Parabrisas Jujuy' (the shop's published name). */
export function pageTitle(title: string, shopName: string): string {
  return `${title} - ${shopName}`;
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
export function whatsappChat(whatsappNumber: string, message?: string): string {
  const base = `https://wa.me/${whatsappNumber}`;
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
