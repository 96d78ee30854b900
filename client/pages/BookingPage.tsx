import { useActionData, useLoaderData } from 'react-router-dom';
import { usePageTitle } from '../facts/use-facts.ts';
import { formatDateAR } from '../../catalogue/validity.ts';
import type { bookingAction, bookingLoader } from '../booking/action.ts';
import type { BookingPageData } from '../booking/page-data.ts';
import { BOOKING_FIELDS, BOOKING_LIMITS, type BookingField } from '../booking/types.ts';
import { dayLong } from '../booking/days.ts';
import {
  BOOK_FORM_ATTRIBUTE,
  LiveBookingWindows,
  WHAT_FORM_ATTRIBUTE,
} from '../components/LiveBookingWindows.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { fieldHelpers } from '../components/form-fields.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { PrivacyNote } from '../components/PrivacyNote.tsx';
import {
  BOOKING_JOBS,
  GLASS_JOBS,
  PLACES_OF_WORK,
  bookingPage as c,
  jobNames,
  placeNames,
} from '../content/booking.ts';
import { whatsappLink } from '../content/business.ts';
import { WhatsAppOrCall } from '../components/WhatsAppOrCall.tsx';
import { formatFee, zonesPage } from '../content/zones.ts';
import { useFacts } from '../facts/use-facts.ts';
import { paths } from '../paths.ts';

const f = BOOKING_FIELDS;

/** `/turnos`: what, where, when, who; works without JavaScript (GET for the days, POST to book). */
export function BookingPage() {
  const loaded = useLoaderData<typeof bookingLoader>();
  const posted = useActionData<typeof bookingAction>();
  const page: BookingPageData = posted ?? loaded;
  const { values, errors, what } = page;
  const invalid = Object.keys(errors).length > 0;
  const { privacy } = useFacts();
  return (
    <>
      <PageMeta
        title={usePageTitle(invalid ? `Revisá el formulario - ${c.metaTitle}` : c.metaTitle)}
        description={c.description}
        path={paths.booking}
      />
      <PageHero title={c.title} path={paths.booking} />
      <div className="section booking">
        <div className="container container-narrow">
          <p className="lead">{c.intro}</p>
          <Notice page={page} />
          <WhatAndWhereForm page={page} />
          {what ? (
            <form
              className="booking-form"
              method="post"
              action={paths.booking}
              {...{ [BOOK_FORM_ATTRIBUTE]: '' }}
            >
              {hidden(page)}
              <fieldset className="booking-step" aria-describedby={describedBy(errors, 'window')}>
                <legend>
                  <span className="booking-step__number">3</span> Cuándo
                </legend>
                {page.earliest?.request ? <p className="booking-note">{c.requestNote}</p> : null}
                {page.earliest ? (
                  <p className="booking-hint">
                    El primer día posible es el {dayLong(page.earliest.day)}.
                  </p>
                ) : null}
                {errorText(errors, 'window')}
                {page.freeSoon.length > 0 ? (
                  <p className="booking-hint">
                    Próximos con lugar:{' '}
                    {page.freeSoon
                      .map((w) => `${dayLong(w.day)}, ${w.window.name.toLowerCase()}`)
                      .join('; ')}
                    .
                  </p>
                ) : null}
                <LiveBookingWindows
                  days={page.days}
                  chosen={values.window}
                  query={calendarQuery(page, page.days[0]?.day ?? '')}
                />
                <CalendarPages page={page} />
              </fieldset>
              <fieldset className="booking-step">
                <legend>
                  <span className="booking-step__number">4</span> Tus datos
                </legend>
                <div className="field">
                  <label htmlFor="turno-nombre">Nombre y apellido</label>
                  <input
                    type="text"
                    autoComplete="name"
                    required
                    maxLength={BOOKING_LIMITS.name}
                    {...control(page, 'name')}
                  />
                  {errorText(errors, 'name')}
                </div>
                <div className="field">
                  <label htmlFor="turno-telefono">Teléfono con WhatsApp</label>
                  <input
                    type="tel"
                    autoComplete="tel"
                    inputMode="tel"
                    required
                    maxLength={BOOKING_LIMITS.phone}
                    placeholder="388 15 412-3456"
                    {...control(page, 'phone')}
                  />
                  {errorText(errors, 'phone')}
                </div>
                <div className="field">
                  <label htmlFor="turno-patente">Patente (opcional)</label>
                  <input
                    type="text"
                    autoCapitalize="characters"
                    maxLength={BOOKING_LIMITS.plate}
                    {...control(page, 'plate')}
                  />
                  {errorText(errors, 'plate')}
                </div>
                <div className="field">
                  <label htmlFor="turno-notas">Notas (opcional)</label>
                  <textarea maxLength={BOOKING_LIMITS.notes} {...control(page, 'notes')} />
                  {errorText(errors, 'notes')}
                </div>
              </fieldset>
              <button className="button button-primary" type="submit">
                Reservar turno
              </button>
            </form>
          ) : null}
          {what ? (
            <PrivacyNote
              kept="tu nombre, tu teléfono, tu patente y el turno"
              days={privacy.bookingsDays}
            />
          ) : null}
        </div>
      </div>
    </>
  );
}

const { fieldId, describedBy, control, errorText } = fieldHelpers('turno', f);

/** The first form's choices, carried by the second (which books). */
function hidden(page: BookingPageData) {
  const keep: BookingField[] = ['job', 'brand', 'model', 'version', 'place', 'locality', 'token'];
  // Every one, even empty: the island fills them in when the choices above change.
  return keep.map((name) => (
    <input key={name} type="hidden" name={f[name]} value={page.values[name]} />
  ));
}

