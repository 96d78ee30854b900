/**
 * What a request counts as, from its path and query alone (no headers): the one declaration
 * of the pages the demand figures count (docs/decisions/2026-11-25-demand-counts.md).
 * Called for every request the site answers, kept pages included, so an uncounted path
 * costs a set lookup and two prefix checks.
 */
import type { CatalogueLookup } from '../../catalogue/lookup.ts';
import { PIECE_SEGMENTS } from '../../catalogue/paths.ts';
import { canonicalQuery, MAX_QUERY_LENGTH } from '../../catalogue/search.ts';
import { PIEZAS, type Pieza } from '../../catalogue/pieces.ts';
import { readPickerQuery } from '../../client/components/picker-query.ts';
import { answerPages, paths, queryParams } from '../../client/paths.ts';
import type { DemandKind } from '../../store/counts.ts';
import { missingKey } from './missing-key.ts';

/** Pages counted by their path (product pages are counted per model, below). */
export const COUNTED_PAGES: ReadonlySet<string> = new Set([
  paths.priceList,
  ...answerPages,
  paths.booking,
]);

export type Tally = { readonly kind: DemandKind; readonly key: string };

const NOTHING: readonly Tally[] = [];

/** The product pages' first segment (`parabrisa`, `luneta`) and their piece. */
const PIECE_OF_SEGMENT = new Map<string, Pieza>(PIEZAS.map((p) => [PIECE_SEGMENTS[p], p]));

/**
 * What a GET of `url` (path and query, as the request line gives it) counts: a page view,
 * a version view, a brand or model that is not in the catalogue, or nothing.
 */
export function talliesOf(url: string, catalogue: CatalogueLookup): readonly Tally[] {
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  if (COUNTED_PAGES.has(path)) return [{ kind: 'view', key: path }];
  if (path === paths.picker) return pickerTallies(url.slice(q + 1), q, catalogue);
  if (path === paths.search) return searchTallies(url.slice(q + 1), q, catalogue);
  const segments = path.split('/');
  const pieza = segments.length === 4 ? PIECE_OF_SEGMENT.get(segments[1] ?? '') : undefined;
  if (!pieza) return NOTHING;
  const marca = decoded(segments[2] ?? '');
  const modelo = decoded(segments[3] ?? '');
  if (marca === undefined || modelo === undefined) return NOTHING;
  const match = catalogue.findProduct(marca, modelo, pieza);
  if (!match) return missing(pieza, marca, modelo);
  const canonical = match.modelo.meta.canonical;
  const view: Tally = { kind: 'view', key: canonical };
  if (q < 0) return [view];
  const picked = new URLSearchParams(url.slice(q + 1)).get(queryParams.version);
  const version =
    picked === null ? undefined : match.modelo.versiones?.find((v) => v.id === picked);
  return version
    ? [view, { kind: 'version', key: `${canonical}?${queryParams.version}=${version.id}` }]
    : [view];
}

function pickerTallies(search: string, q: number, catalogue: CatalogueLookup): readonly Tally[] {
  const { pieza, marca, modelo } = readPickerQuery(new URLSearchParams(q < 0 ? '' : search));
  if (catalogue.findProduct(marca, modelo, pieza)) return [{ kind: 'view', key: paths.picker }];
  // Only a brand chosen (or nothing): not a search for a model.
  if (modelo.trim() === '') return NOTHING;
  return missing(pieza, marca, modelo);
}

/**
 * A search by name (`/buscar?q=`): a view when it found a model; when it found none, the car
 * asked for as its first word (the brand) and the rest (the model), years left out, and
 * nothing when that could be something personal.
 */
function searchTallies(search: string, q: number, catalogue: CatalogueLookup): readonly Tally[] {
  const text = new URLSearchParams(q < 0 ? '' : search).get(queryParams.search) ?? '';
  const query = canonicalQuery(text);
  if (query === '') return NOTHING;
  if (catalogue.search(query, 1).total > 0) return [{ kind: 'view', key: paths.search }];
  const words = text
    .slice(0, MAX_QUERY_LENGTH)
    .split(/\s+/)
    .filter((word) => word !== '' && !/^(19|20)\d\d$/.test(word));
  const [marca = '', ...modelo] = words;
  return missing('parabrisas', marca, modelo.join(' '));
}

function missing(pieza: Pieza, marca: string, modelo: string): readonly Tally[] {
  const key = missingKey(pieza, marca, modelo);
  return key === undefined ? NOTHING : [{ kind: 'not-found', key }];
}

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
