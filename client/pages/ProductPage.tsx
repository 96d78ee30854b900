import { redirect, useLoaderData } from 'react-router-dom';
import type { AppLoaderArgs } from '../app-context.ts';
import { formatARS, type Centavos } from '../../catalogue/money.ts';
import type { ProductMatch } from '../../catalogue/lookup.ts';
import { BuyButton, PriceBlock } from '../components/PriceBlock.tsx';
import { BookingLink } from '../components/BookingLink.tsx';
import { QuoteLink } from '../components/QuoteLink.tsx';
import { fromPrice } from '../components/from-price.ts';
import { lastYear, type Pieza } from '../../catalogue/pieces.ts';
import { priceDate, type PriceDate as PriceDateData } from '../../catalogue/validity.ts';
import { PriceDate } from '../components/PriceDate.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { useSiteUrl } from '../root-data.ts';
import { JsonLd } from '../seo/json-ld.tsx';
import { breadcrumbs, productStructuredData } from '../seo/structured-data.ts';
import { matchCard, sharePicturePath } from '../seo/share-card.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { ProductServices } from '../components/ProductServices.tsx';
import { productQuestion, shopContent, whatsappLink } from '../content/business.ts';
import { useFacts } from '../facts/use-facts.ts';
import { pieceNames } from '../content/glass.ts';
import { notFound } from './not-found.ts';
import { paths, priceListSections, queryParams } from '../paths.ts';
import {
  filterFromQuery,
  NO_FILTER,
  type VersionFilterState,
} from '../components/version-filter.ts';
import { VersionList } from '../components/VersionList.tsx';
import { WhichGlassGuide } from '../components/WhichGlassGuide.tsx';
import type { ProductReviews, ReviewScope } from '../reviews/types.ts';
import { ReviewList, ReviewsSummary } from '../reviews/ReviewList.tsx';
import { reviewsText } from '../content/reviews.ts';

type ProductData = ProductMatch & {
  prices: PriceDateData;
  filter: VersionFilterState;
  /** The version a `?version=` link picked. */
  picked: string | null;
  /** The newest year the filter offers for an open range ("desde 2020"). */
  openEnd: number;
  /** Published reviews of jobs on this car (this piece), newest first. */
  reviews: ProductReviews;
};

/** How many of a model's reviews its page shows (the structured data lists the same ones). */
export const PRODUCT_REVIEWS = 10;

/** The product page of one piece: `/parabrisa/{marca}/{modelo}` or `/luneta/{marca}/{modelo}`. */
export function loaderFor(pieza: Pieza) {
  return async function loader({
    params,
    context,
    request,
  }: AppLoaderArgs): Promise<ProductData | Response> {
    const { catalogue, now } = context;
    const match = catalogue.findProduct(params.marca ?? '', params.modelo ?? '', pieza);
    if (!match) throw notFound(pieza === 'luneta' ? 'rearWindow' : 'product', catalogue);
    const query = new URL(request.url).searchParams;
    const picked = query.get(queryParams.version);
    const versiones = match.modelo.versiones ?? [];
    // A version link whose version is gone (the sheet changed): the model page, not a copy of it.
    if (picked !== null && !versiones.some((v) => v.id === picked)) {
      return redirect(match.modelo.meta.canonical, 302);
    }
    const scope: ReviewScope = {
      kind: 'product',
      piece: pieza,
      brandSlug: match.marca.slug,
      modelSlug: match.modelo.slug,
    };
    const [summary, list] = await Promise.all([
      context.reviews.summary(scope),
      context.reviews.list(scope, 0, PRODUCT_REVIEWS),
    ]);
    return {
      ...match,
      reviews: { summary, list },
      prices: priceDate(catalogue.catalogue, now),
      filter: versiones.length > 1 ? filterFromQuery(query) : NO_FILTER,
      picked,
      openEnd: lastYear(new Date(catalogue.catalogue.actualizado)),
    };
  };
}

export const loader = loaderFor('parabrisas');
export const rearWindowLoader = loaderFor('luneta');

