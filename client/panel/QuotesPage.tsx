/**
 * The insurance quotes (`/panel/presupuestos`): every quote newest first, 50 a page, searched by
 * number, plate or name; each one's PDF (the same file its customer got), "Pasar a turno", and
 * "Exportar CSV" (the search applied).
 */
import { useLoaderData } from 'react-router-dom';
import { formatARS } from '../../catalogue/money.ts';
import { formatDateAR } from '../../catalogue/validity.ts';
import type { AppLoaderArgs } from '../app-context.ts';
import { panelPaths, queryParams } from '../paths.ts';
import { requirePanel } from './context.ts';
import { formatWhen } from './format.ts';
import { PanelMeta } from './PanelMeta.tsx';
import { PanelPager } from './PanelPager.tsx';

export const QUOTES_PAGE_SIZE = 50;
const SEARCH_MAX = 100;

function listPath(search: string, page: number): string {
  const params = new URLSearchParams();
  if (search) params.set(queryParams.search, search);
  if (page > 1) params.set(queryParams.page, String(page));
  const query = params.toString();
  return query ? `${panelPaths.quotes}?${query}` : panelPaths.quotes;
}

const withNumber = (path: string, number: string) =>
  `${path}?${new URLSearchParams({ [queryParams.quoteNumber]: number })}`;

export async function quotesLoader({ request, context }: AppLoaderArgs) {
  const { quotes } = requirePanel(context).services;
  const params = new URL(request.url).searchParams;
  const search = (params.get(queryParams.search) ?? '').trim().slice(0, SEARCH_MAX);
  const asked = Number(params.get(queryParams.page));
  const page = Number.isInteger(asked) && asked > 0 ? asked : 1;
  return { list: await quotes.page({ search, page, pageSize: QUOTES_PAGE_SIZE }), search };
}

export function QuotesPage() {
  const { list, search } = useLoaderData<typeof quotesLoader>();
  const { quotes, total, page, pageCount } = list;
  const exportHref = search
    ? `${panelPaths.quotesExport}?${new URLSearchParams({ [queryParams.search]: search })}`
    : panelPaths.quotesExport;
  return (
    <>
      <PanelMeta title="Presupuestos" />
      <h1>Presupuestos para el seguro</h1>
      <form method="get" action={panelPaths.quotes} className="panel-search" role="search">
        <p>
          <label htmlFor="buscar">Buscar por número, patente o nombre</label>
          <input id="buscar" name={queryParams.search} type="search" defaultValue={search} />
        </p>
        <button type="submit" className="button button-outline">
          Buscar
        </button>
        <a className="button button-light" href={exportHref}>
          Exportar CSV (Excel)
        </a>
      </form>
      <p>
        {total === 0
          ? search
            ? `Ningún presupuesto con "${search}".`
            : 'Todavía no se pidió ningún presupuesto.'
          : `${total} presupuesto${total === 1 ? '' : 's'}${search ? ` con "${search}"` : ''}${pageCount > 1 ? ` · página ${page} de ${pageCount}` : ''}.`}
      </p>
      <ol className="panel-list">
        {quotes.map((q) => (
          <li key={q.number} className="panel-card">
            <article aria-labelledby={`p-${q.number}`}>
              <h2 id={`p-${q.number}`}>
                {q.number} · {formatARS(q.total)}
              </h2>
              <p>
                {formatWhen(q.createdAt)} · {q.item}
              </p>
              <p>
                {q.name}
                {q.plate ? ` · Patente ${q.plate}` : ''} · {q.insurer}
              </p>
              {q.booking ? (
                <p>
                  <span className="panel-tag">
                    Turno: {formatDateAR(q.booking.day)}, {q.booking.window.toLowerCase()}
                  </span>
                </p>
              ) : null}
              <div className="panel-actions">
                <a
                  className="button button-small button-primary"
                  href={withNumber(panelPaths.quotePdf, q.number)}
                >
                  PDF
                </a>
                {q.booking ? null : (
                  <a
                    className="button button-small button-outline"
                    href={withNumber(panelPaths.quoteBooking, q.number)}
                  >
                    Pasar a turno
                  </a>
                )}
              </div>
            </article>
          </li>
        ))}
      </ol>
      <PanelPager
        label="Páginas de presupuestos"
        page={page}
        pageCount={pageCount}
        pathOf={(n) => listPath(search, n)}
      />
    </>
  );
}
