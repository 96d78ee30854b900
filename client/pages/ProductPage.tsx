import { useLoaderData } from 'react-router-dom';
import type { AppLoaderArgs } from '../app-context.ts';
import { formatARS } from '../../catalogue/money.ts';
import type { ProductMatch } from '../../catalogue/lookup.ts';
import { PageMeta, useSiteUrl } from '../components/PageMeta.tsx';
import { JsonLd } from '../seo/json-ld.tsx';
import { breadcrumbs, productOffer } from '../seo/structured-data.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { business, whatsappLink } from '../content/business.ts';
import { notFound } from './not-found.ts';
import { paths } from '../paths.ts';

export function loader({ params, context }: AppLoaderArgs): ProductMatch {
  const { catalogue } = context;
  const match = catalogue.findProduct(params.marca ?? '', params.modelo ?? '');
  if (!match) throw notFound('product', catalogue);
  return match;
}

export function ProductPage() {
  const { marca, modelo } = useLoaderData<typeof loader>();
  const siteUrl = useSiteUrl();
  const name = `${marca.marca} ${modelo.nombre}`;
  const trail = [
    { name: 'Inicio', path: paths.home },
    { name: 'Parabrisas', path: paths.priceList },
    { name: marca.marca, path: `${paths.priceList}#${marca.slug}` },
    { name: modelo.nombre, path: modelo.meta.canonical },
  ];
  const others = marca.modelos.filter((m) => m.slug !== modelo.slug);
  return (
    <>
      <PageMeta
        title={modelo.meta.title}
        description={modelo.meta.description}
        keywords={modelo.meta.keywords}
        path={modelo.meta.canonical}
      />
      <JsonLd data={productOffer(siteUrl, marca, modelo)} />
      <JsonLd data={breadcrumbs(siteUrl, trail)} />
      <div className="container product">
        <Breadcrumbs items={trail} />
        <article className="product-card">
          <p className="eyebrow">Parabrisas nuevo con colocación</p>
          <h1>Parabrisas para {name}</h1>
          <div className="price-box">
            <p className="price-label">Precio de contado</p>
            <p className="price" data-testid="precio">
              {formatARS(modelo.precio)}
            </p>
            <ul className="instalments">
              <li>
                <strong>3 cuotas sin interés</strong> de{' '}
                <span data-testid="cuota-3">{formatARS(modelo.cuotas.en3)}</span>
              </li>
              <li>
                <strong>6 cuotas sin interés</strong> de{' '}
                <span data-testid="cuota-6">{formatARS(modelo.cuotas.en6)}</span>
              </li>
            </ul>
            <p className="legal">
              TNA: 0,00% · CFTEA: 0,00%. Precio total financiado: 3 cuotas{' '}
              {formatARS(modelo.cuotas.en3 * 3)}; 6 cuotas {formatARS(modelo.cuotas.en6 * 6)}.
            </p>
            <a className="button button-whatsapp button-lg" href={modelo.url} rel="noopener">
              Comprar ahora
            </a>
            <p className="price-note">
              {modelo.url.startsWith(whatsappLink())
                ? 'Te respondemos por WhatsApp para coordinar el turno.'
                : 'Después coordinamos el turno por WhatsApp.'}{' '}
              También pagás con transferencia, débito o crédito (
              {business.instalmentOptions.join(', ')} cuotas).
            </p>
          </div>
          <aside className="product-includes" aria-labelledby="incluye">
            <h2 id="incluye">Qué incluye</h2>
            <ul className="product-points">
              <li>Parabrisas nuevo para {name}.</li>
              <li>Colocación en nuestro taller o a domicilio sin cargo, según la zona.</li>
              <li>Trabajo garantizado y factura.</li>
              <li>Cristales de primeras marcas: {business.glassBrands.join(', ')}.</li>
            </ul>
            <p className="product-contact">
              ¿Dudas sobre tu versión o año?{' '}
              <a
                href={whatsappLink(`Hola, tengo una consulta por el parabrisas para ${name}.`)}
                rel="noopener"
              >
                Consultanos por WhatsApp
              </a>{' '}
              o llamanos al <a href={`tel:${business.phoneE164}`}>{business.phoneDisplay}</a>.
            </p>
          </aside>
        </article>
        {others.length > 0 ? (
          <section className="related" aria-labelledby="otros-modelos">
            <h2 id="otros-modelos">Otros modelos de {marca.marca}</h2>
            <ul className="chip-list">
              {others.map((m) => (
                <li key={m.slug}>
                  <a href={m.meta.canonical}>
                    {marca.marca} {m.nombre} <span>{formatARS(m.precio)}</span>
                  </a>
                </li>
              ))}
            </ul>
            <p>
              <a href={paths.priceList}>Ver todos los precios</a>
            </p>
          </section>
        ) : null}
      </div>
    </>
  );
}
