/**
 * "Descargar planilla": the live prices as the sheet the owner uploads (sheet/export.ts), a CSV
 * Excel in es-AR opens with accents intact. A GET behind the panel's guard: no-store.
 */
import { panelPaths } from '../../client/paths.ts';
import { shopDate } from '../../catalogue/validity.ts';
import { catalogueCsv } from '../../sheet/export.ts';
import type { CatalogueStore } from '../catalogue-store.ts';
import type { PanelEndpoint } from './guard.ts';

export function priceSheetDownload(
  store: CatalogueStore,
  now: () => Date,
): [string, PanelEndpoint] {
  return [
    panelPaths.pricesSheet,
    {
      method: 'GET',
      open: false,
      async handle(_req, res, panel) {
        const csv = catalogueCsv(store.current().lookup.catalogue);
        res.set({
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="precios-${shopDate(now())}.csv"`,
        });
        await panel.record('planilla de precios descargada', '');
        res.send(csv);
      },
    },
  ];
}
