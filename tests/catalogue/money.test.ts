import { describe, it, expect } from 'vitest';
import {
  formatARS,
  formatARSPlain,
  instalment,
  instalmentPlan,
  priceWithoutNationalTaxes,
  toPesos,
} from '../../catalogue/money.ts';

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

describe('instalmentPlan', () => {
  it.each([
    // price, n, each, last
    [19_850_000, 3, 6_616_667, 6_616_666], // $ 198.500,00 in 3: the product page of the issue
    [19_850_000, 6, 3_308_334, 3_308_330],
    [31_234_550, 3, 10_411_517, 10_411_516],
    [31_234_550, 6, 5_205_759, 5_205_755],
    [100, 3, 34, 32],
    [18_000_000, 3, 6_000_000, 6_000_000], // exact: every instalment the same
    [5, 3, 2, 1], // 5 centavos: 2 + 2 + 1
    [6, 6, 1, 1],
  ])('%d centavos in %d: %d each, the last %d, total the cash price', (price, n, each, last) => {
    const plan = instalmentPlan(price, n);
    expect(plan).toEqual({ count: n, amount: each, last, total: price });
    expect(each * (n - 1) + last).toBe(price);
  });

  it.each([
    [1, 3],
    [1, 6],
    [2, 3],
    [2, 6],
    [5, 6], // 1+1+1+1+1 is already 5: the sixth would be 0
  ])('%d centavos cannot be paid in %d positive instalments: no plan', (price, n) => {
    expect(instalmentPlan(price, n)).toBeUndefined();
  });

  it('always adds up to the price, the last never bigger than the others, for every price up to 2.000 centavos', () => {
    for (const n of [3, 6]) {
      for (let price = 1; price <= 2000; price += 1) {
        const plan = instalmentPlan(price, n);
        if (!plan) {
          expect(instalment(price, n) * (n - 1)).toBeGreaterThanOrEqual(price);
          continue;
        }
        expect(plan.total).toBe(price);
        expect(plan.amount * (n - 1) + plan.last).toBe(price);
        expect(plan.last).toBeGreaterThan(0);
        expect(plan.last).toBeLessThanOrEqual(plan.amount);
        expect(plan.amount).toBe(instalment(price, n));
      }
    }
  });
});

describe('priceWithoutNationalTaxes', () => {
  it.each([
    [12_100, 10_000], // $ 121,00 with 21 % VAT is $ 100,00
    [19_850_000, 16_404_959], // 164.049,586… rounds down
    [100, 83], // 82,64… centavos
    [1, 1], // 0,826… rounds up to 1
    [121, 100],
    [18_150, 15_000],
  ])('%d centavos, VAT 21: %d centavos without national taxes', (price, net) => {
    expect(priceWithoutNationalTaxes(price, 21)).toBe(net);
  });

  it('rounds to the nearest centavo, for other VAT rates too', () => {
    expect(priceWithoutNationalTaxes(605, 21)).toBe(500);
    // 2 / 1,21 = 1,65… → 2; 3 / 1,21 = 2,47… → 2
    expect(priceWithoutNationalTaxes(2, 21)).toBe(2);
    expect(priceWithoutNationalTaxes(3, 21)).toBe(2);
    // 10.5 %: 221 / 1.105 = 200 exactly; 1 / 1.105 = 0.904… → 1
    expect(priceWithoutNationalTaxes(221, 10.5)).toBe(200);
    // with no VAT the price is the price
    expect(priceWithoutNationalTaxes(19_850_000, 0)).toBe(19_850_000);
  });

  it('agrees with an exact BigInt reference for every price up to 5.000 centavos', () => {
    for (let price = 1; price <= 5000; price += 1) {
      // round(price * 100 / 121), half up, with exact integers
      const expected = Number((BigInt(price) * 200n + 121n) / 242n);
      expect(priceWithoutNationalTaxes(price, 21)).toBe(expected);
    }
  });

  it('keeps every centavo of big amounts', () => {
    expect(priceWithoutNationalTaxes(Number.MAX_SAFE_INTEGER, 21)).toBe(7_443_966_326_232_224);
  });

  it('rejects prices that are not positive safe integers and VAT with more than two decimals', () => {
    expect(() => priceWithoutNationalTaxes(0, 21)).toThrow(RangeError);
    expect(() => priceWithoutNationalTaxes(10.5, 21)).toThrow(RangeError);
    expect(() => priceWithoutNationalTaxes(100, -1)).toThrow(RangeError);
    expect(() => priceWithoutNationalTaxes(100, 21.005)).toThrow(RangeError);
  });
});
