/** The header row: which column holds what. Titles in any case, order and with or without accents. */
import { KNOWN_COLUMNS, REQUIRED_COLUMNS, type Column } from './columns.ts';
import { problems, type Problem } from './problems.ts';

export type ColumnMap = Record<Exclude<Column, 'url'>, number> & { url: number | undefined };

export type Header = {
  /** Present when every required column was found exactly once. */
  columns: ColumnMap | undefined;
  /** Cells a data row may have: trailing untitled cells (`Marca;Modelo;Precio;;`) don't count. */
  width: number;
  /** Indexes of untitled columns inside the header; rows must leave them empty. */
  untitled: number[];
  problems: Problem[];
};

export function normalizeTitle(title: string): string {
  return title
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();
}

export function readHeader(cells: readonly string[], row: number): Header {
  const titles = cells.map(normalizeTitle);
  let width = titles.length;
  while (width > 0 && titles[width - 1] === '') width -= 1;

  if (!titles.some((title) => KNOWN_COLUMNS.includes(title))) {
    const shown = cells.slice(0, width).map((cell) => cell.trim());
    return { columns: undefined, width, untitled: [], problems: [problems.noHeader(row, shown)] };
  }

  const found = new Map<string, number[]>();
  const untitled: number[] = [];
  const out: Problem[] = [];
  titles.slice(0, width).forEach((title, index) => {
    if (title === '') untitled.push(index);
    else if (KNOWN_COLUMNS.includes(title)) found.set(title, [...(found.get(title) ?? []), index]);
    else out.push(problems.unknownColumn(row, (cells[index] ?? '').trim()));
  });

  let complete = true;
  for (const column of [...REQUIRED_COLUMNS, 'url'] as const) {
    const indexes = found.get(column) ?? [];
    if (indexes.length > 1) {
      out.push(problems.repeatedColumn(row, column, indexes));
      complete = false;
    } else if (indexes.length === 0 && column !== 'url') {
      out.push(problems.missingColumn(row, column));
      complete = false;
    }
  }
  const index = (column: Column) => found.get(column)?.[0];
  const columns = complete
    ? {
        marca: index('marca') ?? 0,
        modelo: index('modelo') ?? 0,
        precio: index('precio') ?? 0,
        url: index('url'),
      }
    : undefined;
  return { columns, width, untitled, problems: out };
}
