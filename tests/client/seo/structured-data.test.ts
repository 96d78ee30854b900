import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../../catalogue/schema.ts';
import { createCatalogueLookup } from '../../../catalogue/lookup.ts';
import { productStructuredData } from '../../../client/seo/structured-data.ts';
import { summarize } from '../../../client/reviews/summary.ts';
import type { PublicReview } from '../../../client/reviews/types.ts';
import { SAMPLE_STAMP } from '../../helpers/sample.ts';
import { versionRows } from '../../fixtures/versions.ts';

const SITE = 'https://parabrisas.test';
const lookup = createCatalogueLookup(buildCatalogue(versionRows, SAMPLE_STAMP), () => 'x');
const match = (marca: string, modelo: string, pieza?: 'luneta') =>
  lookup.findProduct(marca, modelo, pieza)!;

type Offer = { '@type': string; price: number; priceValidUntil: string; availability: string };
type Variant = {
  '@type': string;
  sku: string;
  mpn?: string;
  brand?: { '@type': string; name: string };
  additionalProperty: { '@type': string; name: string; value: unknown }[];
  offers: Offer;
};

describe('product JSON-LD', () => {
  it('one plain version stays a Product with one Offer', () => {
    const data = productStructuredData(SITE, match('ford', 'fiesta'), '2026-12-22');
    expect(data['@type']).toBe('Product');
    expect(data).not.toHaveProperty('hasVariant');
    expect(data).toMatchObject({
      name: 'Parabrisas para Ford Fiesta',
      offers: { '@type': 'Offer', price: 198_500, priceCurrency: 'ARS' },
    });
  });

  it('several versions make a ProductGroup, each version a Product with its own Offer', () => {
    const corolla = match('toyota', 'corolla');
    const data = productStructuredData(SITE, corolla, '2026-12-22');
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'ProductGroup',
      name: 'Parabrisas para Toyota Corolla',
      productGroupID: 'parabrisas-toyota-corolla',
      url: `${SITE}/parabrisa/toyota/corolla`,
    });
    expect('variesBy' in data ? data.variesBy : []).toEqual([
      'Años',
      'Versión',
      'Sensor de lluvia',
      'Cámara de asistencia',
      'Calefaccionado',
      'Acústico',
      'Franja polarizada',
      'Calidad',
    ]);
    const variants: Variant[] = 'hasVariant' in data ? data.hasVariant : [];
    const versiones = corolla.modelo.versiones ?? [];
    expect(variants).toHaveLength(versiones.length);
    for (const [k, variant] of variants.entries()) {
      const version = versiones[k]!;
      expect(variant['@type']).toBe('Product');
      expect(variant.sku).toBe(version.id);
      expect(variant.offers).toMatchObject({
        '@type': 'Offer',
        price: version.precio / 100,
        priceValidUntil: '2026-12-22',
        availability:
          version.disponibilidad?.tipo === 'pedido'
            ? 'https://schema.org/BackOrder'
            : 'https://schema.org/InStock',
      });
      expect(variant.mpn).toBe(version.codigo);
      expect(variant.brand?.name).toBe(version.marcaVidrio);
      const camera = variant.additionalProperty.find((p) => p.name === 'Cámara de asistencia');
      expect(camera).toEqual({
        '@type': 'PropertyValue',
        name: 'Cámara de asistencia',
        value: version.caracteristicas.includes('camara'),
      });
    }
    expect(variants.some((v) => v.offers.availability.endsWith('BackOrder'))).toBe(true);
    expect(variants.some((v) => v.mpn === undefined)).toBe(true);
  });

  it('a rear window group is named and identified as one', () => {
    const data = productStructuredData(SITE, match('ford', 'fiesta', 'luneta'), '2026-12-22');
    expect(data).toMatchObject({
      '@type': 'ProductGroup',
      name: 'Luneta para Ford Fiesta',
      category: 'Luneta',
      productGroupID: 'luneta-ford-fiesta',
      variesBy: ['Versión'],
    });
  });

  it("carries the car's reviews only when the page shows some: the rating of all, the reviews listed", () => {
    const stars = { 1: 0, 2: 0, 3: 0, 4: 1, 5: 2 } as const;
    const review = (id: string, n: 4 | 5, body: string): PublicReview => ({
      id,
      stars: n,
      body,
      author: `Autor ${id}`,
      jobName: 'Cambio de parabrisas',
      car: 'Toyota Corolla',
      month: '2026-11',
      publishedOn: '2026-11-20',
      answer: undefined,
    });
    const summary = summarize(stars, {
      insultos: 1,
      'datos-personales': 0,
      'no-habla-del-trabajo': 0,
    });
    const data = productStructuredData(SITE, match('toyota', 'corolla'), '2026-12-22', {
      summary,
      list: [review('a', 5, 'Excelente'), review('b', 4, '')],
    });
    expect(data).toMatchObject({
      '@type': 'ProductGroup',
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4.7,
        reviewCount: 3,
        bestRating: 5,
        worstRating: 1,
      },
      review: [
        {
          '@type': 'Review',
          reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
          author: { '@type': 'Person', name: 'Autor a' },
          datePublished: '2026-11-20',
          reviewBody: 'Excelente',
        },
        { '@type': 'Review', author: { '@type': 'Person', name: 'Autor b' } },
      ],
    });
    const listed: unknown = Reflect.get(data, 'review');
    expect(Array.isArray(listed) ? listed[1] : undefined).not.toHaveProperty('reviewBody');
    const none = summarize(
      { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      { insultos: 2, 'datos-personales': 0, 'no-habla-del-trabajo': 0 },
    );
    for (const reviews of [undefined, { summary: none, list: [] }]) {
      const plain = productStructuredData(SITE, match('ford', 'fiesta'), '2026-12-22', reviews);
      expect(plain).not.toHaveProperty('aggregateRating');
      expect(plain).not.toHaveProperty('review');
    }
  });
});
