import type { VersionOffer } from '../../catalogue/lookup.ts';
import { formatARS } from '../../catalogue/money.ts';
import type { Pieza } from '../../catalogue/pieces.ts';
import type { PriceDate as PriceDateData } from '../../catalogue/validity.ts';
import {
  availabilityLabel,
  CALIBRATION_NOTE,
  featureLabels,
  featuresTitle,
  PLAIN_VERSION_SHORT,
  qualityLabels,
  qualityShortLabels,
  yearsLabel,
} from '../content/glass.ts';
import { BuyButton, PriceBlock } from './PriceBlock.tsx';
import { PriceDate } from './PriceDate.tsx';
import { BookingLink } from './BookingLink.tsx';
import { QuoteLink } from './QuoteLink.tsx';

type Props = {
  pieza: Pieza;
  /** Brand and model ("Toyota Corolla"). */
  name: string;
  version: VersionOffer;
  /** The list is grouped by years: the row need not repeat them. */
  grouped: boolean;
  picked: boolean;
  /** Rendered open: the picked version, or a model's only one. */
  open: boolean;
  /** The version's own link (`?version=…#v-…`), when the model has several. */
  link: string | undefined;
  prices: PriceDateData;
  /** The model page's path (canonical): "Pedir turno" books this glass. */
  productPath: string;
};

/**
 * One version as a row a phone can scan: its name, features as short labels, quality,
 * availability and cash price in a native `<details>` summary; the full lawful price block
 * (instalments with their total and CFTEA) and "Comprar ahora" only inside, once opened. It
 * works without JavaScript; a version link renders it open. Only one opens at a time.
 */
export function VersionRow({
  pieza,
  name,
  version,
  grouped,
  picked,
  open,
  link,
  prices,
  productPath,
}: Props) {
  const years = grouped ? undefined : yearsLabel(version);
  const labels =
    version.caracteristicas.length > 0
      ? version.caracteristicas.map((f) => featureLabels[f].short)
      : [PLAIN_VERSION_SHORT];
  const meta = [years, version.calidad ? qualityShortLabels[version.calidad] : undefined].filter(
    (part) => part !== undefined,
  );
  return (
    <details className="version__details" name="versiones" open={open}>
      <summary className="version__summary">
        <span className="version__name">
          {version.version ? <strong>{version.version}</strong> : null}
          <span className="version__labels">
            {labels.map((label) => (
              <span key={label} className="version__label">
                {label}
              </span>
            ))}
          </span>
          {meta.length > 0 ? <span className="version__meta">{meta.join(' · ')}</span> : null}
          {version.disponibilidad ? (
            <span className={`availability availability--${version.disponibilidad.tipo}`}>
              {availabilityLabel(version.disponibilidad)}
            </span>
          ) : null}
        </span>
        <span className="version__cash">
          <span className="version__cash-amount">{formatARS(version.precio)}</span>
          <span className="version__cash-label">contado</span>
        </span>
      </summary>
      <div className="version__body">
        {picked ? <p className="version__picked">Elegiste esta versión.</p> : null}
        <p className="version__title">
          {[version.version, featuresTitle(version.caracteristicas, pieza)]
            .filter((part) => part !== undefined)
            .join(' · ')}
        </p>
        <ul className="version__facts">
          {years ? <li>Años: {years}</li> : null}
          {version.calidad ? <li>Calidad: {qualityLabels[version.calidad]}</li> : null}
          {version.marcaVidrio ? <li>Marca del vidrio: {version.marcaVidrio}</li> : null}
          {version.codigo ? <li>Código: {version.codigo}</li> : null}
        </ul>
        {version.caracteristicas.includes('camara') ? (
          <p className="version__note">{CALIBRATION_NOTE}</p>
        ) : null}
        <div className="price-box price-box--version">
          <PriceBlock precio={version.precio} cuotas={version.cuotas} />
          <PriceDate prices={prices} product={name} pieza={pieza} />
          <BuyButton url={version.url} />
          <BookingLink pieza={pieza} productPath={productPath} version={version.id} />
          <QuoteLink pieza={pieza} productPath={productPath} version={version.id} />
        </div>
        {link ? (
          <p className="version__link">
            <a href={link}>Enlace a esta versión</a>
          </p>
        ) : null}
      </div>
    </details>
  );
}