function Notice({ page }: { page: BookingPageData }) {
  if (page.notice === 'busy' || page.notice === 'unavailable') {
    return (
      <p className="contact-form-error" role="alert">
        {page.notice === 'busy'
          ? 'En la última hora recibimos muchos turnos por la web y no podemos tomar más por ahora: '
          : 'No pudimos guardar tu turno por un problema nuestro. Probá de nuevo en unos minutos o '}
        <WhatsAppOrCall whatsapp={whatsappLink(c.whatsappMessage)} label="pedilo por WhatsApp" />.
      </p>
    );
  }
  const listed = Object.entries(page.errors);
  if (listed.length === 0) return null;
  return (
    <div className="contact-error-summary" role="alert">
      <p>{page.notice === 'taken' ? c.takenMeanwhile : 'Revisá los datos marcados:'}</p>
      {page.notice === 'taken' ? null : (
        <ul>
          {listed.map(([name, message]) => (
            <li key={name}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Step 1 and 2 (a GET form: choosing them shows the days). */
/** One required choice among a few, as radio buttons (no JavaScript needed). */
function Choices<T extends string>(props: {
  name: string;
  options: readonly T[];
  names: Readonly<Record<T, string>>;
  chosen: string | undefined;
}) {
  return (
    <div className="booking-choices">
      {props.options.map((option) => (
        <label key={option} className="booking-choice">
          <input
            type="radio"
            name={props.name}
            value={option}
            defaultChecked={props.chosen === option}
            required
          />{' '}
          {props.names[option]}
        </label>
      ))}
    </div>
  );
}

function WhatAndWhereForm({ page }: { page: BookingPageData }) {
  const { values, errors, what } = page;
  const job = BOOKING_JOBS.find((j) => j === values.job);
  const needsGlass = job === undefined || GLASS_JOBS.includes(job);
  const { zones } = useFacts();
  return (
    <form
      className="booking-form"
      method="get"
      action={paths.booking}
      {...{ [WHAT_FORM_ATTRIBUTE]: '' }}
    >
      <fieldset className="booking-step" aria-describedby={describedBy(errors, 'job')}>
        <legend>
          <span className="booking-step__number">1</span> Qué hacemos
        </legend>
        {errorText(errors, 'job')}
        <Choices name={f.job} options={BOOKING_JOBS} names={jobNames} chosen={values.job} />
        {what?.glass ? (
          <p className="booking-glass">
            <strong>{what.glass.label}</strong>
            {what.glass.availabilityLabel ? ` (${what.glass.availabilityLabel})` : null}.{' '}
            <a href={what.glass.url}>Ver la página del cristal</a>
          </p>
        ) : null}
        {needsGlass ? (
          <div className="booking-car">
            <p className="booking-hint">Para parabrisas o luneta: el auto.</p>
            <div className="field">
              <label htmlFor={fieldId('brand')}>Marca</label>
              <input type="text" autoComplete="off" maxLength={40} {...control(page, 'brand')} />
              {errorText(errors, 'brand')}
            </div>
            <div className="field">
              <label htmlFor={fieldId('model')}>Modelo</label>
              <input type="text" autoComplete="off" maxLength={60} {...control(page, 'model')} />
              {errorText(errors, 'model')}
            </div>
            {values.version ? (
              <input type="hidden" name={f.version} value={values.version} />
            ) : null}
            {errorText(errors, 'version')}
          </div>
        ) : null}
      </fieldset>
      <fieldset className="booking-step" aria-describedby={describedBy(errors, 'place')}>
        <legend>
          <span className="booking-step__number">2</span> Dónde
        </legend>
        {errorText(errors, 'place')}
        <Choices name={f.place} options={PLACES_OF_WORK} names={placeNames} chosen={values.place} />
        <div className="field">
          <label htmlFor={fieldId('locality')}>Localidad (a domicilio)</label>
          <select {...control(page, 'locality')}>
            <option value="">Elegí la localidad</option>
            {zones.map((zone) => (
              <option key={zone.locality} value={zone.locality}>
                {zone.locality}
                {zone.fee.kind === 'ask'
                  ? ' (a consultar)'
                  : zone.fee.kind === 'surcharge'
                    ? ` (recargo de ${formatFee(zone.fee.amount)})`
                    : ''}
              </option>
            ))}
          </select>
          {errorText(errors, 'locality')}
          {page.askZone ? (
            <p>
              <a
                className="button button-primary"
                href={whatsappLink(`${zonesPage.whatsappMessage}${page.askZone.locality}`)}
                rel="nofollow"
              >
                Consultar por WhatsApp
              </a>
            </p>
          ) : null}
        </div>
      </fieldset>
      <button className="button" type="submit">
        Ver días y horarios
      </button>
    </form>
  );
}

/** The calendar's other weeks: plain links (the choices so far travel in the query). */
/** The what-and-where choices and the calendar's first day, as `/turnos`'s query. */
function calendarQuery(page: BookingPageData, from: string): string {
  const query = new URLSearchParams();
  for (const name of ['job', 'brand', 'model', 'version', 'place', 'locality'] as const) {
    if (page.values[name]) query.set(f[name], page.values[name]);
  }
  if (from) query.set(f.from, from);
  return query.toString();
}

function CalendarPages({ page }: { page: BookingPageData }) {
  const link = (from: string) => `${paths.booking}?${calendarQuery(page, from)}#turno-cuando`;
  if (!page.nextFrom && !page.previousFrom) return null;
  return (
    <p className="booking-pages" id="turno-cuando">
      {page.previousFrom ? <a href={link(page.previousFrom)}>← Días anteriores</a> : null}
      {page.nextFrom ? (
        <a href={link(page.nextFrom)}>Más días, desde el {formatDateAR(page.nextFrom)} →</a>
      ) : null}
    </p>
  );
}
