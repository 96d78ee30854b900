/**
 * "Exportar CSV" of each table of `/panel/estadisticas`: the same rows as the page
 * (client/panel/demand-figures.ts, FIGURE_TABLES), as a CSV Excel in es-AR opens with
 * accents intact and formulas neutralised (catalogue/excel-csv.ts). A GET behind the panel's
 * guard; an unknown table is a 404.
 */
import { excelCsv } from '../../catalogue/excel-csv.ts';
import {
  FIGURE_TABLES,
  statsPeriod,
  type DemandFigures,
  type DemandFiguresService,
  type FigureTable,
} from '../../client/panel/demand-figures.ts';
import { panelPaths, queryParams } from '../../client/paths.ts';
import type { PanelEndpoint } from '../panel/guard.ts';

/** The table as the sheet gets it: the page's columns, numbers without thousands dots. */
export function figuresCsv(table: FigureTable, figures: DemandFigures): string {
  return excelCsv(
    table.columns,
    table.rows(figures).map((row) => row.map((cell) => cell.sheet)),
  );
}

/** `estadisticas-modelos-2026-10-27-a-2026-11-25.csv` */
export function figuresFileName(table: FigureTable, figures: DemandFigures): string {
  return `estadisticas-${table.id}-${figures.from}-a-${figures.to}.csv`;
}

export function statsExport(demand: DemandFiguresService): [string, PanelEndpoint] {
  return [
    panelPaths.statsExport,
    {
      method: 'GET',
      open: false,
      async handle(req, res) {
        const asked = req.query[queryParams.statsTable];
        const table = FIGURE_TABLES.find((t) => t.id === asked);
        if (!table) {
          res.status(404).type('text/plain; charset=utf-8').send('No existe esa tabla.');
          return;
        }
        const days = req.query[queryParams.statsDays];
        const figures = await demand.figures(statsPeriod(typeof days === 'string' ? days : null));
        res.set({
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${figuresFileName(table, figures)}"`,
        });
        res.send(figuresCsv(table, figures));
      },
    },
  ];
}
