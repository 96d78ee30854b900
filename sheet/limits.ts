/**
 * How much work reading one sheet may take, whoever reads it (the panel's upload, the CLI).
 * A price sheet of 20.000 versions is about 1 MB as .xlsx and 10 MB unpacked; beyond these
 * bounds the file is refused with a message (sheet/problems.ts) before more work is done.
 * Why these numbers: docs/decisions/2026-11-25-xlsx-reader.md.
 */
export const SHEET_LIMITS = {
  /** The file as uploaded (.csv or .xlsx). */
  maxFileBytes: 10 * 1024 * 1024,
  /** An .xlsx is a zip: its parts unpacked, all together (a zip bomb is a few KB). */
  maxUnpackedBytes: 80 * 1024 * 1024,
  /** Parts in the zip: Excel and LibreOffice write about 10 to 20. */
  maxZipEntries: 500,
  /** Spreadsheet rows, blank ones included (the header is row 1). */
  maxRows: 50_000,
  /** Columns: a price sheet has at most 17; a value far to the right is a stray. */
  maxColumns: 100,
  /** Wall-clock time to read and validate one file. */
  maxMillis: 20_000,
} as const;

export type SheetLimits = { readonly [K in keyof typeof SHEET_LIMITS]: number };
