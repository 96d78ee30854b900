/**
 * Every business fact the site shows, in one place (docs/product.md, Business facts).
 * Pure data: no React, no browser or Node APIs, so the server and the client can both
 * import it. Change a fact here and every page follows.
 *
 * Sample values: the phone, address and profiles below are the shop's placeholders
 * until the owner confirms them (see README, "Business details").
 */

import type { Slot, Week } from './hours.ts';
import { formatARSPlain, type Centavos } from '../../catalogue/money.ts';

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

/** A wa.me link, optionally with a prefilled message. */
export function whatsappLink(message?: string): string {
  const base = `https://wa.me/${business.whatsappNumber}`;
  return message ? `${base}?text=${encodeURIComponent(message)}` : base;
}

/** The default "Comprar ahora": WhatsApp, with brand, model and the published price prefilled. */
export function whatsappPurchaseLink(product: { name: string; precio: Centavos }): string {
  return whatsappLink(
    `Hola, quiero comprar el parabrisas para ${product.name} (precio publicado ${formatARSPlain(product.precio)}). ¿Tienen stock?`,
  );
}
