/**
 * Money is kept in integer centavos everywhere (DESIGN.md decision 2): no float drift.
 */

export type Centavos = number;

/** Interest-free instalment: price / n, rounded up to the centavo, integer maths only. */
export function instalment(price: Centavos, n: number): Centavos {
  if (!Number.isSafeInteger(price) || price <= 0) throw new RangeError(`invalid price: ${price}`);
  if (!Number.isInteger(n) || n <= 0) throw new RangeError(`invalid instalment count: ${n}`);
  const remainder = price % n;
  return (price - remainder) / n + (remainder === 0 ? 0 : 1);
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
