/** Spreadsheet rows → priced rows for the catalogue, or every problem found, row by row. */
import { modeloSchema, type PriceRow } from '../catalogue/schema.ts';
import { slugify } from '../catalogue/slug.ts';
import { parsePrice } from './price.ts';
import { problems, type Problem } from './problems.ts';
import { readPriceSheet, type SheetRow } from './read-csv.ts';

export type Validation = { rows: PriceRow[]; problems: Problem[] };

export function validateRows(sheetRows: readonly SheetRow[]): Validation {
  const rows: PriceRow[] = [];
  const found: Problem[] = [];
  // Keyed by slugs, as the product URL is: `Peugeot 208 GT` and `peugeot 208-gt` collide.
  const seen = new Map<string, { row: number; name: string }>();

  for (const sheetRow of sheetRows) {
    const { row } = sheetRow;
    const before = found.length;
    const marca = name(sheetRow.marca, row, 'marca', found);
    const modelo = name(sheetRow.modelo, row, 'modelo', found);
    if (marca !== undefined && modelo !== undefined) {
      const key = `${slugify(marca)}/${slugify(modelo)}`;
      const shown = `${marca} ${modelo}`;
      const first = seen.get(key);
      if (first) found.push(problems.duplicateModel(row, shown, first.row, first.name));
      else seen.set(key, { row, name: shown });
    }

    const price = parsePrice(sheetRow.precio);
    if (!price.ok) {
      found.push(
        price.reason === 'empty'
          ? problems.emptyCell(row, 'precio')
          : problems.badPrice(row, sheetRow.precio, price.reason),
      );
    }

    const url = sheetRow.url === '' ? undefined : sheetRow.url;
    if (url !== undefined && !modeloSchema.shape.url.safeParse(url).success) {
      found.push(problems.badUrl(row, url));
    }

    if (found.length === before && marca !== undefined && modelo !== undefined && price.ok) {
      rows.push({ marca, modelo, precio: price.centavos, url });
    }
  }
  return { rows, problems: found };
}

/** A brand or model name with its spaces tidied, or undefined after recording why not. */
function name(
  value: string,
  row: number,
  column: 'marca' | 'modelo',
  found: Problem[],
): string | undefined {
  const tidy = value.replace(/\s+/g, ' ').trim();
  if (tidy === '') {
    found.push(problems.emptyCell(row, column));
    return undefined;
  }
  if (slugify(tidy) === '') {
    found.push(problems.noLettersOrDigits(row, column, tidy));
    return undefined;
  }
  return tidy;
}

export type SheetResult =
  { ok: true; rows: PriceRow[] } | { ok: false; problems: Problem[]; rows: PriceRow[] };

/** Reads and validates the whole spreadsheet text; problems come sorted by row. */
export function parsePriceSheet(text: string): SheetResult {
  const sheet = readPriceSheet(text);
  const validation = validateRows(sheet.rows);
  const all = [...sheet.problems, ...validation.problems];
  if (all.length === 0) return { ok: true, rows: validation.rows };
  // Stable sort: whole-file problems first, then by row in the order they were found.
  all.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  return { ok: false, problems: all, rows: validation.rows };
}
