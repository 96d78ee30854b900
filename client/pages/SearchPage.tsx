import { useLoaderData } from 'react-router-dom';
import { usePageTitle } from '../facts/use-facts.ts';
import type { AppLoaderArgs } from '../app-context.ts';
import { canonicalQuery, type SearchHit } from '../../catalogue/search.ts';
import type { Canonical } from '../page-identity.ts';
import { whatsappLink } from '../content/business.ts';
import { pieceNames } from '../content/glass.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { SearchForm } from '../components/SearchForm.tsx';
import { fromPrice, versionCount } from '../components/from-price.ts';
import { paths, queryParams } from '../paths.ts';
import { notFound } from './not-found.ts';

/** `?q=`: the query's words (accents, case and spacing dropped); none: the empty search page. */
export const canonicalSearch: Canonical = (value) => canonicalQuery(value) || undefined;

type SearchData = {
  query: string;
  hits: readonly SearchHit[];
  total: number;
  year: number | null;
};

/**
 * GET /buscar?q=…: the best matches first. A query that finds nothing is a 404 whose page is
 * the same for every such query (kept once, see server/render.tsx), with the form and WhatsApp.
 */
export function loader({ request, context }: AppLoaderArgs): SearchData {
  const query = canonicalQuery(new URL(request.url).searchParams.get(queryParams.search) ?? '');
  if (query === '') return { query, hits: [], total: 0, year: null };
  const { hits, total, year } = context.catalogue.search(query);
  if (hits.length === 0) throw notFound('search', context.catalogue);
  return { query, hits, total, year: year ?? null };
}

/** A hit's link: with the year as the product page's filter, when it has versions to narrow. */
function hitLink(hit: SearchHit, year: number | null): string {
  return year !== null && hit.versiones > 1
    ? `${hit.path}?${new URLSearchParams({ [queryParams.year]: String(year) })}`
    : hit.path;
}

export function SearchPage() {
  const { query, hits, total, year } = useLoaderData<typeof loader>();
  const trail = [
    { name: 'Inicio', path: paths.home },
    { name: 'Buscar', path: paths.search },
  ];
  const canonical =
    query === ''
      ? paths.search
      : `${paths.search}?${new URLSearchParams({ [queryParams.search]: query })}`;
  return (
    <>
      <PageMeta
        title={usePageTitle(query ? `Resultados para ${query}` : 'Buscá tu auto')}
        description="Buscá el parabrisas o la luneta de tu auto por marca, modelo y año, con el precio colocado en Jujuy."
        path={canonical}
        noindex
      />
      <div className="container search-page">
        <Breadcrumbs items={trail} />
        <h1>{query ? `Resultados para “${query}”` : 'Buscá tu auto'}</h1>
        <SearchForm query={query} />
        {hits.length > 0 ? (
          <>
            <p className="search-count">
              {[
                total === 1 ? 'Un modelo' : `${total.toLocaleString('es-AR')} modelos`,
                year !== null ? `, con versiones para ${year}` : '',
                total > hits.length ? `: estos son los ${hits.length} que más se parecen` : '',
                '.',
              ].join('')}
            </p>
            <ol className="search-results">
              {hits.map((hit) => (
                <li key={hit.path}>
                  <a href={hitLink(hit, year)}>
                    <span>
                      {`${pieceNames[hit.pieza].name} ${hit.marca} ${hit.nombre}`}
                      {versionCount(hit.versiones) ? (
                        <span className="brand-versions">{versionCount(hit.versiones)}</span>
                      ) : null}
                    </span>
                    <span className="brand-price">{fromPrice(hit.precio, hit.versiones)}</span>
                  </a>
                </li>
              ))}
            </ol>
          </>
        ) : (
          <p className="lead">
            Escribí la marca, el modelo y, si querés, el año de tu auto. Si no lo encontrás,{' '}
            <a href={whatsappLink('Hola, quiero consultar por un parabrisas.')} rel="nofollow">
              escribinos por WhatsApp
            </a>
            .
          </p>
        )}
        <p>
          <a href={paths.priceList}>Ver la lista de precios por marca</a>
        </p>
      </div>
    </>
  );
}
