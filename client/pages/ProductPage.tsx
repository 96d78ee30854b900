import { useLoaderData } from 'react-router-dom';
import type { AppLoaderArgs } from '../app-context.ts';
import {
  formatARS,
  instalmentPlan,
  priceWithoutNationalTaxes,
  type Centavos,
  type InstalmentPlan,
} from '../../catalogue/money.ts';
import type { ProductMatch, Producto } from '../../catalogue/lookup.ts';
import { priceDate, type PriceDate as PriceDateData } from '../../catalogue/validity.ts';
import { PriceDate } from '../components/PriceDate.tsx';
import { PageMeta, useSiteUrl } from '../components/PageMeta.tsx';
import { JsonLd } from '../seo/json-ld.tsx';
import { breadcrumbs, productOffer } from '../seo/structured-data.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { ProductServices } from '../components/ProductServices.tsx';
import { business, whatsappLink } from '../content/business.ts';
import { notFound } from './not-found.ts';
import { paths } from '../paths.ts';

type ProductData = ProductMatch & { prices: PriceDateData };

export function loader({ params, context }: AppLoaderArgs): ProductData {
  const { catalogue, now } = context;
  const match = catalogue.findProduct(params.marca ?? '', params.modelo ?? '');
  if (!match) throw notFound('product', catalogue);
  return { ...match, prices: priceDate(catalogue.catalogue, now) };
}

export function ProductPage() {
  const { marca, modelo, prices } = useLoaderData<typeof loader>();
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
      <JsonLd data={productOffer(siteUrl, marca, modelo, prices.validUntil)} />
      <JsonLd data={breadcrumbs(siteUrl, trail)} />
      <div className="container product">
        <Breadcrumbs items={trail} />
        <article className="product-card">
          <p className="eyebrow">Parabrisas nuevo con colocación</p>
          <h1>Parabrisas para {name}</h1>
          <div className="price-box">
            <PriceBlock precio={modelo.precio} cuotas={modelo.cuotas} />
            <PriceDate prices={prices} product={name} />
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
        <ProductServices />
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

/**
 * The price as Argentine display rules ask: the cash price first and largest; the price
 * without national taxes (Ley 27.743) smaller; each interest-free plan with its count and
 * amount, "sin interés" only when the instalments add up to the cash price to the centavo,
 * and "CFTEA: 0,00%" beside them. See docs/decisions/2026-11-22-live-catalogue.md.
 */
function PriceBlock({ precio, cuotas }: { precio: Centavos; cuotas: Producto['cuotas'] }) {
  const offered = [
    [3, cuotas.en3],
    [6, cuotas.en6],
  ] as const;
  const plans = offered
    .map(([n, amount]) => ({ amount, plan: instalmentPlan(precio, n) }))
    .map(({ amount, plan }) =>
      plan?.amount === amount && plan.total === precio ? plan : undefined,
    )
    .filter((plan): plan is InstalmentPlan => plan !== undefined);
  return (
    <>
      <p className="price-label">Precio de contado</p>
      <p className="price" data-testid="precio">
        {formatARS(precio)}
      </p>
      <p className="price-net" data-testid="sin-impuestos">
        Precio sin impuestos nacionales:{' '}
        {formatARS(priceWithoutNationalTaxes(precio, business.vatPercent))}
      </p>
      {plans.length > 0 ? (
        <div className="instalment-plans">
          <ul className="instalments">
            {plans.map((plan) => (
              <li key={plan.count} data-testid={`plan-${plan.count}`}>
                <strong>{plan.count} cuotas sin interés</strong> de{' '}
                <span className="instalment-amount" data-testid={`cuota-${plan.count}`}>
                  {formatARS(plan.amount)}
                </span>
                <span className="instalment-detail">
                  {plan.last === plan.amount
                    ? `Total ${formatARS(plan.total)}`
                    : `La última, de ${formatARS(plan.last)} (menor por el redondeo). Total ${formatARS(plan.total)}`}
                </span>
              </li>
            ))}
          </ul>
          <p className="legal">
            <strong className="cftea">CFTEA: 0,00%</strong> · TNA: 0,00%. El total en cuotas es
            igual al precio de contado.
          </p>
        </div>
      ) : null}
    </>
  );
}
