import { describe, expect, it } from 'vitest';
import {
  canonicalVersionId,
  canonicalWanted,
  canonicalYear,
  differingFeatures,
  filterFromQuery,
  filterQuery,
  filterYears,
  matches,
  type FilterableVersion,
} from '../../../client/components/version-filter.ts';

const v = (
  id: string,
  anioDesde: number | null,
  anioHasta: number | null,
  caracteristicas: FilterableVersion['caracteristicas'],
): FilterableVersion => ({ id, anioDesde, anioHasta, caracteristicas });

const versions = [
  v('vieja', 2008, 2013, []),
  v('vieja-sensor', 2008, 2013, ['sensorLluvia']),
  v('nueva-camara', 2020, null, ['sensorLluvia', 'camara']),
];

describe('canonical values', () => {
  it.each([
    ['2021', '2021'],
    [' 2021 ', '2021'],
    ['1949', undefined],
    ['2101', undefined],
    ['20x1', undefined],
    ['021', undefined],
  ])('year %j -> %j', (value, expected) => expect(canonicalYear(value)).toBe(expected));

  it.each([
    ['si', 'si'],
    ['Sí', 'si'],
    ['SI', 'si'],
    ['1', 'si'],
    ['con', 'si'],
    ['no', 'no'],
    ['0', 'no'],
    ['Sin', 'no'],
    ['', undefined],
    ['quizas', undefined],
  ])('feature %j -> %j', (value, expected) => expect(canonicalWanted(value)).toBe(expected));

  it.each([
    ['2020-sensorlluvia', '2020-sensorlluvia'],
    ['Con Espacio', undefined],
    ['<script>', undefined],
    ['a'.repeat(201), undefined],
  ])('version %j -> %j', (value, expected) => expect(canonicalVersionId(value)).toBe(expected));
});

describe('the filter', () => {
  it('reads a query in any spelling and writes it back in one', () => {
    const filter = filterFromQuery(new URLSearchParams('camara=S%C3%AD&anio=2021&sensor=x'));
    expect(filter).toEqual({ anio: 2021, features: { camara: 'si' } });
    expect(filterQuery(filter)).toBe('?anio=2021&camara=si');
    expect(filterQuery(filterFromQuery(new URLSearchParams('')))).toBe('');
  });

  it('asks only about the features that differ', () => {
    expect(differingFeatures(versions)).toEqual(['sensorLluvia', 'camara']);
    expect(differingFeatures([versions[0]!])).toEqual([]);
  });

  it('offers the years from the oldest to the open end, newest first', () => {
    const years = filterYears(versions, 2027);
    expect(years[0]).toBe(2027);
    expect(years.at(-1)).toBe(2008);
    expect(years).toHaveLength(20);
    expect(filterYears([v('x', null, null, [])], 2027)).toEqual([]);
    expect(filterYears([v('x', 2010, 2012, [])], 2027)).toEqual([2012, 2011, 2010]);
  });

  it.each([
    [{ anio: 2010, features: {} }, ['vieja', 'vieja-sensor']],
    [{ anio: 2016, features: {} }, []],
    [{ anio: 2030, features: {} }, ['nueva-camara']],
    [{ anio: null, features: { sensorLluvia: 'si' } }, ['vieja-sensor', 'nueva-camara']],
    [{ anio: null, features: { sensorLluvia: 'no' } }, ['vieja']],
    [{ anio: 2012, features: { camara: 'no', sensorLluvia: 'si' } }, ['vieja-sensor']],
  ] as const)('%j keeps %j', (filter, ids) => {
    expect(versions.filter((version) => matches(version, filter)).map((x) => x.id)).toEqual(ids);
  });
});
