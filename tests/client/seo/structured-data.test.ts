import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../../catalogue/schema.ts';
import { createCatalogueLookup } from '../../../catalogue/lookup.ts';
import { productStructuredData } from '../../../client/seo/structured-data.ts';
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
});
