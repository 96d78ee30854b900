/**
 * The spreadsheet's columns: the key each is read into, and the title the owner sees in
 * messages and help. Row 1 may write a title in any case and with or without accents.
 */
import type { Feature } from '../catalogue/pieces.ts';

export const COLUMN_TITLES = {
  marca: 'Marca',
  modelo: 'Modelo',
  precio: 'Precio',
  url: 'URL',
  pieza: 'Pieza',
  anioDesde: 'Año desde',
  anioHasta: 'Año hasta',
  version: 'Versión',
  sensorLluvia: 'Sensor de lluvia',
  camara: 'Cámara',
  calefaccionado: 'Calefaccionado',
  acustico: 'Acústico',
  franja: 'Franja',
  calidad: 'Calidad',
  marcaVidrio: 'Marca del vidrio',
  disponibilidad: 'Disponibilidad',
  codigo: 'Código',
} as const satisfies Record<string, string> & Record<Feature, string>;

export type Column = keyof typeof COLUMN_TITLES;

export const REQUIRED_COLUMNS = ['marca', 'modelo', 'precio'] as const satisfies readonly Column[];
export type RequiredColumn = (typeof REQUIRED_COLUMNS)[number];

/** The optional columns, in the order help and the README list them. */
export const OPTIONAL_COLUMNS = [
  'url',
  'pieza',
  'anioDesde',
  'anioHasta',
  'version',
  'sensorLluvia',
  'camara',
  'calefaccionado',
  'acustico',
  'franja',
  'calidad',
  'marcaVidrio',
  'disponibilidad',
  'codigo',
] as const satisfies readonly Column[];
export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];

/** A title as compared: no accents, lower case, single spaces. */
export function normalizeTitle(title: string): string {
  return title
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const BY_TITLE = new Map<string, Column>(
  [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS].map((column) => [
    normalizeTitle(COLUMN_TITLES[column]),
    column,
  ]),
);

/** The column a header cell names, if any. */
export function columnOf(title: string): Column | undefined {
  return BY_TITLE.get(normalizeTitle(title));
}

/**
 * How messages name a column: the three first columns and URL by their key, as they always
 * have ("precio"), the newer ones by their title ("Sensor de lluvia").
 */
export function columnName(column: Column): string {
  return column === 'marca' || column === 'modelo' || column === 'precio' || column === 'url'
    ? column
    : COLUMN_TITLES[column];
}

/** "Marca, Modelo, Precio y, si querés, URL". */
export const COLUMNS_IN_WORDS = `${COLUMN_TITLES.marca}, ${COLUMN_TITLES.modelo}, ${COLUMN_TITLES.precio} y, si querés, ${COLUMN_TITLES.url}`;

/** The optional columns after URL, as help and messages list them. */
export const VARIANT_COLUMNS_IN_WORDS = OPTIONAL_COLUMNS.filter((c) => c !== 'url')
  .map((column) => COLUMN_TITLES[column])
  .join(', ');
