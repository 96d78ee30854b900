/** Counts for terminal output, with es-AR thousands separators. */

const integer = new Intl.NumberFormat('es-AR');

/** `1 modelo`, `46 modelos`, `20.000 modelos`. */
export function count(n: number, singular: string, plural: string): string {
  return `${integer.format(n)} ${n === 1 ? singular : plural}`;
}

export function formatInteger(n: number | bigint): string {
  return integer.format(n);
}
