/**
 * Every message the owner can get about his spreadsheet, in plain Spanish (es-AR), in one
 * place. Each says where (row as Excel numbers it, column), what is wrong and how to fix it.
 */
import type { PriceError } from './price.ts';
import {
  columnName,
  COLUMN_TITLES,
  COLUMNS_IN_WORDS,
  VARIANT_COLUMNS_IN_WORDS,
  type Column,
} from './columns.ts';
import { FIRST_YEAR } from '../catalogue/pieces.ts';
import type { Feature } from '../catalogue/pieces.ts';

export type Problem = {
  /** Spreadsheet row as Excel shows it (the header is row 1); absent for whole-file problems. */
  row?: number | undefined;
  column?: string | undefined;
  value?: string | undefined;
  message: string;
};

const PRICE_EXAMPLE = 'Escribilo como 185000 o $ 185.000,00.';
const COLUMNS_HINT = `Las columnas son ${COLUMNS_IN_WORDS}.`;
const OPTIONAL_HINT = `Para versiones y lunetas también: ${VARIANT_COLUMNS_IN_WORDS}.`;
const YES_NO =
  'Escribí sí (o x, o 1) si la versión lo tiene, y no (o 0, o dejá la celda vacía) si no.';

function at(row: number, column?: string): string {
  return column === undefined ? `Fila ${row}` : `Fila ${row}, columna "${column}"`;
}

const integer = new Intl.NumberFormat('es-AR');

/** `10 MB`, `9,5 MB`. */
function megabytes(bytes: number): string {
  const tenths = Math.round((bytes / (1024 * 1024)) * 10) / 10;
  return `${new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 }).format(tenths)} MB`;
}

function quoted(values: readonly string[]): string {
  return values.map((value) => `"${value}"`).join(', ');
}

