import { useActionData, useLoaderData } from 'react-router-dom';
import { PageMeta } from '../components/PageMeta.tsx';
import { whatsappLink } from '../content/business.ts';
import { WhatsAppOrCall } from '../components/WhatsAppOrCall.tsx';
import { reviewForm as c } from '../content/reviews.ts';
import { useFacts, usePageTitle } from '../facts/use-facts.ts';
import { paths } from '../paths.ts';
import type { ReviewPageData, reviewAction, reviewLoader } from '../reviews/action.ts';
import { REVIEW_FIELDS, type ReviewErrors, type ReviewField } from '../reviews/form.ts';
import { GoogleReviewsLink } from '../reviews/ReviewList.tsx';
import { monthText } from '../reviews/summary.ts';
import { REVIEW_LIMITS, STAR_NAMES, STAR_VALUES, type ReviewSubject } from '../reviews/types.ts';

/**
 * `/opinion/{token}`: the review form (stars, the text, the name shown; what was done and on
 * which car come from the booking), its thank-you, or a link no longer active. Works without
 * JavaScript; never indexed, never kept.
 */
export function ReviewFormPage() {
  const loaded = useLoaderData<typeof reviewLoader>();
  const posted = useActionData<typeof reviewAction>();
  const page: ReviewPageData = posted ?? loaded;
  const invalid = page.state === 'form' && Object.keys(page.errors).length > 0;
  const pageTitle = usePageTitle(invalid ? `Revisá el formulario - ${c.title}` : c.title);
  if (page.state === 'closed') return <Closed reason={page.reason} />;
  if (page.state === 'thanks') return <Thanks token={page.token} google={page.googleReviewsUrl} />;
  return (
    <>
      <PageMeta title={pageTitle} description={c.intro} noindex />
      <div className="section booking review-form-page">
        <div className="container container-narrow">
          <h1>{c.title}</h1>
          <p className="lead">{c.intro}</p>
          {page.editing ? <p className="contact-confirmation">{c.editable}</p> : null}
          {page.unavailable ? (
            <p className="contact-form-error" role="alert">
              {c.unavailable}{' '}
              <WhatsAppOrCall
                whatsapp={whatsappLink(c.whatsappMessage)}
                label="Contanos por WhatsApp"
              />
              .
            </p>
          ) : null}
          {invalid ? (
            <div className="contact-error-summary" role="alert">
              <p>Revisá los datos marcados:</p>
              <ul>
                {Object.entries(page.errors).map(([name, message]) => (
                  <li key={name}>{message}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <Subject subject={page.subject} />
          <form className="review-form" method="post" action={paths.review(page.token)}>
            <fieldset className="booking-step" aria-describedby={describedBy(page.errors, 'stars')}>
              <legend>{c.starsLegend}</legend>
              {errorText(page.errors, 'stars')}
              {STAR_VALUES.map((stars) => (
                <label key={stars} className="booking-choice">
                  <input
                    type="radio"
                    name={REVIEW_FIELDS.stars}
                    value={stars}
                    defaultChecked={page.values.stars === String(stars)}
                    required
                  />{' '}
                  <span className="stars" aria-hidden="true">
                    {'★'.repeat(stars)}
                    {stars < 5 ? <span className="stars__off">{'★'.repeat(5 - stars)}</span> : null}
                  </span>{' '}
                  <span>{`${stars} ${stars === 1 ? 'estrella' : 'estrellas'}: ${STAR_NAMES[stars]}`}</span>
                </label>
              ))}
            </fieldset>
            <div className="field">
              <label htmlFor={fieldId('body')}>{c.bodyLabel}</label>
              <p id={`${fieldId('body')}-hint`} className="booking-hint">
                {c.bodyHint}
              </p>
              <textarea
                id={fieldId('body')}
                name={REVIEW_FIELDS.body}
                rows={6}
                maxLength={REVIEW_LIMITS.body}
                defaultValue={page.values.body}
                aria-invalid={page.errors.body ? true : undefined}
                aria-describedby={[`${fieldId('body')}-hint`, describedBy(page.errors, 'body')]
                  .filter(Boolean)
                  .join(' ')}
              />
              {errorText(page.errors, 'body')}
            </div>
            <div className="field">
              <label htmlFor={fieldId('author')}>{c.authorLabel}</label>
              <p id={`${fieldId('author')}-hint`} className="booking-hint">
                {c.authorHint}
              </p>
              <input
                id={fieldId('author')}
                name={REVIEW_FIELDS.author}
                type="text"
                autoComplete="off"
                required
                maxLength={REVIEW_LIMITS.author}
                defaultValue={page.values.author}
                aria-invalid={page.errors.author ? true : undefined}
                aria-describedby={[`${fieldId('author')}-hint`, describedBy(page.errors, 'author')]
                  .filter(Boolean)
                  .join(' ')}
              />
              {errorText(page.errors, 'author')}
            </div>
            <ReviewPrivacyNote />
            <button className="button button-primary" type="submit">
              {page.editing ? c.change : c.send}
            </button>
          </form>
        </div>
      </div>
    </>
  );
}

const fieldId = (name: ReviewField) => `opinion-${REVIEW_FIELDS[name]}`;
const errorId = (name: ReviewField) => `${fieldId(name)}-error`;
const describedBy = (errors: ReviewErrors, name: ReviewField) =>
  errors[name] ? errorId(name) : undefined;

function errorText(errors: ReviewErrors, name: ReviewField) {
  return errors[name] ? (
    <p id={errorId(name)} className="contact-field-error">
      {errors[name]}
    </p>
  ) : null;
}

function Subject({ subject }: { subject: ReviewSubject }) {
  return (
    <section className="review-subject" aria-labelledby="opinion-trabajo">
      <h2 id="opinion-trabajo">{c.subjectTitle}</h2>
      <p>
        {subject.jobName}
        {subject.car ? ` · ${subject.car}` : ''} · {monthText(subject.month)}
      </p>
    </section>
  );
}

/** What the review keeps and shows, and for how long its link to the booking lasts. */
function ReviewPrivacyNote() {
  const { bookingsDays } = useFacts().privacy;
  return (
    <p className="form-privacy">
      Publicamos las estrellas, el texto, el nombre que elijas, el trabajo, el auto y el mes. Tu
      teléfono no se publica, y a los {bookingsDays} días del turno la opinión deja de estar unida a
      él. <a href={paths.privacy}>Cómo tratamos tus datos</a>.
    </p>
  );
}

function Thanks({ token, google }: { token: string; google: string | undefined }) {
  return (
    <>
      <PageMeta title={usePageTitle(c.thanksTitle)} description={c.thanks} noindex />
      <div className="section booking review-form-page">
        <div className="container container-narrow">
          <h1>{c.thanksTitle}</h1>
          <p className="contact-confirmation" role="status">
            {c.thanks}
          </p>
          <p>
            <a href={paths.review(token)}>{c.changeLink}</a>
          </p>
          {google ? <p>{c.thanksGoogle}</p> : null}
          <GoogleReviewsLink url={google} />
          <p>
            <a className="button button-outline" href={paths.home}>
              Ir al inicio
            </a>
          </p>
        </div>
      </div>
    </>
  );
}

function Closed({ reason }: { reason: 'expired' | 'used' }) {
  return (
    <>
      <PageMeta title={usePageTitle(c.closedTitle)} description={c.closed[reason]} noindex />
      <div className="section booking review-form-page">
        <div className="container container-narrow">
          <h1>{c.closedTitle}</h1>
          <p className="lead">{c.closed[reason]}</p>
          <p className="contact-actions">
            <a
              className="button button-whatsapp"
              href={whatsappLink(c.whatsappMessage)}
              rel="nofollow"
            >
              Escribinos por WhatsApp
            </a>
            <a className="button button-outline" href={paths.testimonials}>
              Ver las opiniones
            </a>
          </p>
        </div>
      </div>
    </>
  );
}
