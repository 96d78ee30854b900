import { pageTitle } from '../content/business.ts';
import { redirect, useLoaderData } from 'react-router-dom';
import type { AppLoaderArgs } from '../app-context.ts';
import { INSTALMENTS_OFFER } from '../../catalogue/money.ts';
import type { BrandIndex } from '../../catalogue/lookup.ts';
import { piecePath } from '../../catalogue/paths.ts';
import type { Pieza } from '../../catalogue/pieces.ts';
import { PageMeta, useSiteUrl } from '../components/PageMeta.tsx';
import { JsonLd } from '../seo/json-ld.tsx';
import { breadcrumbs } from '../seo/structured-data.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { ModelPicker, pickerBrands } from '../components/ModelPicker.tsx';
import { readPickerQuery } from '../components/picker-query.ts';
import { paths, priceListSections } from '../paths.ts';
import { fromPrice, versionCount } from '../components/from-price.ts';
import { PriceDate } from '../components/PriceDate.tsx';
import { priceDate, type PriceDate as PriceDateData } from '../../catalogue/validity.ts';

type PriceListData = { marcas: BrandIndex; prices: PriceDateData };

export function loader({ context }: AppLoaderArgs): PriceListData {
  const { catalogue, now } = context;
  return { marcas: catalogue.brandIndex, prices: priceDate(catalogue.catalogue, now) };
}

/** The picker's plain GET form lands here: answer with a redirect to the product page. */
export function pickerLoader({ request, context }: AppLoaderArgs) {
  const { catalogue } = context;
  const { pieza, marca, modelo } = readPickerQuery(new URL(request.url).searchParams);
  const match = catalogue.findProduct(marca, modelo, pieza);
  if (match) return redirect(match.modelo.meta.canonical, 303);
  const brand = catalogue.findBrand(marca);
  if (pieza === 'luneta') {
    const section = brand?.lunetas
      ? priceListSections.rearWindowBrand(brand.slug)
      : priceListSections.rearWindows;
    return redirect(`${paths.priceList}#${section}`, 303);
  }
  return redirect(brand ? `${paths.priceList}#${brand.slug}` : paths.priceList, 303);
}

export function PriceListPage() {
  const { marcas, prices } = useLoaderData<typeof loader>();
  const siteUrl = useSiteUrl();
  const trail = [
    { name: 'Inicio', path: paths.home },
    { name: 'Parabrisas', path: paths.priceList },
  ];
  const count = marcas.reduce((n, m) => n + m.modelos.length, 0);
  const brandCount = marcas.filter((m) => m.modelos.length > 0).length;
  const rearWindows = marcas.filter((m) => m.lunetas.length > 0);
  return (
    <>
      <PageMeta
        title={pageTitle('Precios de parabrisas por marca y modelo')}
        description={`Lista de precios de parabrisas para ${count} modelos de ${brandCount} marcas, con colocación en Jujuy, de contado o en ${INSTALMENTS_OFFER}.`}
        path={paths.priceList}
      />
      <JsonLd data={breadcrumbs(siteUrl, trail)} />
      <div className="container catalogue">
        <Breadcrumbs items={trail} />
        <h1>Precios de parabrisas</h1>
        <p className="lead">
          Elegí la marca y el modelo de tu auto para ver el precio del parabrisas colocado, o
          buscalo en la lista.
        </p>
        <PriceDate prices={prices} />
        <ModelPicker marcas={pickerBrands(marcas)} />
        <BrandGrid marcas={marcas} pieza="parabrisas" />
        {rearWindows.length > 0 ? (
          <section
            id={priceListSections.rearWindows}
            className="rear-windows"
            aria-labelledby="precios-lunetas"
          >
            <h2 id="precios-lunetas">Precios de lunetas</h2>
            <p>La luneta es el vidrio de atrás. Estos son los modelos con precio publicado.</p>
            <BrandGrid marcas={rearWindows} pieza="luneta" />
          </section>
        ) : null}
      </div>
    </>
  );
}

/** One card per brand with models of the piece: each model's "desde" price and versions. */
function BrandGrid({ marcas, pieza }: { marcas: BrandIndex; pieza: Pieza }) {
  const list = (marca: BrandIndex[number]) => (pieza === 'luneta' ? marca.lunetas : marca.modelos);
  const Heading = pieza === 'luneta' ? 'h3' : 'h2';
  const id = (slug: string) =>
    pieza === 'luneta' ? priceListSections.rearWindowBrand(slug) : slug;
  return (
    <div className="brand-grid">
      {marcas
        .filter((marca) => list(marca).length > 0)
        .map((marca) => (
          <section
            key={marca.slug}
            id={id(marca.slug)}
            className="brand-card"
            {...(pieza === 'luneta'
              ? { 'aria-label': `Lunetas ${marca.marca}` }
              : { 'aria-labelledby': `marca-${marca.slug}` })}
          >
            <Heading id={`marca-${id(marca.slug)}`}>{marca.marca}</Heading>
            <ul>
              {list(marca).map((modelo) => (
                <li key={modelo.slug}>
                  <a href={piecePath(pieza, marca.slug, modelo.slug)}>
                    <span>
                      {modelo.nombre}
                      {versionCount(modelo.versiones) ? (
                        <span className="brand-versions">{versionCount(modelo.versiones)}</span>
                      ) : null}
                    </span>
                    <span className="brand-price">
                      {fromPrice(modelo.precio, modelo.versiones)}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}
