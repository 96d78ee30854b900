import { usePageTitle } from '../facts/use-facts.ts';
import { redirect, useLoaderData } from 'react-router-dom';
import type { AppLoaderArgs } from '../app-context.ts';
import { formatARS, INSTALMENTS_OFFER } from '../../catalogue/money.ts';
import type { BrandIndex, IndexModel } from '../../catalogue/lookup.ts';
import { slugify } from '../../catalogue/slug.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { useSiteUrl } from '../root-data.ts';
import { JsonLd } from '../seo/json-ld.tsx';
import { breadcrumbs } from '../seo/structured-data.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { readPickerQuery } from '../components/picker-query.ts';
import { ModelPicker } from '../components/ModelPicker.tsx';
import { pickerChoices, type PickerChoices } from '../components/picker-models.ts';
import { SearchForm } from '../components/SearchForm.tsx';
import { paths, priceListSections } from '../paths.ts';
import { PriceDate } from '../components/PriceDate.tsx';
import { priceDate, type PriceDate as PriceDateData } from '../../catalogue/validity.ts';

/** One brand in the index: how many models of the piece, and the lowest price among them. */
export type BrandSummary = {
  readonly marca: string;
  readonly slug: string;
  readonly modelos: number;
  readonly precio: number;
  /** Several versions or models: the price is "desde". */
  readonly desde: boolean;
};

function summaries(index: BrandIndex, list: (b: BrandIndex[number]) => readonly IndexModel[]) {
  return index.flatMap((brand): BrandSummary[] => {
    const models = list(brand);
    if (models.length === 0) return [];
    const precio = Math.min(...models.map((m) => m.precio));
    const versions = models.reduce((n, m) => n + m.versiones, 0);
    return [
      { marca: brand.marca, slug: brand.slug, modelos: models.length, precio, desde: versions > 1 },
    ];
  });
}

type PriceListData = {
  windshields: readonly BrandSummary[];
  rearWindows: readonly BrandSummary[];
  picker: PickerChoices;
  prices: PriceDateData;
};

export function loader({ context }: AppLoaderArgs): PriceListData {
  const { catalogue, now } = context;
  return {
    windshields: summaries(catalogue.brandIndex, (b) => b.modelos),
    rearWindows: summaries(catalogue.brandIndex, (b) => b.lunetas),
    picker: pickerChoices(catalogue.brandIndex),
    prices: priceDate(catalogue.catalogue, now),
  };
}

/**
 * The picker's plain GET form lands here: a model goes to its product page, a brand alone (no
 * JavaScript: the model list fills only once the brand is known) to the brand's page.
 */
export function pickerLoader({ request, context }: AppLoaderArgs) {
  const { catalogue } = context;
  const { pieza, marca, modelo, brandField } = readPickerQuery(new URL(request.url).searchParams);
  // A brand changed after its models were listed (no JavaScript): that brand's page.
  const sameBrand = brandField === '' || slugify(brandField) === slugify(marca);
  const match =
    sameBrand && modelo !== '' ? catalogue.findProduct(marca, modelo, pieza) : undefined;
  if (match) return redirect(match.modelo.meta.canonical, 303);
  const brand = catalogue.findBrand(brandField || marca);
  const rear = pieza === 'luneta' ? `#${priceListSections.rearWindows}` : '';
  if (!brand) return redirect(`${paths.priceList}${rear}`, 303);
  return redirect(`${paths.priceListBrand(brand.slug)}${brand.lunetas ? rear : ''}`, 303);
}

export function PriceListPage() {
  const { windshields, rearWindows, picker, prices } = useLoaderData<typeof loader>();
  const siteUrl = useSiteUrl();
  const trail = [
    { name: 'Inicio', path: paths.home },
    { name: 'Parabrisas', path: paths.priceList },
  ];
  const count = windshields.reduce((n, b) => n + b.modelos, 0);
  return (
    <>
      <PageMeta
        title={usePageTitle('Precios de parabrisas por marca y modelo')}
        description={`Lista de precios de parabrisas para ${count} modelos de ${windshields.length} marcas, con colocación en Jujuy, de contado o en ${INSTALMENTS_OFFER}.`}
        path={paths.priceList}
      />
      <JsonLd data={breadcrumbs(siteUrl, trail)} />
      <div className="container catalogue">
        <Breadcrumbs items={trail} />
        <h1>Precios de parabrisas</h1>
        <p className="lead">
          Elegí la marca de tu auto para ver sus modelos y el precio del parabrisas colocado, o
          buscalo por nombre.
        </p>
        <PriceDate prices={prices} />
        <ModelPicker {...picker} />
        <SearchForm />
        <section id={priceListSections.windshields} aria-labelledby="precios-marcas">
          <h2 id="precios-marcas">Marcas</h2>
          <BrandList brands={windshields} unit={['modelo', 'modelos']} />
        </section>
        {rearWindows.length > 0 ? (
          <section
            id={priceListSections.rearWindows}
            className="rear-windows"
            aria-labelledby="precios-lunetas"
          >
            <h2 id="precios-lunetas">Precios de lunetas</h2>
            <p>
              La luneta es el vidrio de atrás. Estas marcas tienen lunetas con precio publicado.
            </p>
            <BrandList
              brands={rearWindows}
              unit={['luneta', 'lunetas']}
              section={priceListSections.rearWindows}
            />
          </section>
        ) : null}
      </div>
    </>
  );
}

/** Each brand: a link to its page, how many models and the lowest price. */
function BrandList({
  brands,
  unit,
  section,
}: {
  brands: readonly BrandSummary[];
  unit: readonly [string, string];
  section?: string;
}) {
  return (
    <ul className="brand-index">
      {brands.map((brand) => (
        <li key={brand.slug}>
          <a href={`${paths.priceListBrand(brand.slug)}${section ? `#${section}` : ''}`}>
            <span>
              {brand.marca}
              <span className="brand-versions">
                {`${brand.modelos} ${brand.modelos === 1 ? unit[0] : unit[1]}`}
              </span>
            </span>
            <span className="brand-price">
              {`${brand.desde ? 'desde ' : ''}${formatARS(brand.precio)}`}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
