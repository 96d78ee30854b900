import { useLoaderData } from 'react-router-dom';
import type { AppLoaderArgs } from '../app-context.ts';
import { albumsToShow, type GalleryState } from '../gallery/types.ts';
import { shopContent, whatsappLink } from '../content/business.ts';
import {
  answersIntro,
  faq,
  hero,
  installBanner,
  location,
  payment,
  services,
  whyUs,
} from '../content/home.ts';
import { answerLinks } from '../content/navigation.ts';
import { installLine } from '../content/zones.ts';
import { useFacts } from '../facts/use-facts.ts';
import { mapEmbedUrl, mapLinkUrl, profileHandle } from '../facts/links.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { ModelPicker } from '../components/ModelPicker.tsx';
import { pickerChoices, type PickerChoices } from '../components/picker-models.ts';
import { SearchForm } from '../components/SearchForm.tsx';
import { Counters } from '../components/Counters.tsx';
import { Icon } from '../components/Icon.tsx';
import { OpeningHours } from '../components/OpeningHours.tsx';
import { ALL_REVIEWS, type PublicReview, type ReviewSummary } from '../reviews/types.ts';
import { GoogleReviewsLink, ReviewList, ReviewsSummary } from '../reviews/ReviewList.tsx';
import { reviewsText } from '../content/reviews.ts';
import { JsonLd } from '../seo/json-ld.tsx';
import { Gallery } from '../gallery/Gallery.tsx';
import { homeSections, paths, queryParams } from '../paths.ts';
import { googleReviewsUrl } from '../reviews/google.ts';

/** How many of the latest published reviews the home page shows. */
export const HOME_REVIEWS = 3;

/** The picker holds brand names only: the page does not grow with the models listed. */
export type HomeData = {
  gallery: GalleryState;
  visibleAlbums: number;
  picker: PickerChoices;
  reviews: { summary: ReviewSummary; latest: PublicReview[] };
  googleReviewsUrl: string | null;
};

export async function loader({ request, context }: AppLoaderArgs): Promise<HomeData> {
  const visibleAlbums = albumsToShow(new URL(request.url).searchParams.get(queryParams.albums));
  const { reviews } = context;
  const [gallery, summary, latest] = await Promise.all([
    context.gallery.snapshot({ waitMs: context.galleryWaitMs }),
    reviews.summary(ALL_REVIEWS),
    reviews.list(ALL_REVIEWS, 0, HOME_REVIEWS),
  ]);
  return {
    gallery,
    visibleAlbums,
    picker: pickerChoices(context.catalogue.brandIndex),
    reviews: { summary, latest },
    googleReviewsUrl: googleReviewsUrl(context) ?? null,
  };
}

