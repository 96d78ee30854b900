import { describe, it, expect } from 'vitest';
import { parsePrice } from '../../sheet/price.ts';

describe('parsePrice: accepted formats, in integer centavos', () => {
  it.each([
    ['$ 1.234.567,89', 123_456_789],
    ['$\u00A01.234.567,89', 123_456_789],
    ['1234567,89', 123_456_789],
    ['1.234.567', 123_456_700],
    ['1234567', 123_456_700],
    ['1234567.89', 123_456_789],
    ['$1.234', 123_400],
    ['  $   185.000,00  ', 18_500_000],
    ['\t185000\u00A0', 18_500_000],
    ['1,234,567.89', 123_456_789],
    ['1,234,567', 123_456_700],
    ['212.345,5', 21_234_550],
    ['212345.5', 21_234_550],
    ['0,01', 1],
    ['0012', 1200],
  ])('%j → %d', (text, centavos) => {
    expect(parsePrice(text)).toEqual({ ok: true, centavos });
  });

  it('reads `1.234` as thousands (1234 pesos) and `1,5` as a decimal ($ 1,50)', () => {
    expect(parsePrice('1.234')).toEqual({ ok: true, centavos: 123_400 });
    expect(parsePrice('1,5')).toEqual({ ok: true, centavos: 150 });
  });

  it('has no floating-point drift (0,29 × 100 is 28.999… in floats)', () => {
    expect(parsePrice('0,29')).toEqual({ ok: true, centavos: 29 });
    expect(parsePrice('1,13')).toEqual({ ok: true, centavos: 113 });
    expect(parsePrice('4,35')).toEqual({ ok: true, centavos: 435 });
    expect(parsePrice('$ 9.007.199.254.740,99')).toEqual({
      ok: true,
      centavos: 900_719_925_474_099,
    });
  });

  it('accepts up to Number.MAX_SAFE_INTEGER centavos and no more', () => {
    expect(parsePrice('90071992547409,91')).toEqual({
      ok: true,
      centavos: Number.MAX_SAFE_INTEGER,
    });
    expect(parsePrice('90071992547409,92')).toEqual({ ok: false, reason: 'too-big' });
  });
});

describe('parsePrice: rejected values', () => {
  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['\u00A0', 'empty'],
    ['abc', 'invalid'],
    ['$', 'invalid'],
    ['1.23.4', 'invalid'],
    ['12,345,6', 'invalid'],
    ['1.234,5.6', 'invalid'],
    ['1,234.5,6', 'invalid'],
    ['1234.567,89', 'invalid'],
    ['1.234,', 'invalid'],
    [',50', 'invalid'],
    ['185 000', 'invalid'],
    ['1e5', 'invalid'],
    ['US$ 100', 'invalid'],
    ['185000$', 'invalid'],
    ['12a', 'invalid'],
    ['1,234', 'too-many-decimals'],
    ['1.2345', 'too-many-decimals'],
    ['1234.567', 'too-many-decimals'],
    ['185.000,505', 'too-many-decimals'],
    ['0', 'zero'],
    ['$ 0,00', 'zero'],
    ['0.00', 'zero'],
    ['-0', 'zero'],
    ['-185000', 'negative'],
    ['$ -185.000,00', 'negative'],
    ['-$ 185.000', 'negative'],
    ['(185.000,00)', 'negative'],
    ['\u2212185000', 'negative'],
  ])('%j → %s', (text, reason) => {
    expect(parsePrice(text)).toEqual({ ok: false, reason });
  });
});
