/** The header row: which column holds what. Titles in any case, order and with or without accents. */
import {
  columnOf,
  OPTIONAL_COLUMNS,
  REQUIRED_COLUMNS,
  type Column,
  type OptionalColumn,
  type RequiredColumn,
} from './columns.ts';
import { problems, type Problem } from './problems.ts';

export { normalizeTitle } from './columns.ts';

export type ColumnMap = Record<RequiredColumn, number> &
  Partial<Record<OptionalColumn, number | undefined>>;

export type Header = {
  /** Present when every required column was found exactly once. */
  columns: ColumnMap | undefined;
  /** Cells a data row may have: trailing untitled cells (`Marca;Modelo;Precio;;`) don't count. */
  width: number;
  /** Indexes of untitled columns inside the header; rows must leave them empty. */
  untitled: number[];
  problems: Problem[];
};

const isRequired = (column: Column): boolean =>
  REQUIRED_COLUMNS.some((required) => required === column);

export function readHeader(cells: readonly string[], row: number): Header {
  const trimmed = cells.map((cell) => cell.trim());
  let width = trimmed.length;
  while (width > 0 && trimmed[width - 1] === '') width -= 1;

  if (!trimmed.some((title) => columnOf(title) !== undefined)) {
    const shown = trimmed.slice(0, width);
    return { columns: undefined, width, untitled: [], problems: [problems.noHeader(row, shown)] };
  }

  const found = new Map<Column, number[]>();
  const untitled: number[] = [];
  const out: Problem[] = [];
  trimmed.slice(0, width).forEach((title, index) => {
    const column = columnOf(title);
    if (title === '') untitled.push(index);
    else if (column !== undefined) found.set(column, [...(found.get(column) ?? []), index]);
    else out.push(problems.unknownColumn(row, title));
  });

  let complete = true;
  for (const column of [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS]) {
    const indexes = found.get(column) ?? [];
    if (indexes.length > 1) {
      out.push(problems.repeatedColumn(row, column, indexes));
      complete = false;
    } else if (indexes.length === 0 && isRequired(column)) {
      out.push(problems.missingColumn(row, column));
      complete = false;
    }
  }
  const index = (column: Column) => found.get(column)?.[0];
  if (!complete) return { columns: undefined, width, untitled, problems: out };
  const columns: ColumnMap = {
    marca: index('marca') ?? 0,
    modelo: index('modelo') ?? 0,
    precio: index('precio') ?? 0,
  };
  for (const column of OPTIONAL_COLUMNS) columns[column] = index(column);
  return { columns, width, untitled, problems: out };
}
