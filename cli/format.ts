/** Text helpers for terminal output (plain spaces: some Windows consoles garble U+00A0). */
import { formatARS, type Centavos } from '../catalogue/money.ts';

const integer = new Intl.NumberFormat('es-AR');

/** `$ 1.234,56` with an ordinary space. */
export function money(amount: Centavos): string {
  return formatARS(amount).replace(/\u00a0/g, ' ');
}

/** `1 modelo`, `46 modelos`, `20.000 modelos`. */
export function count(n: number, singular: string, plural: string): string {
  return `${integer.format(n)} ${n === 1 ? singular : plural}`;
}

export function formatInteger(n: number | bigint): string {
  return integer.format(n);
}
