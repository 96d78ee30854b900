/**
 * "Exportar": the inbox (the search applied) as a CSV that Excel in es-AR opens with accents
 * intact, formulas neutralised (catalogue/excel-csv.ts). A GET behind the guard: no-store.
 */
import type { Inbox } from '../../client/panel/inbox-types.ts';
import { formatWhen } from '../../client/panel/format.ts';
import { panelPaths, queryParams } from '../../client/paths.ts';
import { excelCsv } from '../../catalogue/excel-csv.ts';
import type { PanelEndpoint } from './guard.ts';

const HEADER = [
  'recibido',
  'nombre',
  'email',
  'mensaje',
  'envío por e-mail',
  'leído',
  'respondido',
];
const DELIVERY = { sent: 'enviado', pending: 'pendiente', failed: 'no se pudo enviar' } as const;

export function messagesExport(inbox: Inbox, now: () => Date): [string, PanelEndpoint] {
  return [
    panelPaths.messagesExport,
    {
      method: 'GET',
      open: false,
      async handle(req, res, panel) {
        const search =
          typeof req.query[queryParams.search] === 'string'
            ? String(req.query[queryParams.search])
            : '';
        const messages = await inbox.all(search.slice(0, 100));
        const csv = excelCsv(
          HEADER,
          messages.map((m) => [
            formatWhen(m.receivedAt),
            m.name,
            m.email,
            m.message,
            m.delivery === 'failed' && m.deliveryError
              ? `${DELIVERY.failed}: ${m.deliveryError}`
              : DELIVERY[m.delivery],
            m.readAt ? formatWhen(m.readAt) : '',
            m.answeredAt ? formatWhen(m.answeredAt) : '',
          ]),
        );
        const day = now().toISOString().slice(0, 10);
        res.set({
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="mensajes-${day}.csv"`,
        });
        await panel.record('mensajes exportados', `${messages.length} mensaje(s)`);
        res.send(csv);
      },
    },
  ];
}
