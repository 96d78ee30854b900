/**
 * Money is kept in integer centavos everywhere (docs/product.md, Prices): no float drift.
 */

export type Centavos = number;

/** The instalment plans the shop offers, and how pages and search results name them. */
export const INSTALMENT_COUNTS = [3, 6] as const;
export const INSTALMENTS_OFFER = `${INSTALMENT_COUNTS.join(' y ')} cuotas sin interés`;

/** Interest-free instalment: price / n, rounded up to the centavo, integer maths only. */
export function instalment(price: Centavos, n: number): Centavos {
  if (!Number.isSafeInteger(price) || price <= 0) throw new RangeError(`invalid price: ${price}`);
  if (!Number.isInteger(n) || n <= 0) throw new RangeError(`invalid instalment count: ${n}`);
  const remainder = price % n;
  return (price - remainder) / n + (remainder === 0 ? 0 : 1);
}

/**
 * An interest-free plan as the shopper pays it: `count - 1` instalments of `amount` (the price
 * divided by n, rounded up) and a last one smaller by the remainder, so that `total` is the
 * cash price to the centavo. Undefined when the price is too small for n positive instalments
 * (1 centavo in 3): such a plan cannot be offered "sin interés".
 */
export type InstalmentPlan = {
  readonly count: number;
  readonly amount: Centavos;
  readonly last: Centavos;
  readonly total: Centavos;
};

export function instalmentPlan(price: Centavos, n: number): InstalmentPlan | undefined {
  const amount = instalment(price, n);
  const last = price - amount * (n - 1);
  if (last <= 0) return undefined;
  return { count: n, amount, last, total: amount * (n - 1) + last };
}

/**
 * The price without national taxes (Ley 27.743): price / (1 + VAT), rounded half up to the
 * centavo, in integer maths (BigInt, so big prices cannot lose centavos). `vatPercent` may
 * have up to two decimals (21, 10.5).
 */
export function priceWithoutNationalTaxes(price: Centavos, vatPercent: number): Centavos {
  if (!Number.isSafeInteger(price) || price <= 0) throw new RangeError(`invalid price: ${price}`);
  const basisPoints = Math.round(vatPercent * 100);
  if (basisPoints < 0 || Math.abs(basisPoints - vatPercent * 100) > 1e-6) {
    throw new RangeError(`invalid VAT percent: ${vatPercent}`);
  }
  const divisor = BigInt(10_000 + basisPoints);
  return Number((BigInt(price) * 20_000n + divisor) / (2n * divisor));
}

/**
 * A price as Argentine display rules ask for it (docs/decisions/2026-11-22-live-catalogue.md):
 * the cash price, the price without national taxes, and each interest-free plan the catalogue
 * offers whose instalments add up to the cash price to the centavo (a plan that does not is
 * left out: it could not be called "sin interés"). The price block and the insurance quote
 * state exactly this.
 */
export type PriceBreakdown = {
  readonly cash: Centavos;
  readonly withoutNationalTaxes: Centavos;
  readonly plans: readonly InstalmentPlan[];
};

export function priceBreakdown(
  precio: Centavos,
  cuotas: { readonly en3: Centavos; readonly en6: Centavos },
  vatPercent: number,
): PriceBreakdown {
  const offered = [
    [3, cuotas.en3],
    [6, cuotas.en6],
  ] as const;
  const plans = offered
    .map(([n, amount]) => ({ amount, plan: instalmentPlan(precio, n) }))
    .map(({ amount, plan }) =>
      plan?.amount === amount && plan.total === precio ? plan : undefined,
    )
    .filter((plan): plan is InstalmentPlan => plan !== undefined);
  return {
    cash: precio,
    withoutNationalTaxes: priceWithoutNationalTaxes(precio, vatPercent),
    plans,
  };
}

const ars = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' });

/** `$ 1.234,56` with a no-break space, as Argentine shoppers read prices. */
export function formatARS(amount: Centavos): string {
  return ars.format(amount / 100);
}

/**
 * The same with an ordinary space, for text outside HTML: terminals (some Windows
 * consoles garble U+00A0), WhatsApp messages, meta descriptions.
 */
export function formatARSPlain(amount: Centavos): string {
  return formatARS(amount).replace(/\u00a0/g, ' ');
}

/** Pesos as a plain number for JSON-LD (`1234.56`). */
export function toPesos(amount: Centavos): number {
  return amount / 100;
}
