import { useLoaderData } from 'react-router-dom';
import { usePageTitle } from '../facts/use-facts.ts';
import type { AppLoaderArgs } from '../app-context.ts';
import type { BrandIndex } from '../../catalogue/lookup.ts';
import { INSTALMENTS_OFFER } from '../../catalogue/money.ts';
import { piecePath } from '../../catalogue/paths.ts';
import type { Pieza } from '../../catalogue/pieces.ts';
import { priceDate, type PriceDate as PriceDateData } from '../../catalogue/validity.ts';
import { pieceNames } from '../content/glass.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { useSiteUrl } from '../root-data.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { ModelPicker } from '../components/ModelPicker.tsx';
import {
  pickerBrand,
  pickerChoices,
  type PickerBrand,
  type PickerChoices,
} from '../components/picker-models.ts';
import { PriceDate } from '../components/PriceDate.tsx';
import { fromPrice, versionCount } from '../components/from-price.ts';
import { JsonLd } from '../seo/json-ld.tsx';
import { breadcrumbs } from '../seo/structured-data.ts';
import { paths, priceListSections } from '../paths.ts';
import { notFound } from './not-found.ts';

type BrandData = {
  brand: BrandIndex[number];
  picker: PickerChoices;
  chosen: PickerBrand;
  prices: PriceDateData;
};

/** `/parabrisas/{marca}` (slug or name, any case); an unknown brand is a 404. */
export function loader({ params, context }: AppLoaderArgs): BrandData {
  const { catalogue, now } = context;
  const found = catalogue.findBrand(params.marca ?? '');
  const brand = found && catalogue.brandIndex.find((b) => b.slug === found.slug);
  if (!brand) throw notFound('brand', catalogue);
  return {
    brand,
    picker: pickerChoices(catalogue.brandIndex),
    chosen: pickerBrand(brand),
    prices: priceDate(catalogue.catalogue, now),
  };
}

/** A brand's page of the price list: each windshield and rear window with its price. */
export function BrandPage() {
  const { brand, picker, chosen, prices } = useLoaderData<typeof loader>();
  const siteUrl = useSiteUrl();
  const path = paths.priceListBrand(brand.slug);
  const trail = [
    { name: 'Inicio', path: paths.home },
    { name: 'Parabrisas', path: paths.priceList },
    { name: brand.marca, path },
  ];
  const pieces = [
    brand.modelos.length > 0 ? 'parabrisas' : undefined,
    brand.lunetas.length > 0 ? 'lunetas' : undefined,
  ].filter((p) => p !== undefined);
  return (
    <>
      <PageMeta
        title={usePageTitle(`Precios de ${pieces.join(' y ')} ${brand.marca}`)}
        description={`Precios de ${pieces.join(' y ')} para ${brand.modelos.length + brand.lunetas.length} modelos de ${brand.marca}, con colocación en Jujuy, de contado o en ${INSTALMENTS_OFFER}.`}
        path={path}
      />
      <JsonLd data={breadcrumbs(siteUrl, trail)} />
      <div className="container catalogue">
        <Breadcrumbs items={trail} />
        <h1>{`Precios de ${pieces.join(' y ')} ${brand.marca}`}</h1>
        <PriceDate prices={prices} />
        <ModelPicker {...picker} chosen={chosen} />
        <ModelList brand={brand} pieza="parabrisas" />
        <ModelList brand={brand} pieza="luneta" />
        <p>
          <a href={paths.priceList}>Ver todas las marcas</a>
        </p>
      </div>
    </>
  );
}

function ModelList({ brand, pieza }: { brand: BrandIndex[number]; pieza: Pieza }) {
  const models = pieza === 'luneta' ? brand.lunetas : brand.modelos;
  if (models.length === 0) return null;
  const id = pieza === 'luneta' ? priceListSections.rearWindows : priceListSections.windshields;
  return (
    <section id={id} className="brand-card" aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`}>{`${pieceNames[pieza].plural} ${brand.marca}`}</h2>
      <ul>
        {models.map((modelo) => (
          <li key={modelo.slug}>
            <a href={piecePath(pieza, brand.slug, modelo.slug)}>
              <span>
                {modelo.nombre}
                {versionCount(modelo.versiones) ? (
                  <span className="brand-versions">{versionCount(modelo.versiones)}</span>
                ) : null}
              </span>
              <span className="brand-price">{fromPrice(modelo.precio, modelo.versiones)}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
