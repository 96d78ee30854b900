import { useEffect, useRef, useState } from 'react';
import type { Feature } from '../../catalogue/pieces.ts';
import { featureLabels } from '../content/glass.ts';
import { island } from '../islands/island.tsx';
import { featureParams, queryParams } from '../paths.ts';
import {
  filterQuery,
  filterFromQuery,
  isFiltering,
  matches,
  versionElementId,
  type FilterableVersion,
  type VersionFilterState,
} from './version-filter.ts';

/** The attribute on each version's group (years) in the page: hidden when none of it is shown. */
export const VERSION_GROUP_ATTRIBUTE = 'data-version-group';

type Props = {
  /** The model page: the form's action and the "ver todas" link. */
  readonly action: string;
  readonly years: readonly number[];
  readonly features: readonly Feature[];
  /** What the server rendered the page with (from its query). */
  readonly initial: VersionFilterState;
  readonly versions: readonly FilterableVersion[];
};

function stateOf(form: HTMLFormElement): VersionFilterState {
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value !== '') query.set(name, value);
  }
  return filterFromQuery(query);
}

/**
 * Shows the versions that fit (the page lists them all, each in an element whose id is the
 * version's, the ones that do not fit `hidden`), and hides a year group with none left.
 */
function showMatching(versions: readonly FilterableVersion[], filter: VersionFilterState): number {
  let shown = 0;
  for (const version of versions) {
    const element = document.getElementById(versionElementId(version.id));
    const fits = matches(version, filter);
    if (fits) shown += 1;
    if (element) element.hidden = !fits;
  }
  for (const group of document.querySelectorAll<HTMLElement>(`[${VERSION_GROUP_ATTRIBUTE}]`)) {
    group.hidden = group.querySelector('[data-version]:not([hidden])') === null;
  }
  return shown;
}

/**
 * The versions filter (an island). Without JavaScript a GET form the page answers with the
 * list narrowed; hydrated, each change narrows the list in place and the address follows, so
 * the narrowed page can be shared.
 */
function Filter({ action, years, features, initial, versions }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const [filter, setFilter] = useState(initial);
  const shown = versions.filter((v) => matches(v, filter)).length;

  function apply() {
    if (!form.current) return;
    const next = stateOf(form.current);
    setFilter(next);
    showMatching(versions, next);
    window.history.replaceState(null, '', `${action}${filterQuery(next)}`);
  }
  // Changed before hydration: the plain form's state is what the visitor sees. Unchanged, the
  // page stays as served (its address may hold a version link).
  useEffect(() => {
    if (form.current && filterQuery(stateOf(form.current)) !== filterQuery(initial)) apply();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <form
      ref={form}
      className="version-filter"
      method="get"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <fieldset>
        <legend>Encontrá la versión de tu auto</legend>
        {years.length > 0 ? (
          <div className="field">
            <label htmlFor="filtro-anio">Año</label>
            <select
              id="filtro-anio"
              name={queryParams.year}
              defaultValue={initial.anio === null ? '' : String(initial.anio)}
              onChange={apply}
            >
              <option value="">Cualquier año</option>
              {years.map((year) => (
                <option key={year} value={year}>
                  {year}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {features.map((feature) => (
          <div className="field" key={feature}>
            <label htmlFor={`filtro-${featureParams[feature]}`}>
              {featureLabels[feature].label}
            </label>
            <select
              id={`filtro-${featureParams[feature]}`}
              name={featureParams[feature]}
              defaultValue={initial.features[feature] ?? ''}
              onChange={apply}
            >
              <option value="">Con o sin</option>
              <option value="si">Con</option>
              <option value="no">Sin</option>
            </select>
          </div>
        ))}
        <button type="submit" className="button button-outline">
          Filtrar
        </button>
      </fieldset>
      <p className="version-filter__count" role="status">
        {shown === versions.length
          ? `${versions.length} versiones`
          : `${shown} de ${versions.length} versiones`}
        {isFiltering(filter) ? (
          <>
            {' · '}
            <a href={action}>Ver todas</a>
          </>
        ) : null}
      </p>
    </form>
  );
}

export const VersionFilter = island('versionFilter', Filter);
