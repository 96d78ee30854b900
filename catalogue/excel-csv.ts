/**
 * A CSV that Excel in Spanish (Argentina) opens directly with accents intact: `;` between
 * cells, UTF-8 with a BOM, CRLF line ends, every cell quoted. A cell that a spreadsheet would
 * run as a formula (it starts with =, +, -, @, tab or CR) gets a leading apostrophe, so a
 * visitor's text never runs in the owner's Excel (OWASP, CSV injection). Used by the
 * messages CLI, the panel's export, and any other sheet the owner downloads.
 */
export function excelCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function excelCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [header, ...rows].map((row) =>
    row.map((value) => excelCell(value.replace(/\r?\n/g, '\r\n'))).join(';'),
  );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
