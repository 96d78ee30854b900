/**
 * Prices as people type them in an Argentine spreadsheet, read into integer centavos.
 *
 * - A leading `$` and spaces (also no-break spaces) around it are ignored.
 * - A comma is the decimal mark: `1,5` is $ 1,50 and `1234567,89` is $ 1.234.567,89.
 * - Dots followed by groups of exactly three digits are thousands separators:
 *   `1.234` is one thousand two hundred thirty-four pesos, `1.234.567` over a million.
 * - Where both `.` and `,` appear the last one is the decimal mark, so the US-style
 *   `1,234,567.89` also works; one dot followed by one or two digits (`1234567.89`) is a
 *   decimal point too, as Google Sheets in English writes it.
 * - At most two decimals. A lone comma followed by three digits (`1,234`) is therefore
 *   rejected as too many decimals instead of being guessed.
 * - Zero, negative (`-1.000`, `$ -1.000`, `(1.000)`) and non-numeric values are rejected.
 * Digits are turned into centavos as a string, so there is no floating-point rounding.
 */

export type PriceError =
  'empty' | 'invalid' | 'too-many-decimals' | 'zero' | 'negative' | 'too-big';

export type PriceResult = { ok: true; centavos: number } | { ok: false; reason: PriceError };

const fail = (reason: PriceError): PriceResult => ({ ok: false, reason });

export function parsePrice(text: string): PriceResult {
  let s = text.trim();
  if (s === '') return fail('empty');
  let negative = false;
  // Accounting format shows negatives in parentheses.
  if (s.startsWith('(') && s.endsWith(')')) {
    negative = true;
    s = s.slice(1, -1).trim();
  }
  const minus = /^[-\u2212]\s*/;
  if (minus.test(s)) {
    negative = true;
    s = s.replace(minus, '');
  }
  if (s.startsWith('$')) s = s.slice(1).trim();
  if (minus.test(s)) {
    negative = true;
    s = s.replace(minus, '');
  }
  const amount = parseAmount(s);
  if (!amount.ok) return amount;
  if (amount.centavos === 0) return fail('zero');
  return negative ? fail('negative') : amount;
}

function parseAmount(s: string): PriceResult {
  if (!/^\d[\d.,]*$/.test(s) || /[.,]$/.test(s)) return fail('invalid');
  const split = splitDecimals(s);
  if (!split.ok) return fail(split.reason);
  const { integer, decimals, thousands } = split;
  if (decimals.length > 2) return fail('too-many-decimals');
  const groups = thousands ? integer.split(thousands) : [integer];
  const [first = '', ...rest] = groups;
  if (thousands && (first.length > 3 || rest.some((group) => group.length !== 3))) {
    return fail('invalid');
  }
  if (!/^\d+$/.test(groups.join(''))) return fail('invalid');
  const centavos = BigInt(groups.join('') + decimals.padEnd(2, '0'));
  if (centavos > BigInt(Number.MAX_SAFE_INTEGER)) return fail('too-big');
  return { ok: true, centavos: Number(centavos) };
}

type Split =
  | { ok: true; integer: string; decimals: string; thousands: '.' | ',' | undefined }
  | { ok: false; reason: PriceError };

/** Decides which mark (if any) separates the centavos and which one groups thousands. */
function splitDecimals(s: string): Split {
  const dots = count(s, '.');
  const commas = count(s, ',');
  const at = (index: number, thousands: '.' | ',' | undefined): Split => ({
    ok: true,
    integer: s.slice(0, index),
    decimals: s.slice(index + 1),
    thousands,
  });
  const whole = (thousands: '.' | ',' | undefined): Split => ({
    ok: true,
    integer: s,
    decimals: '',
    thousands,
  });

  if (dots > 0 && commas > 0) {
    const decimalMark = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
    if (count(s, decimalMark) > 1) return { ok: false, reason: 'invalid' };
    return at(s.lastIndexOf(decimalMark), decimalMark === '.' ? ',' : '.');
  }
  if (commas === 1) return at(s.indexOf(','), undefined);
  if (commas > 1) return whole(',');
  if (dots === 1) {
    const index = s.indexOf('.');
    const after = s.length - index - 1;
    // `1.234` groups thousands; `1234.5`, `1234.56` and `1234.567` put the dot before decimals.
    return after === 3 && index <= 3 ? whole('.') : at(index, undefined);
  }
  if (dots > 1) return whole('.');
  return whole(undefined);
}

function count(s: string, char: string): number {
  let n = 0;
  for (const c of s) if (c === char) n += 1;
  return n;
}
