/**
 * The optional columns' cells as the owner types them in Excel, LibreOffice or Google Sheets
 * → the catalogue's values. Each parser returns `undefined` for an empty cell and `invalid`
 * for a value it cannot read (validate.ts turns that into a message naming row and column).
 */
import {
  CALIDADES,
  PIEZAS,
  type Calidad,
  type Disponibilidad,
  type Pieza,
} from '../catalogue/pieces.ts';

export const INVALID = Symbol('invalid');
export type Parsed<T> = T | undefined | typeof INVALID;

/** No accents, lower case, single spaces: `A  Pedido 5 Días` → `a pedido 5 dias`. */
export function fold(text: string): string {
  if (text === '') return text;
  // Most cells are plain ASCII (`no`, `x`, `en stock`): no need to strip accents.
  if (/^[\x21-\x7e]*(?: [\x21-\x7e]+)*$/.test(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * Yes: `sí`, `si`, `x`, `1` (and the TRUE/VERDADERO a checkbox exports); no: `no`, `0`,
 * FALSE/FALSO or empty.
 */
const YES = new Set(['si', 'x', '1', 'true', 'verdadero']);
const NO = new Set(['', 'no', '0', 'false', 'falso']);

export function parseYesNo(cell: string): boolean | typeof INVALID {
  const value = fold(cell);
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  return INVALID;
}

/** A whole year, as typed (`2019`) or as a number cell some exports write (`2019,0`). */
export function parseYear(cell: string): Parsed<number> {
  const value = cell.trim();
  if (value === '') return undefined;
  const match = /^(\d{4})(?:[.,]0+)?$/.exec(value);
  return match ? Number(match[1]) : INVALID;
}

/** Also the singular and plural the owner may type: `parabrisa`, `lunetas`. */
const PIEZA_SPELLINGS: Record<string, Pieza> = {
  parabrisa: 'parabrisas',
  lunetas: 'luneta',
};

export function parsePieza(cell: string): Parsed<Pieza> {
  const value = fold(cell);
  if (value === '') return undefined;
  return PIEZAS.find((pieza) => pieza === value) ?? PIEZA_SPELLINGS[value] ?? INVALID;
}

export function parseCalidad(cell: string): Parsed<Calidad> {
  const value = fold(cell);
  if (value === '') return undefined;
  return CALIDADES.find((calidad) => calidad === value) ?? INVALID;
}

/** The most days an order may take (the catalogue's limit). */
export const MAX_ORDER_DAYS = 365;

/** `en stock`; `a pedido`, `a pedido 5 días`, `a pedido (5 dias)`, `A pedido 1 día`. */
export function parseDisponibilidad(cell: string): Parsed<Disponibilidad> {
  const value = fold(cell);
  if (value === '') return undefined;
  if (value === 'en stock' || value === 'stock') return { tipo: 'stock' };
  const pedido = /^a pedido(?: ?[(-]? ?(\d+) ?dias?\)?)?$/.exec(value);
  if (!pedido) return INVALID;
  if (pedido[1] === undefined) return { tipo: 'pedido' };
  const dias = Number(pedido[1]);
  return dias >= 1 && dias <= MAX_ORDER_DAYS ? { tipo: 'pedido', dias } : INVALID;
}

/** Free text (Versión, Marca del vidrio, Código) with its spaces tidied; empty is undefined. */
export function tidyText(cell: string | undefined): string | undefined {
  const tidy = (cell ?? '').replace(/\s+/g, ' ').trim();
  return tidy === '' ? undefined : tidy;
}
