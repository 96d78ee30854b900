import { pageTitle } from '../content/business.ts';
import { redirect, useLoaderData } from 'react-router-dom';
import type { AppLoaderArgs } from '../app-context.ts';
import { formatARS, INSTALMENTS_OFFER } from '../../catalogue/money.ts';
import type { BrandIndex } from '../../catalogue/lookup.ts';
import { productPath } from '../../catalogue/paths.ts';
import { PageMeta, useSiteUrl } from '../components/PageMeta.tsx';
import { JsonLd } from '../seo/json-ld.tsx';
import { breadcrumbs } from '../seo/structured-data.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { ModelPicker, pickerBrands } from '../components/ModelPicker.tsx';
import { paths, queryParams } from '../paths.ts';
import { PriceDate } from '../components/PriceDate.tsx';
import { priceDate, type PriceDate as PriceDateData } from '../../catalogue/validity.ts';

type PriceListData = { marcas: BrandIndex; prices: PriceDateData };

export function loader({ context }: AppLoaderArgs): PriceListData {
  const { catalogue, now } = context;
  return { marcas: catalogue.brandIndex, prices: priceDate(catalogue.catalogue, now) };
}

/** The picker's plain GET form lands here: answer with a redirect to the product page. */
export function pickerLoader({ request, context }: AppLoaderArgs) {
  const query = new URL(request.url).searchParams;
  const { catalogue } = context;
  // The model select sends `marca/modelo`; a bare model name is read with the brand select.
  const choice = query.get(queryParams.pickerModel) ?? '';
  const [marca = '', modelo = ''] = choice.includes('/')
    ? choice.split('/', 2)
    : [query.get(queryParams.pickerBrand) ?? '', choice];
  const match = catalogue.findProduct(marca, modelo);
  if (match) return redirect(match.modelo.meta.canonical, 303);
  const brand = catalogue.findBrand(marca);
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
  return (
    <>
      <PageMeta
        title={pageTitle('Precios de parabrisas por marca y modelo')}
        description={`Lista de precios de parabrisas para ${count} modelos de ${marcas.length} marcas, con colocación en Jujuy, de contado o en ${INSTALMENTS_OFFER}.`}
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
        <div className="brand-grid">
          {marcas.map((marca) => (
            <section
              key={marca.slug}
              id={marca.slug}
              className="brand-card"
              aria-labelledby={`marca-${marca.slug}`}
            >
              <h2 id={`marca-${marca.slug}`}>{marca.marca}</h2>
              <ul>
                {marca.modelos.map((modelo) => (
                  <li key={modelo.slug}>
                    <a href={productPath(marca.slug, modelo.slug)}>
                      <span>{modelo.nombre}</span>
                      <span className="brand-price">{formatARS(modelo.precio)}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
