/**
 * A CSV that Excel in Spanish (Argentina) opens directly with its accents intact: `;` between
 * cells, UTF-8 with a BOM, CRLF, every cell quoted. A cell that a spreadsheet would run as a
 * formula (=, +, -, @, tab or CR at its start) gets a leading apostrophe (OWASP "CSV
 * injection"); the sheet reader drops that apostrophe again (sheet/read-csv.ts).
 */
export function excelCsv(rows: readonly (readonly string[])[]): string {
  const cell = (value: string) => `"${defuse(value).replace(/"/g, '""')}"`;
  return `\uFEFF${rows.map((row) => row.map(cell).join(';')).join('\r\n')}\r\n`;
}

const FORMULA_START = /^[=+\-@\t\r]/;

export function defuse(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell written by `defuse` back to what it was: `'=1+1` → `=1+1`. */
export function undefuse(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}
