import type { VersionOffer } from '../../catalogue/lookup.ts';
import type { Pieza } from '../../catalogue/pieces.ts';
import type { PriceDate as PriceDateData } from '../../catalogue/validity.ts';
import { yearsLabel, yearsTitle } from '../content/glass.ts';
import { queryParams } from '../paths.ts';
import { VersionRow } from './VersionRow.tsx';
import {
  differingFeatures,
  filterYears,
  matches,
  versionElementId,
  type FilterableVersion,
  type VersionFilterState,
} from './version-filter.ts';
import { VERSION_GROUP_ATTRIBUTE, VersionFilter } from './VersionFilter.tsx';

type Props = {
  pieza: Pieza;
  /** Brand and model ("Toyota Corolla"). */
  name: string;
  /** The model page's path (canonical). */
  path: string;
  versiones: readonly VersionOffer[];
  filter: VersionFilterState;
  picked: string | null;
  openEnd: number;
  prices: PriceDateData;
};

const filterable = (v: VersionOffer): FilterableVersion => ({
  id: v.id,
  anioDesde: v.anioDesde ?? null,
  anioHasta: v.anioHasta ?? null,
  caracteristicas: v.caracteristicas,
});

/** Versions in their stored order (years, then price), in runs of the same years. */
function byYears(versiones: readonly VersionOffer[]) {
  const groups: { years: string | undefined; title: string; versiones: VersionOffer[] }[] = [];
  for (const version of versiones) {
    const years = yearsLabel(version);
    const last = groups.at(-1);
    if (last && last.years === years) last.versiones.push(version);
    else groups.push({ years, title: yearsTitle(version), versiones: [version] });
  }
  return groups;
}

/** A version's link: the model page with it picked, scrolled to it. */
export function versionLink(path: string, id: string): string {
  return `${path}?${queryParams.version}=${id}#${versionElementId(id)}`;
}

/**
 * A model's versions as a compact comparison, one row each (VersionRow: the full price block
 * and purchase link open on demand); grouped by years when years are given, and narrowed by
 * the filter (the ones that do not fit are `hidden`, so the island can show them again in
 * place).
 */
export function VersionList({
  pieza,
  name,
  path,
  versiones,
  filter,
  picked,
  openEnd,
  prices,
}: Props) {
  const several = versiones.length > 1;
  const filterData = versiones.map(filterable);
  const groups = byYears(versiones);
  const grouped = groups.some((g) => g.years !== undefined);
  const fits = (v: VersionOffer) => v.id === picked || matches(filterable(v), filter);
  return (
    <section className="versions" id="versiones" aria-labelledby="versiones-titulo">
      <h2 id="versiones-titulo">{several ? 'Versiones y precios' : 'La versión y su precio'}</h2>
      {several ? (
        <VersionFilter
          action={path}
          years={filterYears(filterData, openEnd)}
          features={differingFeatures(filterData)}
          initial={filter}
          versions={filterData}
        />
      ) : null}
      {several ? (
        <p className="versions__hint">Tocá una versión para ver el precio en cuotas y comprarla.</p>
      ) : null}
      {groups.map((group) => (
        <div
          key={group.years ?? 'todos'}
          className="version-group"
          {...{ [VERSION_GROUP_ATTRIBUTE]: '' }}
          hidden={!group.versiones.some(fits)}
        >
          {grouped ? <h3>{group.title}</h3> : null}
          <ul className="version-list">
            {group.versiones.map((version) => (
              <li
                key={version.id}
                id={versionElementId(version.id)}
                data-version=""
                className={version.id === picked ? 'version version--picked' : 'version'}
                hidden={!fits(version)}
              >
                <VersionRow
                  pieza={pieza}
                  name={name}
                  version={version}
                  grouped={grouped}
                  picked={version.id === picked}
                  open={version.id === picked || !several}
                  link={several ? versionLink(path, version.id) : undefined}
                  prices={prices}
                  productPath={path}
                />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