export function ProductPage() {
  const data = useLoaderData<ProductData>();
  const { marca, modelo, pieza, pair, prices } = data;
  const siteUrl = useSiteUrl();
  const facts = useFacts();
  const { contact } = facts;
  const name = `${marca.marca} ${modelo.nombre}`;
  const piece = pieceNames[pieza];
  const section = pieza === 'luneta' ? `#${priceListSections.rearWindows}` : '';
  const trail = [
    { name: 'Inicio', path: paths.home },
    { name: piece.plural, path: `${paths.priceList}${section}` },
    { name: marca.marca, path: `${paths.priceListBrand(marca.slug)}${section}` },
    { name: modelo.nombre, path: modelo.meta.canonical },
  ];
  const others = (pieza === 'luneta' ? (marca.lunetas ?? []) : marca.modelos).filter(
    (m) => m.slug !== modelo.slug,
  );
  const versiones = modelo.versiones ?? [];
  const share = { card: matchCard(facts, data), canonical: modelo.meta.canonical };
  const picture = `${siteUrl}${sharePicturePath(share.card, share.canonical)}`;
  return (
    <>
      <PageMeta
        title={modelo.meta.title}
        description={modelo.meta.description}
        keywords={modelo.meta.keywords}
        path={modelo.meta.canonical}
        share={share}
      />
      <JsonLd
        data={productStructuredData(siteUrl, data, prices.validUntil, data.reviews, picture)}
      />
      <JsonLd data={breadcrumbs(siteUrl, trail)} />
      <div className="container product">
        <Breadcrumbs items={trail} />
        <article className="product-card">
          <p className="eyebrow">{piece.eyebrow}</p>
          <h1>
            {`${piece.name} para `}
            {name}
          </h1>
          <div className="price-box">
            {versiones.length === 0 ? (
              <>
                <PriceBlock precio={modelo.precio} cuotas={modelo.cuotas} />
                <PriceDate prices={prices} product={name} pieza={pieza} />
                <BuyButton url={modelo.url} />
                <BookingLink pieza={pieza} productPath={modelo.meta.canonical} />
                <QuoteLink pieza={pieza} productPath={modelo.meta.canonical} />
              </>
            ) : (
              <>
                <p className="price-label">
                  {versiones.length > 1 ? `${versiones.length} versiones` : 'Precio de contado'}
                </p>
                <p className="price" data-testid="precio">
                  {versiones.length > 1
                    ? `desde ${formatARS(modelo.precio)}`
                    : formatARS(modelo.precio)}
                </p>
                <PriceDate prices={prices} product={name} pieza={pieza} />
                <a className="button button-primary button-lg" href="#versiones">
                  {versiones.length > 1 ? 'Elegí tu versión' : 'Ver la versión'}
                </a>
              </>
            )}
            <p className="price-note">
              {modelo.url.startsWith(whatsappLink())
                ? 'Te respondemos por WhatsApp para coordinar el turno.'
                : 'Después coordinamos el turno por WhatsApp.'}{' '}
              También pagás con transferencia, débito o crédito (
              {shopContent.instalmentOptions.join(', ')} cuotas).
            </p>
          </div>
          <aside className="product-includes" aria-labelledby="incluye">
            <h2 id="incluye">Qué incluye</h2>
            <ul className="product-points">
              <li>
                {`${piece.name} ${pieza === 'luneta' ? 'nueva' : 'nuevo'} para `}
                {name}.
              </li>
              <li>Colocación en nuestro taller o a domicilio sin cargo, según la zona.</li>
              <li>Trabajo garantizado y factura.</li>
              <li>Cristales de primeras marcas: {shopContent.glassBrands.join(', ')}.</li>
            </ul>
            <p className="product-contact">
              ¿Dudas sobre tu versión o año?{' '}
              <a href={whatsappLink(productQuestion(pieza, name))} rel="nofollow">
                Consultanos por WhatsApp
              </a>{' '}
              o llamanos al <a href={`tel:${contact.phoneE164}`}>{contact.phoneDisplay}</a>.
            </p>
          </aside>
        </article>
        {versiones.length > 0 ? (
          <VersionList
            pieza={pieza}
            name={name}
            path={modelo.meta.canonical}
            versiones={versiones}
            filter={data.filter}
            picked={data.picked}
            openEnd={data.openEnd}
            prices={prices}
          />
        ) : null}
        {versiones.length > 0 ? <WhichGlassGuide /> : null}
        {pair ? (
          <p className="product-pair">
            ¿Buscás {pieceNames[pair.pieza].the}?{' '}
            <a href={pair.modelo.meta.canonical}>
              {`${pieceNames[pair.pieza].name} para ${marca.marca} ${pair.modelo.nombre}`}
            </a>
            : {modelPrice(pair.modelo)}.
          </p>
        ) : null}
        <ProductReviewsSection name={name} reviews={data.reviews} />
        <ProductServices />
        {others.length > 0 ? (
          <section className="related" aria-labelledby="otros-modelos">
            <h2 id="otros-modelos">Otros modelos de {marca.marca}</h2>
            <ul className="chip-list">
              {others.map((m) => (
                <li key={m.slug}>
                  <a href={m.meta.canonical}>
                    {marca.marca} {m.nombre} <span>{modelPrice(m)}</span>
                  </a>
                </li>
              ))}
            </ul>
            <p>
              <a href={paths.priceListBrand(marca.slug)}>Ver todos los precios de {marca.marca}</a>
            </p>
          </section>
        ) : null}
      </div>
    </>
  );
}

/** "Opiniones de clientes con Peugeot 208", only when that car has published reviews. */
function ProductReviewsSection({ name, reviews }: { name: string; reviews: ProductReviews }) {
  const { summary, list } = reviews;
  if (summary.count === 0) return null;
  return (
    <section className="product-reviews" aria-labelledby="opiniones">
      <h2 id="opiniones">{reviewsText.productTitle(name)}</h2>
      <ReviewsSummary summary={summary} />
      <ReviewList reviews={list} />
      <p className="reviews-rule">
        {summary.count > list.length ? `Mostramos las ${list.length} más recientes. ` : null}
        {reviewsText.verified}{' '}
        <a href={`${paths.testimonials}#como-publicamos`}>{reviewsText.howWePublish}</a>
      </p>
    </section>
  );
}

const modelPrice = (modelo: { precio: Centavos; versiones?: readonly unknown[] | undefined }) =>
  fromPrice(modelo.precio, modelo.versiones?.length ?? 1);
