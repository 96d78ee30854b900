/**
 * The panel's quotes as a CSV (the search applied), in the panel's Excel es-AR shape
 * (catalogue/excel-csv.ts: `;`, UTF-8 with a BOM, formulas neutralised), and a quote's PDF
 * (the same file its customer got). GETs behind the panel's guard: no-store.
 */
import type { ShopFacts } from '../../client/facts/types.ts';
import { excelCsv } from '../../catalogue/excel-csv.ts';
import { formatDateAR } from '../../catalogue/validity.ts';
import { formatWhen } from '../../client/panel/format.ts';
import { panelPaths, queryParams } from '../../client/paths.ts';
import { QUOTE_NUMBER } from '../../client/quote/types.ts';
import type { QuoteStore } from '../../store/quotes.ts';
import { errorDocument, sendStatusPage } from '../error-document.ts';
import type { PanelEndpoint } from '../panel/guard.ts';
import { parseQuoteDocument } from './document.ts';
import { sendQuotePdf } from './routes.ts';
import type { SiteQuotes } from './service.ts';

const HEADER = [
  'número',
  'fecha',
  'válido hasta',
  'cristal',
  'colocación',
  'recargo',
  'total de contado',
  'aseguradora',
  'cliente',
  'patente',
  'póliza o siniestro',
  'turno',
];

/** Pesos for the sheet: `185000,00` (a number to Excel in es-AR). */
const pesos = (centavos: number) => (centavos / 100).toFixed(2).replace('.', ',');

/** Every quote the search finds, newest first, as the sheet. */
export async function quotesCsv(store: QuoteStore, search: string): Promise<string> {
  const rows: string[][] = [];
  const batch = 500;
  for (let offset = 0; ; offset += batch) {
    const { quotes } = await store.list(search, batch, offset);
    for (const q of quotes) {
      const d = parseQuoteDocument(q.body);
      rows.push([
        q.number,
        formatWhen(q.createdAt),
        formatDateAR(d.validUntil),
        [d.item.title, ...d.item.details].join(' · '),
        d.placement.label,
        d.placement.surcharge === null ? '' : pesos(d.placement.surcharge),
        pesos(d.total),
        d.customer.insurer,
        d.customer.name,
        d.customer.plate ?? '',
        d.customer.claim ?? '',
        q.booking ? `${formatDateAR(q.booking.day)} ${q.booking.slot}` : '',
      ]);
    }
    if (quotes.length < batch) break;
  }
  return excelCsv(HEADER, rows);
}

export function quotesExport(store: QuoteStore, now: () => Date): [string, PanelEndpoint] {
  return [
    panelPaths.quotesExport,
    {
      method: 'GET',
      open: false,
      async handle(req, res, panel) {
        const asked = req.query[queryParams.search];
        const search = typeof asked === 'string' ? asked.trim().slice(0, 100) : '';
        const csv = await quotesCsv(store, search);
        const day = now().toISOString().slice(0, 10);
        res.set({
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="presupuestos-${day}.csv"`,
        });
        await panel.record('presupuestos exportados', search ? `búsqueda "${search}"` : 'todos');
        res.send(csv);
      },
    },
  ];
}

export function quotePdfDownload(
  quotes: SiteQuotes,
  facts: () => ShopFacts,
): [string, PanelEndpoint] {
  return [
    panelPaths.quotePdf,
    {
      method: 'GET',
      open: false,
      async handle(req, res) {
        const asked = req.query[queryParams.quoteNumber];
        const number = typeof asked === 'string' ? asked : '';
        const quote = QUOTE_NUMBER.test(number) ? await quotes.document(number) : undefined;
        if (!quote) return sendStatusPage(res, 404, errorDocument(404, facts()));
        await sendQuotePdf(res, quote, quotes.pdfs);
      },
    },
  ];
}
