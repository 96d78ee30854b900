/**
 * CSV text → the spreadsheet's rows, numbered as Excel numbers them (the header is row 1,
 * blank rows count, a quoted cell spanning several lines is still one row).
 *
 * The delimiter is detected once from the header line and csv-parse is given only that
 * one: given several it splits on all of them, and an unquoted `185.000,50` would become two
 * cells. No `cast`: values stay text and prices are parsed by ./price.ts.
 */
import { parse, CsvError } from 'csv-parse/sync';
import { readHeader } from './header.ts';
import { problems, type Problem } from './problems.ts';
import { columnOf, OPTIONAL_COLUMNS, type OptionalColumn } from './columns.ts';

export type Delimiter = ';' | ',' | '\t';

const CANDIDATES: readonly Delimiter[] = [';', ',', '\t'];

/** Splits one line on `delimiter`, ignoring delimiters inside double quotes. */
function splitLine(line: string, delimiter: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === delimiter && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

/**
 * The delimiter of the first non-blank line: the candidate that splits it into the most
 * known column titles, then the one that occurs most. A one-column file gets `,`.
 */
export function detectDelimiter(text: string): Delimiter {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  // A file of only `;;;` rows has no content line, but its delimiter still makes it blank.
  const line =
    lines.find((candidate) => /[^\s;,]/.test(candidate)) ?? lines.find((candidate) => candidate);
  if (line === undefined) return ',';
  let best: { delimiter: Delimiter; known: number; cells: number } | undefined;
  for (const delimiter of CANDIDATES) {
    const cells = splitLine(line, delimiter);
    if (cells.length < 2) continue;
    const known = cells.filter((cell) => columnOf(cell) !== undefined).length;
    if (!best || known > best.known || (known === best.known && cells.length > best.cells)) {
      best = { delimiter, known, cells: cells.length };
    }
  }
  return best?.delimiter ?? ',';
}

export type SheetRecord = { row: number; cells: string[] };

export type Table = {
  /** Non-blank records only; `row` keeps counting the blank ones. */
  records: SheetRecord[];
  /** A quoting error stops csv-parse: the rows before it are still in `records`. */
  error: Problem | undefined;
  /** Reading stopped one row past the limit. */
  tooManyRows?: Problem;
};

class TooManyRows extends Error {}

export function readTable(text: string, delimiter: Delimiter, maxRows = Infinity): Table {
  const records: SheetRecord[] = [];
  let row = 0;
  try {
    parse(text, {
      delimiter,
      bom: true,
      trim: true,
      relax_quotes: true,
      // Checked in readPriceSheet, so that every ragged row is listed and not just the first.
      relax_column_count: true,
      skip_empty_lines: false,
      on_record: (cells: string[]) => {
        row += 1;
        if (row > maxRows) throw new TooManyRows();
        // Spreadsheets export formatted but empty rows as `;;;`: those are blank rows too.
        if (cells.some((cell) => cell.trim() !== '')) records.push({ row, cells });
        return null;
      },
    });
  } catch (error) {
    if (error instanceof TooManyRows) {
      return { records, error: undefined, tooManyRows: problems.tooManyRows(row, maxRows) };
    }
    if (!(error instanceof CsvError)) throw error;
    return { records, error: quoteProblem(error, row + 1) };
  }
  return { records, error: undefined };
}

function quoteProblem(error: CsvError, row: number): Problem {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return problems.unclosedQuote(row);
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return problems.textAfterQuote(row);
    default:
      return problems.unreadableRow(row, error.code);
  }
}

/**
 * One data row's cells by column, trimmed, before validation. `url` is '' when the sheet has
 * no such column; the other optional columns are present only when the sheet has them.
 */
export type SheetRow = {
  row: number;
  marca: string;
  modelo: string;
  precio: string;
  url: string;
} & Partial<Record<Exclude<OptionalColumn, 'url'>, string>>;

/** How the file was read: a CSV's delimiter, or an .xlsx workbook's sheet. */
export type SheetShape = Delimiter | 'xlsx';

export type Sheet = { delimiter: SheetShape; rows: SheetRow[]; problems: Problem[] };

export function readPriceSheet(text: string, maxRows = Infinity): Sheet {
  const delimiter = detectDelimiter(text);
  const { records, error, tooManyRows } = readTable(text, delimiter, maxRows);
  // Past the limit nothing else is worth reading: that one problem says what to do.
  if (tooManyRows) return { delimiter, rows: [], problems: [tooManyRows] };
  return sheetFromRecords(records, error, delimiter);
}

/**
 * The spreadsheet's non-blank rows (from a CSV or an .xlsx) → cells by column, with every
 * problem of the header and of the rows' shape. `error` stopped the reading at its row.
 */
export function sheetFromRecords(
  records: readonly SheetRecord[],
  error: Problem | undefined,
  delimiter: SheetShape,
): Sheet {
  const [headerRecord, ...data] = records;
  if (!headerRecord) {
    return { delimiter, rows: [], problems: [error ?? problems.emptyFile()] };
  }
  const header = readHeader(headerRecord.cells, headerRecord.row);
  const found: Problem[] = [...header.problems];
  if (data.length === 0 && !error && header.columns)
    found.push(problems.noModels(headerRecord.row));

  const rows: SheetRow[] = [];
  for (const { row, cells } of data) {
    const extra = cells.slice(header.width);
    if (delimiter === 'xlsx') {
      // A workbook's rows are as wide as their last filled cell: no missing delimiters, but a
      // value right of the titled columns is a value in a column without a title.
      extra.forEach((value, index) => {
        if (value.trim() !== '')
          found.push(problems.untitledColumn(row, header.width + index, value.trim()));
      });
      if (extra.some((value) => value.trim() !== '')) continue;
    } else if (cells.length < header.width || extra.some((cell) => cell.trim() !== '')) {
      found.push(problems.raggedRow(row, withoutTrailingEmpty(cells), header.width, delimiter));
      continue;
    }
    for (const index of header.untitled) {
      const value = (cells[index] ?? '').trim();
      if (value !== '') found.push(problems.untitledColumn(row, index, value));
    }
    const { columns } = header;
    if (!columns) continue;
    const cell = (index: number | undefined) =>
      index === undefined ? '' : undefuse((cells[index] ?? '').trim());
    const sheetRow: SheetRow = {
      row,
      marca: cell(columns.marca),
      modelo: cell(columns.modelo),
      precio: cell(columns.precio),
      url: cell(columns.url),
    };
    for (const column of OPTIONAL_COLUMNS) {
      if (column !== 'url' && columns[column] !== undefined)
        sheetRow[column] = cell(columns[column]);
    }
    rows.push(sheetRow);
  }
  if (error) found.push(error);
  return { delimiter, rows, problems: found };
}

/**
 * A cell that a sheet writer defused (catalogue/excel-csv.ts puts an apostrophe before a
 * leading =, +, -, @, tab or CR) reads back as it was: "Descargar planilla" round-trips.
 */
function undefuse(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

function withoutTrailingEmpty(cells: readonly string[]): string[] {
  let end = cells.length;
  while (end > 0 && (cells[end - 1] ?? '').trim() === '') end -= 1;
  return cells.slice(0, end);
}
