/**
 * Narrowing a model's versions down: by the car's year and by the features that differ among
 * them. Pure, shared by the product page (server, from the query) and the filter island
 * (browser, from the form).
 */
import { FEATURES, type Feature } from '../../catalogue/pieces.ts';
import type { Canonical } from '../page-identity.ts';
import { featureParams, queryParams } from '../paths.ts';

/** A version's element id in the page (prefixed: a version id may be any slug). */
export const versionElementId = (id: string): string => `v-${id}`;

/** What the filter needs of a version (plain data: it travels to the island). */
export type FilterableVersion = {
  readonly id: string;
  readonly anioDesde: number | null;
  readonly anioHasta: number | null;
  readonly caracteristicas: readonly Feature[];
};

export type Wanted = 'si' | 'no';

/** The filter's state: a year and, per feature, with or without (absent: either). */
export type VersionFilterState = {
  readonly anio: number | null;
  readonly features: Partial<Record<Feature, Wanted>>;
};

export const NO_FILTER: VersionFilterState = { anio: null, features: {} };

/** `?anio=`: a whole year in a plausible range, written without leading zeros. */
export const canonicalYear: Canonical = (value) => {
  if (!/^\d{4}$/.test(value.trim())) return undefined;
  const year = Number(value.trim());
  return year >= 1950 && year <= 2100 ? String(year) : undefined;
};

/** A feature's `?sensor=`: si (sí, 1, con) or no (0, sin); anything else is no filter. */
export const canonicalWanted: Canonical = (value) => {
  const folded = value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();
  if (['si', '1', 'con'].includes(folded)) return 'si';
  if (['no', '0', 'sin'].includes(folded)) return 'no';
  return undefined;
};

/** `?version=`: a version id's shape (the page redirects when the model has no such version). */
export const canonicalVersionId: Canonical = (value) =>
  /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value) && value.length <= 200 ? value : undefined;

/** Every parameter the product page reads, with its canonical form (its route's identity). */
export const productPageParams: Record<string, Canonical> = {
  [queryParams.version]: canonicalVersionId,
  [queryParams.year]: canonicalYear,
  ...Object.fromEntries(FEATURES.map((f) => [featureParams[f], canonicalWanted])),
};

/** The filter a query asks for (values in any spelling the canonical functions accept). */
export function filterFromQuery(query: URLSearchParams): VersionFilterState {
  const year = canonicalYear(query.get(queryParams.year) ?? '');
  const features: Partial<Record<Feature, Wanted>> = {};
  for (const feature of FEATURES) {
    const wanted = canonicalWanted(query.get(featureParams[feature]) ?? '');
    if (wanted === 'si' || wanted === 'no') features[feature] = wanted;
  }
  return { anio: year === undefined ? null : Number(year), features };
}

/** The features some versions have and others lack: the only ones worth asking about. */
export function differingFeatures(versions: readonly FilterableVersion[]): Feature[] {
  return FEATURES.filter((feature) => {
    const having = versions.filter((v) => v.caracteristicas.includes(feature)).length;
    return having > 0 && having < versions.length;
  });
}

/**
 * The years the year select offers, newest first: from the oldest given year to the newest
 * (an open end: `openEnd`), or none when no version gives years.
 */
export function filterYears(versions: readonly FilterableVersion[], openEnd: number): number[] {
  const given = versions.flatMap((v) => [v.anioDesde, v.anioHasta]).filter((y) => y !== null);
  if (given.length === 0) return [];
  const from = Math.min(...given);
  const to = versions.some((v) => v.anioHasta === null) ? openEnd : Math.max(...given);
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, k) => to - k);
}

export function matches(version: FilterableVersion, filter: VersionFilterState): boolean {
  const { anio } = filter;
  if (anio !== null) {
    if (version.anioDesde !== null && anio < version.anioDesde) return false;
    if (version.anioHasta !== null && anio > version.anioHasta) return false;
  }
  return FEATURES.every((feature) => {
    const wanted = filter.features[feature];
    if (wanted === undefined) return true;
    return version.caracteristicas.includes(feature) === (wanted === 'si');
  });
}

export function isFiltering(filter: VersionFilterState): boolean {
  return filter.anio !== null || Object.keys(filter.features).length > 0;
}

/** The query string of a filter (empty without one), parameters in a fixed order. */
export function filterQuery(filter: VersionFilterState): string {
  const query = new URLSearchParams();
  if (filter.anio !== null) query.set(queryParams.year, String(filter.anio));
  for (const feature of FEATURES) {
    const wanted = filter.features[feature];
    if (wanted) query.set(featureParams[feature], wanted);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}