/** Excel's column letter for a zero-based index: 0 → A, 26 → AA. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

export const problems = {
  oldExcel: (): Problem => ({
    message:
      'El archivo es una planilla de Excel antigua (.xls). Abrila en Excel y elegí Archivo > Guardar como > "Libro de Excel (.xlsx)", y usá ese archivo.',
  }),
  encrypted: (): Problem => ({
    message:
      'La planilla tiene contraseña, así que no se puede leer. En Excel: Archivo > Información > Proteger libro > Cifrar con contraseña, borrá la contraseña, guardá y usá ese archivo.',
  }),
  notText: (kind?: string): Problem => ({
    message: `El archivo no es una planilla${kind ? ` (parece ${kind})` : ''}. Usá la planilla de precios guardada como Excel (.xlsx) o como CSV.`,
  }),
  damagedXlsx: (): Problem => ({
    message:
      'No se pudo abrir la planilla .xlsx: el archivo está dañado o incompleto. Abrila en Excel o LibreOffice, guardala de nuevo y usá ese archivo.',
  }),
  tooBig: (bytes: number, maxBytes: number): Problem => ({
    message: `El archivo pesa ${megabytes(bytes)} y el máximo es ${megabytes(maxBytes)}. Una planilla de precios pesa mucho menos: guardala solo con la hoja de precios, sin imágenes, y probá de nuevo.`,
  }),
  tooBigUnpacked: (): Problem => ({
    message:
      'La planilla .xlsx es demasiado grande por dentro (tiene demasiadas partes o demasiados datos) para ser una planilla de precios. Guardala de nuevo solo con la hoja de precios, sin imágenes, y probá de nuevo.',
  }),
  tooManyRows: (row: number, maxRows: number): Problem => ({
    row,
    message: `Fila ${integer.format(row)}: la planilla llega por lo menos hasta la fila ${integer.format(row)} y el máximo es ${integer.format(maxRows)} filas. Borrá las filas que sobran (también las vacías con formato, al final) y probá de nuevo.`,
  }),
  tooManyColumns: (row: number, column: number): Problem => ({
    row,
    column: columnLetter(column),
    message: `${at(row)}, columna ${columnLetter(column)}: hay datos muy a la derecha de la planilla, lejos de las columnas de precios. Borralos y probá de nuevo.`,
  }),
  tooSlow: (maxMillis: number): Problem => ({
    message: `Leer la planilla tardó más de ${integer.format(maxMillis / 1000)} segundos y se dejó de leer. Revisá que sea la planilla de precios (sin otras hojas ni imágenes) y probá de nuevo.`,
  }),
  emptyFile: (): Problem => ({
    message: `El archivo está vacío. Usá la planilla de precios (Excel .xlsx o CSV), con los títulos en la fila 1 y un modelo por fila. ${COLUMNS_HINT}`,
  }),
  noModels: (headerRow: number): Problem => ({
    row: headerRow,
    message: `${at(headerRow)}: están los títulos pero ningún modelo debajo. Agregá una fila por modelo con su marca, modelo y precio.`,
  }),
  noHeader: (row: number, cells: readonly string[]): Problem => ({
    row,
    value: cells.join(' | '),
    message: `${at(row)}: tendría que tener los títulos de las columnas y tiene ${quoted(cells)}. Agregá arriba de todo una fila con los títulos ${COLUMNS_IN_WORDS}.`,
  }),
  missingColumn: (row: number, column: Column): Problem => ({
    row,
    column: columnName(column),
    message: `${at(row)}: falta la columna "${columnName(column)}". Agregala con ese título. ${COLUMNS_HINT}`,
  }),
  unknownColumn: (row: number, title: string): Problem => ({
    row,
    column: title,
    value: title,
    message: `${at(row, title)}: no es una columna conocida. Borrala o corregí el título. ${COLUMNS_HINT} ${OPTIONAL_HINT}`,
  }),
  repeatedColumn: (row: number, column: Column, indexes: readonly number[]): Problem => ({
    row,
    column: columnName(column),
    message: `${at(row, columnName(column))}: aparece más de una vez (columnas ${indexes.map(columnLetter).join(' y ')}). Dejá una sola.`,
  }),
  untitledColumn: (row: number, index: number, value: string): Problem => ({
    row,
    column: columnLetter(index),
    value,
    message: `${at(row)}, columna ${columnLetter(index)}: tiene "${value}" pero esa columna no tiene título. Borrá el dato o ponele título a la columna.`,
  }),
  raggedRow: (
    row: number,
    cells: readonly string[],
    expected: number,
    delimiter: string,
  ): Problem => {
    const shown = delimiter === '\t' ? 'tabulador' : `"${delimiter}"`;
    const decimalHint =
      delimiter === ','
        ? ' Si un precio lleva coma decimal, ponelo entre comillas ("185.000,50") o escribilo sin centavos.'
        : '';
    return {
      row,
      value: cells.join(delimiter),
      message: `${at(row)}: tiene ${cells.length} celdas y la fila de títulos tiene ${expected}. Revisá que no sobre ni falte un ${shown} en "${cells.join(delimiter)}".${decimalHint}`,
    };
  },
  unclosedQuote: (row: number): Problem => ({
    row,
    message: `${at(row)}: unas comillas (") abren y nunca cierran, así que no pude leer la planilla desde esta fila. Cerrá las comillas o borralas.`,
  }),
  textAfterQuote: (row: number): Problem => ({
    row,
    message: `${at(row)}: después de unas comillas (") que cierran una celda sigue más texto, así que no pude leer la planilla desde esta fila. Poné la celda entera entre comillas o borralas.`,
  }),
  unreadableRow: (row: number, detail: string): Problem => ({
    row,
    message: `${at(row)}: no pude leer esta fila (${detail}), ni las que siguen. Revisala en la planilla y exportala de nuevo.`,
  }),
  emptyCell: (row: number, column: 'marca' | 'modelo' | 'precio'): Problem => ({
    row,
    column,
    value: '',
    message: `${at(row, column)}: está vacía. ${EMPTY_HINTS[column]}`,
  }),
  noLettersOrDigits: (row: number, column: 'marca' | 'modelo', value: string): Problem => ({
    row,
    column,
    value,
    message: `${at(row, column)}: "${value}" no tiene letras ni números. ${EMPTY_HINTS[column]}`,
  }),
  badPrice: (row: number, value: string, reason: Exclude<PriceError, 'empty'>): Problem => ({
    row,
    column: 'precio',
    value,
    message: `${at(row, 'precio')}: "${value}" ${PRICE_REASONS[reason]}`,
  }),
  badUrl: (row: number, value: string): Problem => ({
    row,
    column: 'url',
    value,
    message: `${at(row, 'url')}: "${value}" no es un enlace válido. Tiene que empezar con https:// (por ejemplo https://tienda.com/parabrisas); si no hay enlace, dejá la celda vacía y el botón Comprar abre WhatsApp.`,
  }),
  duplicateModel: (row: number, value: string, firstRow: number, firstValue: string): Problem => ({
    row,
    column: 'modelo',
    value,
    message: `${at(row, 'modelo')}: "${value}" repite el modelo "${firstValue}" de la fila ${firstRow}. Dejá una sola fila por modelo.`,
  }),
  badYesNo: (row: number, feature: Feature, value: string): Problem =>
    cellProblem(row, COLUMN_TITLES[feature], value, `no es sí ni no. ${YES_NO}`),
  badYear: (row: number, column: 'anioDesde' | 'anioHasta', value: string, last: number): Problem =>
    cellProblem(
      row,
      COLUMN_TITLES[column],
      value,
      `no es un año entre ${FIRST_YEAR} y ${last}. Escribí el año con cuatro cifras (por ejemplo 2019) o dejá la celda vacía si no hay límite.`,
    ),
  yearsReversed: (row: number, from: number, to: number): Problem =>
    cellProblem(
      row,
      COLUMN_TITLES.anioDesde,
      String(from),
      `es posterior al "${COLUMN_TITLES.anioHasta}" ${to}. Revisá los años o intercambialos.`,
    ),
  badPieza: (row: number, value: string): Problem =>
    cellProblem(
      row,
      COLUMN_TITLES.pieza,
      value,
      'no es una pieza conocida. Escribí parabrisas o luneta (vacía es parabrisas).',
    ),
  badCalidad: (row: number, value: string): Problem =>
    cellProblem(
      row,
      COLUMN_TITLES.calidad,
      value,
      'no es una calidad conocida. Escribí original o equivalente, o dejá la celda vacía.',
    ),
  badDisponibilidad: (row: number, value: string): Problem =>
    cellProblem(
      row,
      COLUMN_TITLES.disponibilidad,
      value,
      'no se entiende. Escribí en stock, a pedido o a pedido 5 días (de 1 a 365 días), o dejá la celda vacía.',
    ),
  duplicateVersion: (row: number, value: string, firstRow: number): Problem => ({
    row,
    column: 'modelo',
    value,
    message: `${at(row, 'modelo')}: "${value}" repite la fila ${firstRow}: misma marca, modelo y pieza, y las mismas columnas de versión (años, ${COLUMN_TITLES.version}, características, ${COLUMN_TITLES.calidad}, ${COLUMN_TITLES.marcaVidrio} y ${COLUMN_TITLES.codigo}). Dejá una sola fila o cambiá lo que diferencia a las dos versiones.`,
  }),
  invalidCatalogue: (detail: string): Problem => ({
    message: `El catálogo armado con esta planilla no es válido (${detail}). Revisá la planilla; si todo parece bien, avisale a quien mantiene el sitio.`,
  }),
};

/** A cell of an optional column whose value cannot be read: where, what, and how to fix it. */
function cellProblem(row: number, column: string, value: string, reason: string): Problem {
  return { row, column, value, message: `${at(row, column)}: "${value}" ${reason}` };
}

const EMPTY_HINTS = {
  marca: 'Escribí la marca del auto (por ejemplo Ford).',
  modelo: 'Escribí el modelo del auto (por ejemplo Fiesta).',
  precio: 'Escribí el precio, por ejemplo 185000 o $ 185.000,00.',
} as const;

const PRICE_REASONS: Record<Exclude<PriceError, 'empty'>, string> = {
  invalid: `no es un precio válido. ${PRICE_EXAMPLE}`,
  'too-many-decimals': `tiene más de dos decimales (la coma separa los centavos). ${PRICE_EXAMPLE}`,
  zero: 'es cero. Escribí el precio de venta; si ya no lo vendés, borrá la fila.',
  negative: 'es negativo. Escribí el precio sin el signo menos.',
  'too-big': 'es demasiado grande. Revisá que no sobren dígitos.',
};
