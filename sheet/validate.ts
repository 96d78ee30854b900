/** Spreadsheet rows → priced rows for the catalogue, or every problem found, row by row. */
import { modeloSchema, type Availability, type PriceRow } from '../catalogue/schema.ts';
import {
  FEATURES,
  FIRST_YEAR,
  isPlainVariant,
  lastYear,
  variantKey,
  type Feature,
  type Variant,
} from '../catalogue/pieces.ts';
import { slugify } from '../catalogue/slug.ts';
import { parsePrice } from './price.ts';
import { problems, type Problem } from './problems.ts';
import { readPriceSheet, type Sheet, type SheetRow } from './read-csv.ts';
import {
  INVALID,
  parseCalidad,
  parseDisponibilidad,
  parsePieza,
  parseYear,
  parseYesNo,
  tidyText,
} from './variant-cells.ts';

export type Validation = { rows: PriceRow[]; problems: Problem[] };

type Seen = { row: number; name: string; plain: boolean };

/** `today` sets the latest year a row may name (next year's models are already sold). */
export function validateRows(sheetRows: readonly SheetRow[], today: Date = new Date()): Validation {
  const rows: PriceRow[] = [];
  const found: Problem[] = [];
  // Keyed by slugs, as the product URL is (`Peugeot 208 GT` and `peugeot 208-gt` collide),
  // the piece and the variant: several rows per model are versions, the same one twice is not.
  const seen = new Map<string, Seen>();
  const last = lastYear(today);
  // Brands and models repeat row after row (one row per version): slug each spelling once.
  const slugs = new Map<string, string>();
  const slug = (text: string): string => {
    let known = slugs.get(text);
    if (known === undefined) {
      known = slugify(text);
      slugs.set(text, known);
    }
    return known;
  };

  for (const sheetRow of sheetRows) {
    const { row } = sheetRow;
    const before = found.length;
    const marca = name(sheetRow.marca, row, 'marca', found, slug);
    const modelo = name(sheetRow.modelo, row, 'modelo', found, slug);

    // The optional columns' problems are listed after those of the first four columns.
    const cellProblems: Problem[] = [];
    const pieza = parsePieza(sheetRow.pieza ?? '');
    if (pieza === INVALID) cellProblems.push(problems.badPieza(row, sheetRow.pieza ?? ''));
    const variante = variantOf(sheetRow, last, cellProblems);
    const disponibilidad = availabilityOf(sheetRow, cellProblems);

    const plain = variante !== undefined && isPlainVariant(variante);
    if (marca !== undefined && modelo !== undefined && pieza !== INVALID && variante) {
      const key = JSON.stringify([
        slug(marca),
        slug(modelo),
        pieza ?? 'parabrisas',
        variantKey(variante),
      ]);
      const shown = `${marca} ${modelo}`;
      const first = seen.get(key);
      if (first && plain && first.plain) {
        found.push(problems.duplicateModel(row, shown, first.row, first.name));
      } else if (first) {
        found.push(problems.duplicateVersion(row, shown, first.row));
      } else {
        seen.set(key, { row, name: shown, plain });
      }
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

    found.push(...cellProblems);

    if (
      found.length === before &&
      marca !== undefined &&
      modelo !== undefined &&
      price.ok &&
      pieza !== INVALID &&
      variante
    ) {
      rows.push({
        marca,
        modelo,
        precio: price.centavos,
        url,
        pieza,
        // A plain row stays as old sheets gave it: no variant at all.
        variante: plain ? undefined : variante,
        disponibilidad,
      });
    }
  }
  return { rows, problems: found };
}

/** The row's variant cells, or undefined after recording every cell that cannot be read. */
function variantOf(sheetRow: SheetRow, last: number, found: Problem[]): Variant | undefined {
  const { row } = sheetRow;
  const before = found.length;
  const year = (column: 'anioDesde' | 'anioHasta'): number | undefined => {
    const cell = sheetRow[column] ?? '';
    const parsed = parseYear(cell);
    if (parsed === INVALID || (parsed !== undefined && (parsed < FIRST_YEAR || parsed > last))) {
      found.push(problems.badYear(row, column, cell, last));
      return undefined;
    }
    return parsed;
  };
  const anioDesde = year('anioDesde');
  const anioHasta = year('anioHasta');
  if (anioDesde !== undefined && anioHasta !== undefined && anioDesde > anioHasta) {
    found.push(problems.yearsReversed(row, anioDesde, anioHasta));
  }

  const caracteristicas: Feature[] = [];
  for (const feature of FEATURES) {
    const cell = sheetRow[feature] ?? '';
    const yes = parseYesNo(cell);
    if (yes === INVALID) found.push(problems.badYesNo(row, feature, cell));
    else if (yes) caracteristicas.push(feature);
  }

  const calidad = parseCalidad(sheetRow.calidad ?? '');
  if (calidad === INVALID) found.push(problems.badCalidad(row, sheetRow.calidad ?? ''));

  if (found.length > before || calidad === INVALID) return undefined;
  return {
    anioDesde,
    anioHasta,
    version: tidyText(sheetRow.version),
    caracteristicas,
    calidad,
    marcaVidrio: tidyText(sheetRow.marcaVidrio),
    codigo: tidyText(sheetRow.codigo),
  };
}

function availabilityOf(sheetRow: SheetRow, found: Problem[]): Availability | undefined {
  const cell = sheetRow.disponibilidad ?? '';
  const parsed = parseDisponibilidad(cell);
  if (parsed !== INVALID) return parsed;
  found.push(problems.badDisponibilidad(sheetRow.row, cell));
  return undefined;
}

/** A brand or model name with its spaces tidied, or undefined after recording why not. */
function name(
  value: string,
  row: number,
  column: 'marca' | 'modelo',
  found: Problem[],
  slug: (text: string) => string,
): string | undefined {
  const tidy = value.replace(/\s+/g, ' ').trim();
  if (tidy === '') {
    found.push(problems.emptyCell(row, column));
    return undefined;
  }
  if (slug(tidy) === '') {
    found.push(problems.noLettersOrDigits(row, column, tidy));
    return undefined;
  }
  return tidy;
}

export type SheetResult =
  { ok: true; rows: PriceRow[] } | { ok: false; problems: Problem[]; rows: PriceRow[] };

/** Reads and validates the whole spreadsheet text; problems come sorted by row. */
export function parsePriceSheet(text: string, today: Date = new Date()): SheetResult {
  return validateSheet(readPriceSheet(text), today);
}

/** A sheet read from a CSV or an .xlsx → priced rows, or every problem sorted by row. */
export function validateSheet(sheet: Sheet, today: Date = new Date()): SheetResult {
  const validation = validateRows(sheet.rows, today);
  const all = [...sheet.problems, ...validation.problems];
  if (all.length === 0) return { ok: true, rows: validation.rows };
  // Stable sort: whole-file problems first, then by row in the order they were found.
  all.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  return { ok: false, problems: all, rows: validation.rows };
}
