/** schema.org objects built from the published facts, the shop's content and the catalogue. */
import { shopContent } from '../content/business.ts';
import { openingHoursSpecification } from '../content/hours.ts';
import type { ShopFacts } from '../facts/types.ts';
import type { Marca, Modelo, Version } from '../../catalogue/schema.ts';
import { toPesos } from '../../catalogue/money.ts';
import { FEATURES, type Pieza } from '../../catalogue/pieces.ts';
import type { ProductMatch } from '../../catalogue/lookup.ts';
import { featureLabels, featuresTitle, pieceNames, yearsLabel } from '../content/glass.ts';
import { queryParams } from '../paths.ts';
import type { ProductReviews } from '../reviews/types.ts';

/**
 * The shop as schema.org's AutoRepair and AutoPartsStore, from the published facts. No `geo`:
 * coordinates would not follow an address the owner changes (Google reads the address).
 */
export function localBusiness(siteUrl: string, { contact, hours, zones }: ShopFacts) {
  const { address } = contact;
  return {
    '@context': 'https://schema.org',
    '@type': ['AutoRepair', 'AutoPartsStore'],
    '@id': `${siteUrl}/#negocio`,
    name: contact.name,
    description: shopContent.tagline,
    url: `${siteUrl}/`,
    telephone: contact.phoneE164,
    email: contact.email,
    image: `${siteUrl}/og-image.jpg`,
    priceRange: '$$',
    currenciesAccepted: 'ARS',
    paymentAccepted: shopContent.paymentMethods.join(', '),
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      addressLocality: address.locality,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: address.country,
    },
    openingHoursSpecification: openingHoursSpecification(hours),
    // Where the shop installs at home (the published zones).
    areaServed: zones.map((zone) => ({ '@type': 'City', name: zone.locality })),
    sameAs: [contact.instagramUrl, contact.facebookUrl].filter((url) => url !== null),
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

export function productOffer(
  siteUrl: string,
  marca: Marca,
  modelo: Pick<Modelo, 'nombre' | 'precio' | 'meta'>,
  validUntil: string,
  pieza: Pieza = 'parabrisas',
  image = `${siteUrl}/og-image.jpg`,
) {
  const url = `${siteUrl}${modelo.meta.canonical}`;
  const piece = pieceNames[pieza].name;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `${piece} para ${marca.marca} ${modelo.nombre}`,
    description: modelo.meta.description,
    category: piece,
    url,
    image,
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

/** What tells versions apart, as schema.org says it (`variesBy`, `additionalProperty` names). */
const YEARS_PROPERTY = 'Años';
const TRIM_PROPERTY = 'Versión';
const QUALITY_PROPERTY = 'Calidad';

/** What names a version among its model's: "Highline, Con sensor de lluvia, 2016 a 2020". */
export function versionTitle(version: Version, pieza: Pieza): string {
  return [version.version, featuresTitle(version.caracteristicas, pieza), yearsLabel(version)]
    .filter((part) => part !== undefined)
    .join(', ');
}

/** One version as a schema.org Product with its own Offer. */
function versionProduct(
  siteUrl: string,
  group: { name: string; path: string; piece: string; pieza: Pieza },
  version: Version,
  validUntil: string,
) {
  const url = `${siteUrl}${group.path}?${queryParams.version}=${version.id}`;
  const years = yearsLabel(version);
  const title = versionTitle(version, group.pieza);
  return {
    '@type': 'Product',
    '@id': `${url}#${version.id}`,
    name: `${group.name} - ${title}`,
    sku: version.id,
    category: group.piece,
    url,
    ...(version.codigo ? { mpn: version.codigo } : {}),
    ...(version.marcaVidrio ? { brand: { '@type': 'Brand', name: version.marcaVidrio } } : {}),
    additionalProperty: [
      ...(years ? [{ '@type': 'PropertyValue', name: YEARS_PROPERTY, value: years }] : []),
      ...(version.version
        ? [{ '@type': 'PropertyValue', name: TRIM_PROPERTY, value: version.version }]
        : []),
      ...(version.calidad
        ? [{ '@type': 'PropertyValue', name: QUALITY_PROPERTY, value: version.calidad }]
        : []),
      ...FEATURES.map((feature) => ({
        '@type': 'PropertyValue',
        name: featureLabels[feature].label,
        value: version.caracteristicas.includes(feature),
      })),
    ],
    offers: {
      '@type': 'Offer',
      url,
      price: toPesos(version.precio),
      priceCurrency: 'ARS',
      priceValidUntil: validUntil,
      availability:
        version.disponibilidad?.tipo === 'pedido'
          ? 'https://schema.org/BackOrder'
          : 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@id': `${siteUrl}/#negocio` },
    },
  };
}

/**
 * The reviews a product page shows, as schema.org says them: the rating of every published
 * review of that car and the reviews listed on the page. Nothing when there is none (Google's
 * review snippets: only what is visible; never on the LocalBusiness, which is self-serving).
 */
export function reviewsStructuredData(reviews: ProductReviews | undefined) {
  const average = reviews?.summary.average;
  if (!reviews || average === undefined || reviews.list.length === 0) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: Math.round(average * 10) / 10,
      reviewCount: reviews.summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.list.map((r) => ({
      '@type': 'Review',
      reviewRating: { '@type': 'Rating', ratingValue: r.stars, bestRating: 5, worstRating: 1 },
      author: { '@type': 'Person', name: r.author },
      datePublished: r.publishedOn,
      ...(r.body ? { reviewBody: r.body } : {}),
    })),
  };
}

/**
 * A product page's structured data: a plain Product for a model of one version (as before
 * versions existed), a ProductGroup whose variants are the versions otherwise; with the car's
 * reviews when the page shows some.
 */
export function productStructuredData(
  siteUrl: string,
  match: ProductMatch,
  validUntil: string,
  reviews?: ProductReviews,
  /** The model's share picture (client/seo/share-card.ts), absolute. */
  image = `${siteUrl}/og-image.jpg`,
) {
  const { marca, modelo, pieza } = match;
  const versiones = modelo.versiones ?? [];
  if (versiones.length < 2)
    return {
      ...productOffer(siteUrl, marca, modelo, validUntil, pieza, image),
      ...reviewsStructuredData(reviews),
    };
  const piece = pieceNames[pieza].name;
  const name = `${piece} para ${marca.marca} ${modelo.nombre}`;
  const differs = (value: (v: Version) => unknown) =>
    new Set(versiones.map((v) => JSON.stringify(value(v)))).size > 1;
  const variesBy = [
    ...(differs((v) => yearsLabel(v)) ? [YEARS_PROPERTY] : []),
    ...(differs((v) => v.version) ? [TRIM_PROPERTY] : []),
    ...FEATURES.filter((f) => differs((v) => v.caracteristicas.includes(f))).map(
      (f) => featureLabels[f].label,
    ),
    ...(differs((v) => v.calidad) ? [QUALITY_PROPERTY] : []),
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    name,
    description: modelo.meta.description,
    category: piece,
    url: `${siteUrl}${modelo.meta.canonical}`,
    image,
    productGroupID: `${pieza}-${marca.slug}-${modelo.slug}`,
    isAccessoryOrSparePartFor: { '@type': 'Car', brand: marca.marca, model: modelo.nombre },
    variesBy,
    hasVariant: versiones.map((version) =>
      versionProduct(
        siteUrl,
        { name, path: modelo.meta.canonical, piece, pieza },
        version,
        validUntil,
      ),
    ),
    ...reviewsStructuredData(reviews),
  };
}
