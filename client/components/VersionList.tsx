import type { VersionOffer } from '../../catalogue/lookup.ts';
import type { Pieza } from '../../catalogue/pieces.ts';
import type { PriceDate as PriceDateData } from '../../catalogue/validity.ts';
import {
  availabilityLabel,
  CALIBRATION_NOTE,
  featuresTitle,
  qualityLabels,
  yearsLabel,
  yearsTitle,
} from '../content/glass.ts';
import { queryParams } from '../paths.ts';
import { BuyButton, PriceBlock } from './PriceBlock.tsx';
import { BookingLink } from './BookingLink.tsx';
import { PriceDate } from './PriceDate.tsx';
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
 * A model's versions, each with its features, quality, glass brand, availability, its own
 * price block and purchase link; grouped by years when years are given, and narrowed by the
 * filter (the ones that do not fit are `hidden`, so the island can show them again in place).
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
  const Title = grouped ? 'h4' : 'h3';
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
                <Title className="version__title">
                  {[version.version, featuresTitle(version.caracteristicas, pieza)]
                    .filter((part) => part !== undefined)
                    .join(' · ')}
                </Title>
                {version.id === picked ? (
                  <p className="version__picked">Elegiste esta versión.</p>
                ) : null}
                <ul className="version__facts">
                  {!grouped && yearsLabel(version) ? <li>Años: {yearsLabel(version)}</li> : null}
                  {version.calidad ? <li>Calidad: {qualityLabels[version.calidad]}</li> : null}
                  {version.marcaVidrio ? <li>Marca del vidrio: {version.marcaVidrio}</li> : null}
                  {version.disponibilidad ? (
                    <li className={`availability availability--${version.disponibilidad.tipo}`}>
                      {availabilityLabel(version.disponibilidad)}
                    </li>
                  ) : null}
                  {version.codigo ? <li>Código: {version.codigo}</li> : null}
                </ul>
                {version.caracteristicas.includes('camara') ? (
                  <p className="version__note">{CALIBRATION_NOTE}</p>
                ) : null}
                <div className="price-box price-box--version">
                  <PriceBlock precio={version.precio} cuotas={version.cuotas} />
                  <PriceDate prices={prices} product={name} pieza={pieza} />
                  <BuyButton url={version.url} />
                  <BookingLink pieza={pieza} productPath={path} version={version.id} />
                </div>
                {several ? (
                  <p className="version__link">
                    <a href={versionLink(path, version.id)}>Enlace a esta versión</a>
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
