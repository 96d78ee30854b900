/** schema.org objects built from the business module and the catalogue. */
import { business } from '../content/business.ts';
import { openingHoursSpecification } from '../content/hours.ts';
import { zones } from '../content/zones.ts';
import type { Marca, Modelo } from '../../catalogue/schema.ts';
import { toPesos } from '../../catalogue/money.ts';

export function localBusiness(siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': ['AutoRepair', 'AutoPartsStore'],
    '@id': `${siteUrl}/#negocio`,
    name: business.name,
    description: business.tagline,
    url: `${siteUrl}/`,
    telephone: business.phoneE164,
    email: business.email,
    image: `${siteUrl}/og-image.jpg`,
    priceRange: '$$',
    currenciesAccepted: 'ARS',
    paymentAccepted: business.paymentMethods.join(', '),
    address: {
      '@type': 'PostalAddress',
      streetAddress: business.address.street,
      addressLocality: business.address.locality,
      addressRegion: business.address.region,
      postalCode: business.address.postalCode,
      addressCountry: business.address.country,
    },
    geo: { '@type': 'GeoCoordinates', ...business.geo },
    openingHoursSpecification: openingHoursSpecification(business.hours),
    // Where the shop installs at home (client/content/zones.ts).
    areaServed: zones.map((zone) => ({ '@type': 'City', name: zone.locality })),
    sameAs: [business.social.instagram.url, business.social.facebook.url],
  };
}

export function breadcrumbs(siteUrl: string, items: readonly { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: `${siteUrl}${item.path}`,
    })),
  };
}

export function productOffer(siteUrl: string, marca: Marca, modelo: Modelo, validUntil: string) {
  const url = `${siteUrl}${modelo.meta.canonical}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `Parabrisas para ${marca.marca} ${modelo.nombre}`,
    description: modelo.meta.description,
    category: 'Parabrisas',
    url,
    image: `${siteUrl}/og-image.jpg`,
    isAccessoryOrSparePartFor: { '@type': 'Car', brand: marca.marca, model: modelo.nombre },
    offers: {
      '@type': 'Offer',
      url,
      price: toPesos(modelo.precio),
      priceCurrency: 'ARS',
      priceValidUntil: validUntil,
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@id': `${siteUrl}/#negocio` },
    },
  };
}
