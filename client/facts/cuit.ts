/**
 * CUIT/CUIL: 11 digits, the last a check digit: weights 5,4,3,2,7,6,5,4,3,2 over the first
 * ten, `11 - (sum % 11)`, where 11 means 0 and 10 makes the number invalid.
 */
const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

export function cuitCheckDigit(first10: string): number | undefined {
  const sum = WEIGHTS.reduce((total, weight, i) => total + weight * Number(first10[i]), 0);
  const digit = 11 - (sum % 11);
  return digit === 11 ? 0 : digit === 10 ? undefined : digit;
}

export function validCuit(cuit: string): boolean {
  return /^\d{11}$/.test(cuit) && cuitCheckDigit(cuit.slice(0, 10)) === Number(cuit[10]);
}

/** `20-12345678-6` as people write it -> `20123456786` (anything else is left for the check). */
export function cuitDigits(text: string): string {
  const digits = text.replace(/[\s.-]/g, '');
  return /^\d+$/.test(digits) ? digits : text.trim();
}

/** `20123456786` -> `20-12345678-6`. */
export function formatCuit(cuit: string): string {
  return `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}`;
}
