/**
 * "Descargar planilla": the live catalogue as a sheet in the columns the owner uploads, one
 * row per plain model or per version, so that uploading it back unchanged previews "Sin
 * cambios" (tests/sheet/export.test.ts checks the round trip).
 */
import { modelsOf, type Availability, type Catalogue, type Modelo } from '../catalogue/schema.ts';
import { formatARSPlain } from '../catalogue/money.ts';
import { FEATURES, PIEZAS, type Pieza } from '../catalogue/pieces.ts';
import { COLUMN_TITLES, OPTIONAL_COLUMNS, REQUIRED_COLUMNS, type Column } from './columns.ts';
import { excelCsv } from '../catalogue/excel-csv.ts';

const COLUMNS: readonly Column[] = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS];

const PIEZA_WORD: Record<Pieza, string> = { parabrisas: 'Parabrisas', luneta: 'Luneta' };

function availabilityWord(disponibilidad: Availability | undefined): string {
  if (disponibilidad === undefined) return '';
  if (disponibilidad.tipo === 'stock') return 'en stock';
  return disponibilidad.dias === undefined ? 'a pedido' : `a pedido ${disponibilidad.dias} días`;
}

type Cells = Partial<Record<Column, string>>;

function rowsOf(marca: string, pieza: Pieza, modelo: Modelo): Cells[] {
  const base: Cells = { marca, modelo: modelo.nombre, pieza: PIEZA_WORD[pieza] };
  if (!modelo.versiones) {
    return [{ ...base, precio: formatARSPlain(modelo.precio), url: modelo.url ?? '' }];
  }
  return modelo.versiones.map((version) => {
    const cells: Cells = {
      ...base,
      precio: formatARSPlain(version.precio),
      url: version.url ?? '',
      anioDesde: version.anioDesde === undefined ? '' : String(version.anioDesde),
      anioHasta: version.anioHasta === undefined ? '' : String(version.anioHasta),
      version: version.version ?? '',
      calidad: version.calidad ?? '',
      marcaVidrio: version.marcaVidrio ?? '',
      disponibilidad: availabilityWord(version.disponibilidad),
      codigo: version.codigo ?? '',
    };
    for (const feature of FEATURES) {
      cells[feature] = version.caracteristicas.includes(feature) ? 'sí' : 'no';
    }
    return cells;
  });
}

export const SHEET_HEADER: readonly string[] = COLUMNS.map((column) => COLUMN_TITLES[column]);

/** One row per priced glass, as text cells in SHEET_HEADER's order. */
export function catalogueRows(catalogue: Catalogue): string[][] {
  const rows: string[][] = [];
  for (const marca of catalogue.marcas) {
    for (const pieza of PIEZAS) {
      for (const modelo of modelsOf(marca, pieza)) {
        for (const cells of rowsOf(marca.marca, pieza, modelo)) {
          rows.push(COLUMNS.map((column) => cells[column] ?? ''));
        }
      }
    }
  }
  return rows;
}

/** The sheet as a CSV Excel in Spanish opens with its accents (catalogue/excel-csv.ts). */
export function catalogueCsv(catalogue: Catalogue): string {
  return excelCsv(SHEET_HEADER, catalogueRows(catalogue));
}
