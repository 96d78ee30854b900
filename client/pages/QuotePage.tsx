import { useLoaderData } from 'react-router-dom';
import { formatCuit } from '../facts/cuit.ts';
import type { quoteOwnLoader } from '../quote/action.ts';
import { QuoteLines } from '../components/QuoteLines.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { quoteTexts as c } from '../content/insurance.ts';
import { usePageTitle } from '../facts/use-facts.ts';

/**
 * A quote's two pages: its customer's (`/presupuesto/{number}/{key}`: every detail, the PDF and
 * a WhatsApp share) and the verification page (`/presupuesto/{number}?c={code}`: the quote as
 * issued, the customer reduced to first name and initial, never the plate or the claim number).
 * Never indexed, never kept: they read the stored quote.
 */
export function QuotePage() {
  const page = useLoaderData<typeof quoteOwnLoader>();
  const { quote } = page;
  const own = page.kind === 'own';
  const title = own ? `Presupuesto ${quote.number}` : `${c.verifiedTitle}: ${quote.number}`;
  return (
    <>
      <PageMeta
        title={usePageTitle(title)}
        description={`${c.documentTitle} ${quote.number} de ${quote.shop.name}.`}
        noindex
      />
      <div className="section booking">
        <div className="container container-narrow">
          <h1>{title}</h1>
          <p className="lead">{own ? c.ownIntro : c.verifiedIntro}</p>
          {own ? (
            <p className="quote-actions">
              <a className="button button-primary button-lg" href={page.pdf} download>
                {c.download}
              </a>{' '}
              <a className="button button-whatsapp button-lg" href={page.share} rel="noopener">
                {c.share}
              </a>
            </p>
          ) : null}
          <section className="contact-confirmation" aria-labelledby="presupuesto-datos">
            <h2 id="presupuesto-datos">
              {quote.shop.name} · {quote.shop.razonSocial} · CUIT {formatCuit(quote.shop.cuit)}
            </h2>
            <dl className="booking-details">
              <div>
                <dt>Cliente</dt>
                <dd>{quote.customer.name}</dd>
              </div>
              <div>
                <dt>Aseguradora</dt>
                <dd>{quote.customer.insurer}</dd>
              </div>
              {page.kind === 'own' && page.quote.customer.plate ? (
                <div>
                  <dt>Patente</dt>
                  <dd>{page.quote.customer.plate}</dd>
                </div>
              ) : null}
              {page.kind === 'own' && page.quote.customer.claim ? (
                <div>
                  <dt>Póliza o siniestro</dt>
                  <dd>{page.quote.customer.claim}</dd>
                </div>
              ) : null}
            </dl>
            <QuoteLines quote={quote} />
            <p className="legal">
              <strong>{c.notAnInvoice}</strong>
            </p>
          </section>
          {page.kind === 'own' ? (
            <>
              <p>
                <a href={page.verify}>Ver lo que ve la aseguradora (la página de verificación)</a>
              </p>
              <p className="form-privacy">{c.privateLinkNote}</p>
            </>
          ) : null}
        </div>
      </div>
    </>
  );
}
