import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../catalogue/schema.ts';
import { createCatalogueLookup, type PurchaseSubject } from '../../catalogue/lookup.ts';
import { SAMPLE_STAMP } from '../helpers/sample.ts';
import { versionRows } from '../fixtures/versions.ts';

const asked: PurchaseSubject[] = [];
const lookup = createCatalogueLookup(buildCatalogue(versionRows, SAMPLE_STAMP), (subject) => {
  asked.push(subject);
  return `https://wa.example/${subject.pieza}/${subject.modelo}/${subject.version?.id ?? 'modelo'}`;
});

describe('findProduct by piece', () => {
  it('finds a windshield by default and a rear window when asked', () => {
    expect(lookup.findProduct('ford', 'fiesta')?.pieza).toBe('parabrisas');
    expect(lookup.findProduct('ford', 'fiesta', 'luneta')?.pieza).toBe('luneta');
    expect(lookup.findProduct('ford', 'fiesta', 'luneta')?.modelo.meta.canonical).toBe(
      '/luneta/ford/fiesta',
    );
  });

  it('is case-insensitive and accepts names for slugs, in either piece', () => {
    expect(lookup.findProduct('TOYOTA', 'Hilux', 'luneta')?.modelo.slug).toBe('hilux');
    expect(lookup.findProduct('Toyota', 'COROLLA')?.modelo.slug).toBe('corolla');
  });

  it('does not mix the pieces', () => {
    expect(lookup.findProduct('toyota', 'hilux')).toBeUndefined();
    expect(lookup.findProduct('toyota', 'corolla', 'luneta')).toBeUndefined();
  });

  it('pairs a model with its other piece', () => {
    expect(lookup.findProduct('ford', 'fiesta')?.pair?.modelo.meta.canonical).toBe(
      '/luneta/ford/fiesta',
    );
    expect(lookup.findProduct('ford', 'fiesta', 'luneta')?.pair?.pieza).toBe('parabrisas');
    expect(lookup.findProduct('toyota', 'corolla')?.pair).toBeUndefined();
  });

  it('gives each version its own purchase link, and the model one', () => {
    const corolla = lookup.findProduct('toyota', 'corolla')!.modelo;
    expect(corolla.versiones).toHaveLength(12);
    for (const version of corolla.versiones ?? []) {
      expect(version.url).toBe(`https://wa.example/parabrisas/Corolla/${version.id}`);
    }
    expect(corolla.url).toBe('https://wa.example/parabrisas/Corolla/modelo');
    const subject = asked.find((s) => s.version?.caracteristicas.includes('camara'));
    expect(subject).toMatchObject({ pieza: 'parabrisas', marca: 'Toyota', modelo: 'Corolla' });
    expect(subject?.precio).toBe(subject?.version?.precio);
  });

  it('a spreadsheet URL wins over the default link', () => {
    const url = 'https://tienda.example/luneta';
    const rows = versionRows.map((row) => (row.modelo === 'Hilux' ? { ...row, url } : row));
    const withUrl = createCatalogueLookup(buildCatalogue(rows, SAMPLE_STAMP), () => 'x');
    expect(withUrl.findProduct('toyota', 'hilux', 'luneta')?.modelo.url).toBe(url);
  });
});

describe('brandIndex', () => {
  it('gives "desde" prices, version counts and the rear windows', () => {
    const toyota = lookup.brandIndex.find((b) => b.slug === 'toyota');
    expect(toyota?.modelos).toEqual([
      { nombre: 'Corolla', slug: 'corolla', precio: 28_000_000, versiones: 12 },
    ]);
    expect(toyota?.lunetas).toEqual([
      { nombre: 'Hilux', slug: 'hilux', precio: 22_000_000, versiones: 1 },
    ]);
    const ford = lookup.brandIndex.find((b) => b.slug === 'ford');
    expect(ford?.lunetas[0]).toMatchObject({ precio: 15_000_000, versiones: 2 });
  });

  it('counts the product pages of both pieces', () => {
    expect(lookup.modelCount).toBe(4);
  });
});
