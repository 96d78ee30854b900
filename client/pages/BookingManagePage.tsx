import { useActionData, useLoaderData, useLocation } from 'react-router-dom';
import { usePageTitle } from '../facts/use-facts.ts';
import { formatDateAR } from '../../catalogue/validity.ts';
import { manageFields, type manageAction, type manageLoader } from '../booking/action.ts';
import { BOOKING_STATUS_NAMES } from '../booking/types.ts';
import { whenLabel } from '../booking/days.ts';
import { visitorWhatsappLink, whereLabel } from '../booking/whatsapp.ts';
import { BookingWindows } from '../components/BookingWindows.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { useSiteUrl } from '../root-data.ts';
import { bookingPage as c } from '../content/booking.ts';
import { useFacts } from '../facts/use-facts.ts';
import { paths, queryParams } from '../paths.ts';
import { reviewRequest } from '../content/reviews.ts';
import type { BookingReviewStatus } from '../reviews/types.ts';

/**
 * `/turnos/turno/{token}`: the booking's private page (its token is the only key): the
 * confirmation right after booking, the `.ics`, WhatsApp, and change or cancel. Never indexed,
 * never kept (it reads the bookings).
 */
export function BookingManagePage() {
  const { token, booking, days, review } = useLoaderData<typeof manageLoader>();
  const result = useActionData<typeof manageAction>();
  const isNew = new URLSearchParams(useLocation().search).get(queryParams.bookingNew) === '1';
  const siteUrl = useSiteUrl();
  const facts = useFacts();
  const here = paths.bookingManage(token);
  const cancelled = booking.status === 'cancelado';
  const open = booking.status === 'pendiente' || booking.status === 'confirmado';
  const title = cancelled
    ? 'Turno cancelado'
    : isNew
      ? '¡Listo! Tu turno quedó reservado'
      : c.confirmationTitle;
  return (
    <>
      <PageMeta
        title={usePageTitle(title)}
        description="Los datos de tu turno: cuándo, dónde y qué traer."
        noindex
      />
      <div className="section booking">
        <div className="container container-narrow">
          <h1>{title}</h1>
          <section
            className={cancelled ? 'contact-form-error' : 'contact-confirmation'}
            role={isNew ? 'status' : undefined}
            aria-labelledby="turno-detalle"
          >
            <h2 id="turno-detalle">{booking.jobName}</h2>
            <dl className="booking-details">
              {booking.glass ? (
                <div>
                  <dt>Cristal</dt>
                  <dd>
                    {booking.glass}
                    {booking.availability ? ` (${booking.availability})` : null}
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>Cuándo</dt>
                <dd>
                  {whenLabel(booking.day, booking.window)}, {formatDateAR(booking.day)}, hora de
                  Jujuy
                </dd>
              </div>
              <div>
                <dt>Dónde</dt>
                <dd>{whereLabel(booking, facts)}</dd>
              </div>
              <div>
                <dt>A nombre de</dt>
                <dd>
                  {booking.name} ({booking.phone})
                </dd>
              </div>
              <div>
                <dt>Estado</dt>
                <dd>{BOOKING_STATUS_NAMES[booking.status]}</dd>
              </div>
            </dl>
            {booking.awaitsGlass && open ? <p>{c.requestNote}</p> : null}
          </section>
          {open ? (
            <>
              <p className="contact-actions">
                <a className="button button-primary" href={paths.bookingIcs(token)} download>
                  Agregar al calendario (.ics)
                </a>
                <a
                  className="button"
                  href={visitorWhatsappLink(booking, facts)}
                  rel="noopener nofollow"
                >
                  Enviar los datos por WhatsApp
                </a>
              </p>
              <section className="answer-section" aria-labelledby="turno-traer">
                <h2 id="turno-traer">Qué traer</h2>
                <ul className="answer-points">
                  {facts.booking.whatToBring.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </section>
              <section className="answer-section" aria-labelledby="turno-enlace">
                <h2 id="turno-enlace">Tu enlace privado</h2>
                <p>{c.privateLinkNote}</p>
                <p className="booking-link">
                  <a href={here}>{`${siteUrl}${here}`}</a>
                </p>
              </section>
              <section className="answer-section" aria-labelledby="turno-cambiar">
                <h2 id="turno-cambiar">Cambiar el día</h2>
                <form className="booking-form" method="post" action={here}>
                  <input type="hidden" name={manageFields.intent} value={manageFields.move} />
                  <fieldset className="booking-step">
                    <legend>Elegí otro día y horario</legend>
                    {result?.moveError ? (
                      <p className="contact-field-error" role="alert">
                        {result.moveError}
                      </p>
                    ) : null}
                    <BookingWindows days={days} chosen="" />
                  </fieldset>
                  <button className="button" type="submit">
                    Cambiar el turno
                  </button>
                </form>
              </section>
              <section className="answer-section" aria-labelledby="turno-cancelar">
                <h2 id="turno-cancelar">Cancelar</h2>
                <form method="post" action={here}>
                  <input type="hidden" name={manageFields.intent} value={manageFields.cancel} />
                  <p>Si no podés venir, cancelalo: el lugar queda libre para otra persona.</p>
                  <button className="button" type="submit">
                    Cancelar el turno
                  </button>
                </form>
              </section>
            </>
          ) : (
            <>
              {booking.status === 'hecho' ? <ReviewInvitation here={here} review={review} /> : null}
              <p>
                <a className="button button-primary" href={paths.booking}>
                  Pedir otro turno
                </a>
              </p>
            </>
          )}
        </div>
      </div>
    </>
  );
}

/** A finished job: ask for its review (a form: it makes a review link and opens it). */
function ReviewInvitation({ here, review }: { here: string; review: BookingReviewStatus }) {
  if (review === 'publicada' || review === 'oculta') {
    return <p className="contact-confirmation">{reviewRequest.bookingSent}</p>;
  }
  return (
    <section className="answer-section" aria-labelledby="turno-opinion">
      <h2 id="turno-opinion">{reviewRequest.bookingTitle}</h2>
      <p>{review === 'nueva' ? reviewRequest.bookingSentEditable : reviewRequest.bookingText}</p>
      <form method="post" action={here}>
        <input type="hidden" name={manageFields.intent} value={manageFields.review} />
        <button className="button button-primary" type="submit">
          {review === 'nueva' ? 'Cambiar mi opinión' : reviewRequest.bookingButton}
        </button>
      </form>
    </section>
  );
}
