import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogueSchema } from '../../catalogue/schema.ts';
import { canonicalQuery, createSearchIndex, searchWords } from '../../catalogue/search.ts';

const sample = catalogueSchema.parse(
  JSON.parse(readFileSync(new URL('../../catalogue/catalogue.json', import.meta.url), 'utf8')),
);
const index = createSearchIndex(sample);
const first = (query: string) => index.search(query).hits[0]?.path;

describe('search by name, on the sample catalogue', () => {
  it.each([
    ['hilux', '/parabrisa/toyota/hilux'],
    ['Hilux 2018', '/parabrisa/toyota/hilux'],
    ['HÍLUX', '/parabrisa/toyota/hilux'],
    ['toyota hilux', '/parabrisa/toyota/hilux'],
    ['luneta hilux', '/luneta/toyota/hilux'],
    ['parabrisas para la hilux', '/parabrisa/toyota/hilux'],
    ['gol trend', '/parabrisa/volkswagen/gol'],
    ['208gt', '/parabrisa/peugeot/208-gt'],
    ['208 GT', '/parabrisa/peugeot/208-gt'],
    ['peugeot 208', '/parabrisa/peugeot/208'],
    ['2008', '/parabrisa/peugeot/2008'],
    ['hrv', '/parabrisa/honda/hr-v'],
    ['HR-V', '/parabrisa/honda/hr-v'],
    ['crv', '/parabrisa/honda/cr-v'],
    ['t cross', '/parabrisa/volkswagen/t-cross'],
    ['citroën', undefined],
    ['corol', '/parabrisa/toyota/corolla'],
    ['Renault Sandero Stepway', '/parabrisa/renault/sandero'],
    ['zzzz', undefined],
    ['', undefined],
    ['de la para', undefined],
  ])('%j finds %s first', (query, expected) => {
    expect(first(query)).toBe(expected);
  });

  it('a year narrows to the models with a version for it, and is said', () => {
    const { hits, year } = index.search('sandero 2010');
    expect(year).toBe(2010);
    expect(hits.map((h) => h.path)).toEqual(['/parabrisa/renault/sandero']);
    // No version of the Onix is for 1990: nothing (plain models fit any year).
    expect(index.search('onix 1990').hits).toEqual([]);
    expect(index.search('etios 1990').hits.map((h) => h.path)).toEqual(['/parabrisa/toyota/etios']);
  });

  it('a brand lists its models, windshields before rear windows', () => {
    const paths = index.search('toyota').hits.map((h) => h.path);
    expect(paths).toHaveLength(7);
    expect(paths.indexOf('/parabrisa/toyota/hilux')).toBeLessThan(
      paths.indexOf('/luneta/toyota/hilux'),
    );
  });

  it('each hit says its price, piece and versions', () => {
    expect(index.search('ranger').hits[0]).toMatchObject({
      pieza: 'parabrisas',
      marca: 'Ford',
      nombre: 'Ranger',
      versiones: 6,
    });
  });
});

describe('query words', () => {
  it('split letters from digits, drop accents, case and punctuation', () => {
    expect(searchWords('  Peugeot 208GT, ¡Año 2018!  ')).toEqual([
      'peugeot',
      '208',
      'gt',
      'ano',
      '2018',
    ]);
  });

  it('the canonical query is its words, at most six', () => {
    expect(canonicalQuery('  HILUX   2018 ')).toBe('hilux 2018');
    expect(canonicalQuery('Hílux—2018')).toBe('hilux 2018');
    expect(canonicalQuery('a b c d e f g h')).toBe('a b c d e f');
    expect(canonicalQuery('¡¿!')).toBe('');
  });
});
