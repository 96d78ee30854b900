/**
 * The spreadsheet's columns: the key each is read into, and the title the owner sees in
 * messages and help. Row 1 may write a title in any case and with or without accents.
 */
export const COLUMN_TITLES = {
  marca: 'Marca',
  modelo: 'Modelo',
  precio: 'Precio',
  url: 'URL',
} as const;

export type Column = keyof typeof COLUMN_TITLES;

export const REQUIRED_COLUMNS = ['marca', 'modelo', 'precio'] as const satisfies readonly Column[];
export const KNOWN_COLUMNS: readonly string[] = Object.keys(COLUMN_TITLES);

/** "Marca, Modelo, Precio y, si querés, URL". */
export const COLUMNS_IN_WORDS = `${COLUMN_TITLES.marca}, ${COLUMN_TITLES.modelo}, ${COLUMN_TITLES.precio} y, si querés, ${COLUMN_TITLES.url}`;