export function HomePage() {
  const data = useLoaderData<typeof loader>();
  const { summary, latest } = data.reviews;
  const { contact, zones, counters } = useFacts();
  const { address } = contact;
  return (
    <>
      <PageMeta
        title={`${contact.name}: parabrisas, lunetas y polarizados en San Salvador de Jujuy`}
        description={`${hero.text} Pagá en efectivo, transferencia, débito o crédito en cuotas.`}
        path="/"
      />
      <JsonLd data={faqJsonLd()} />

      <section id={homeSections.top} className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="eyebrow">{hero.eyebrow}</p>
            <h1 id="hero-title">{hero.title}</h1>
            <p className="lead">{hero.text}</p>
            <div className="hero__actions">
              <a
                className="button button-whatsapp button-lg"
                href={whatsappLink(hero.whatsappMessage)}
                rel="nofollow"
              >
                <Icon name="whatsapp" /> Escribinos por WhatsApp
              </a>
              <a className="button button-light button-lg" href={paths.priceList}>
                Ver lista de precios
              </a>
            </div>
          </div>
          <div className="hero__picker">
            <h2>Buscá el precio de tu parabrisas</h2>
            <ModelPicker {...data.picker} compact />
            <SearchForm id="buscar-inicio" />
          </div>
        </div>
      </section>

      <section
        id={homeSections.payment}
        className="section payment"
        aria-labelledby="payment-title"
      >
        <div className="container">
          <h2 id="payment-title">{payment.title}</h2>
          <p>{payment.text}</p>
          <ul className="payment__list">
            {shopContent.paymentMethods.map((method) => (
              <li key={method}>
                <Icon name="card" /> {method}
              </li>
            ))}
          </ul>
          <p className="payment__instalments">
            <strong>{payment.instalmentsText}</strong>
          </p>
        </div>
      </section>

      <section
        id={homeSections.services}
        className="section services"
        aria-labelledby="services-title"
      >
        <div className="container">
          <h2 id="services-title">Lo que ofrecemos</h2>
          <ul className="services__grid">
            {services.map((service) => (
              <li key={service.title} className="service-box">
                <Icon name={service.icon} size={32} />
                <h3>{service.title}</h3>
                <p>{service.text}</p>
              </li>
            ))}
          </ul>
          <p className="services__more">
            <a className="button button-primary" href={paths.priceList}>
              Ver precios de parabrisas por modelo
            </a>
          </p>
          <nav className="answer-links" aria-labelledby="answers-title">
            <h3 id="answers-title">{answersIntro}</h3>
            <ul>
              {answerLinks.map((link) => (
                <li key={link.path}>
                  <a href={link.path}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </section>

      <section className="install-banner" aria-labelledby="install-title">
        <div className="container install-banner__inner">
          <Icon name="truck" size={40} />
          <div>
            <h2 id="install-title">{installBanner.title}</h2>
            <p>{installBanner.text}</p>
            <p>
              <strong>{installLine(zones)}</strong>{' '}
              <a href={paths.homeInstallation}>{installBanner.zonesLink}</a>
            </p>
          </div>
        </div>
      </section>

      <section className="section why-us" aria-labelledby="why-title">
        <div className="container">
          <h2 id="why-title">{whyUs.title}</h2>
          <Counters items={counters} />
          <ul className="why-us__points">
            {whyUs.points.map((point) => (
              <li key={point}>
                <Icon name="check" /> {point}
              </li>
            ))}
          </ul>
          <p className="glass-brands">
            Trabajamos con cristales{' '}
            {shopContent.glassBrands.map((brand, i) => (
              <span key={brand}>
                {i > 0 ? ', ' : ''}
                <strong>{brand}</strong>
              </span>
            ))}
            .
          </p>
        </div>
      </section>

      <section
        id={homeSections.latestWork}
        className="section latest-work"
        aria-labelledby="work-title"
      >
        <div className="container">
          <h2 id="work-title">Nuestros últimos trabajos</h2>
          <Gallery
            state={data.gallery}
            visibleAlbums={data.visibleAlbums}
            instagram={
              contact.instagramUrl
                ? { url: contact.instagramUrl, handle: profileHandle(contact.instagramUrl) }
                : null
            }
          />
          {summary.count > 0 ? (
            <>
              <h2 className="testimonials-title">{reviewsText.homeTitle}</h2>
              <ReviewsSummary summary={summary} />
              <ReviewList reviews={latest} />
              <p className="reviews-more">
                <a href={paths.testimonials}>{reviewsText.all}</a>
              </p>
            </>
          ) : null}
          <GoogleReviewsLink url={data.googleReviewsUrl ?? undefined} />
        </div>
      </section>

      <section id={homeSections.faq} className="section faq" aria-labelledby="faq-title">
        <div className="container container-narrow">
          <h2 id="faq-title">Preguntas frecuentes</h2>
          {faq.map((item) => (
            <details
              key={item.id}
              id={item.id}
              name="faq"
              open={item.id === 'q1'}
              className="faq__item"
            >
              <summary>{item.question}</summary>
              <p>
                {item.answer}
                {item.more ? (
                  <>
                    {' '}
                    <a href={item.more.path}>{item.more.label}</a>
                  </>
                ) : null}
              </p>
            </details>
          ))}
        </div>
      </section>

      <section
        id={homeSections.location}
        className="section location"
        aria-labelledby="location-title"
      >
        <div className="container location__inner">
          <div>
            <h2 id="location-title">{location.title}</h2>
            <p>{location.text}</p>
            <address>
              {address.street}
              <br />
              {address.locality}, {address.region}
            </address>
            <OpeningHours />
            <p className="location__actions">
              <a className="button button-whatsapp" href={whatsappLink()} rel="nofollow">
                WhatsApp
              </a>
              <a className="button button-outline" href={`tel:${contact.phoneE164}`}>
                Llamar
              </a>
              <a className="button button-outline" href={mapLinkUrl(address)} rel="noopener">
                Cómo llegar
              </a>
            </p>
          </div>
          <iframe
            className="map"
            title={`Mapa: ${address.street}, ${address.locality}`}
            src={mapEmbedUrl(address)}
            height={300}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
          />
        </div>
      </section>
    </>
  );
}

function faqJsonLd() {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faq.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}
