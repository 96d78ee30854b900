import { describe, it, expect } from 'vitest';
import { formatARS, formatARSPlain, instalment, toPesos } from '../../catalogue/money.ts';

/** Reference: ceil(price / n) with BigInt, independent of the implementation. */
function ceilDiv(price: number, n: number): number {
  return Number((BigInt(price) + BigInt(n) - 1n) / BigInt(n));
}

describe('instalment', () => {
  it('rounds up to the centavo', () => {
    expect(instalment(100_000, 3)).toBe(33_334);
    expect(instalment(1, 6)).toBe(1);
    expect(instalment(7, 6)).toBe(2);
    expect(instalment(31_234_550, 3)).toBe(10_411_517);
    expect(instalment(31_234_550, 6)).toBe(5_205_759);
  });

  it('is exact when the division is', () => {
    expect(instalment(18_000_000, 3)).toBe(6_000_000);
    expect(instalment(18_000_000, 6)).toBe(3_000_000);
    expect(instalment(6, 6)).toBe(1);
    expect(instalment(12_345, 1)).toBe(12_345);
  });

  it('stays exact for big amounts, where floats would drift', () => {
    expect(instalment(Number.MAX_SAFE_INTEGER, 3)).toBe(3_002_399_751_580_331);
    expect(instalment(Number.MAX_SAFE_INTEGER, 6)).toBe(1_501_199_875_790_166);
    expect(instalment(Number.MAX_SAFE_INTEGER - 1, 6)).toBe(1_501_199_875_790_165); // exact
  });

  it('agrees with a BigInt ceiling for every price up to 2.000 centavos and n = 3, 6, 9, 12', () => {
    for (const n of [3, 6, 9, 12]) {
      for (let price = 1; price <= 2000; price += 1) {
        expect(instalment(price, n)).toBe(ceilDiv(price, n));
      }
    }
  });

  it('never charges less than the price and never a centavo more than needed', () => {
    for (const price of [1, 99, 100_001, 21_234_550, 59_876_545, 2 ** 52 + 7]) {
      for (const n of [3, 6]) {
        const each = instalment(price, n);
        expect(each * n).toBeGreaterThanOrEqual(price);
        expect((each - 1) * n).toBeLessThan(price);
      }
    }
  });

  it('rejects prices and counts that are not positive safe integers', () => {
    expect(() => instalment(0, 3)).toThrow(RangeError);
    expect(() => instalment(-100, 3)).toThrow(RangeError);
    expect(() => instalment(10.5, 3)).toThrow(RangeError);
    expect(() => instalment(Number.MAX_SAFE_INTEGER + 1, 3)).toThrow(RangeError);
    expect(() => instalment(100, 0)).toThrow(RangeError);
    expect(() => instalment(100, 1.5)).toThrow(RangeError);
  });
});

describe('formatARS', () => {
  it('prints pesos as es-AR with a no-break space after $', () => {
    expect(formatARS(123_456)).toBe('$\u00A01.234,56');
    expect(formatARS(18_500_000)).toBe('$\u00A0185.000,00');
    expect(formatARS(1)).toBe('$\u00A00,01');
    expect(formatARS(29)).toBe('$\u00A00,29');
    expect(formatARS(10_411_517)).toBe('$\u00A0104.115,17');
  });

  it('keeps every centavo of big amounts', () => {
    expect(formatARS(900_719_925_474_099)).toBe('$\u00A09.007.199.254.740,99');
  });

  it('has a plain-space variant for terminals and WhatsApp text', () => {
    expect(formatARSPlain(123_456)).toBe('$ 1.234,56');
    expect(formatARSPlain(123_456)).not.toContain('\u00A0');
  });

  it('gives JSON-LD plain pesos', () => {
    expect(toPesos(123_456)).toBe(1234.56);
    expect(toPesos(18_500_000)).toBe(185_000);
  });
});
