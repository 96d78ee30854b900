/**
 * The agenda (`/panel/turnos`): a week (Monday to Saturday) or one day, each booking with its
 * details and Confirmar / Cancelar (then a WhatsApp link to tell the customer) / Hecho (then
 * "Pedir opinión por WhatsApp": a review link, shown once with its WhatsApp message); close
 * a day or a window, change a day's places; the private calendar feed's address and "Renovar".
 */
import { data, useActionData, useLoaderData } from 'react-router-dom';
import { addDays, formatDateAR, shopDate, type IsoDate } from '../../catalogue/validity.ts';
import type { AppActionArgs, AppLoaderArgs } from '../app-context.ts';
import { parseDay } from '../booking/calendar.ts';
import { weekdayOf } from '../booking/days.ts';
import { BOOKING_STATUS_NAMES } from '../booking/types.ts';
import { dayLong } from '../booking/days.ts';
import { PLACES_OF_WORK, placeNames, type PlaceOfWork } from '../content/booking.ts';
import { panelPaths, queryParams } from '../paths.ts';
import type { AgendaBooking, AgendaDay, ReviewRequest } from './agenda-types.ts';
import { reviewRequest } from '../content/reviews.ts';
import { requirePanel, seeOther } from './context.ts';
import { PanelForm } from './PanelForm.tsx';
import { PanelMeta } from './PanelMeta.tsx';
import { DayNotices } from './DayNotices.tsx';
import { sectionPath } from './business-form.ts';
import { agendaPath, bookingAnchor, type AgendaView } from './agenda-links.ts';

type View = AgendaView;

function readPlace(params: URLSearchParams | FormData, today: IsoDate) {
  const dayValue = params.get(queryParams.agendaDay);
  const day = (typeof dayValue === 'string' ? parseDay(dayValue) : undefined) ?? today;
  const view: View = params.get(queryParams.agendaView) === 'dia' ? 'dia' : 'semana';
  return { day, view };
}

export async function bookingsLoader({ request, context }: AppLoaderArgs) {
  const { agenda } = requirePanel(context).services;
  const today = shopDate(context.now);
  const { day, view } = readPlace(new URL(request.url).searchParams, today);
  const monday = addDays(day, -weekdayOf(day));
  const [from, to] = view === 'dia' ? [day, day] : [monday, addDays(monday, 5)];
  const [days, feedUrl] = await Promise.all([agenda.days(from, to), agenda.feedUrl()]);
  return {
    day,
    view,
    today,
    days,
    feedUrl,
    /** The published places per window (Datos del negocio, Turnos). */
    usual: context.facts.booking.placesPerWindow,
    previous: addDays(from, view === 'dia' ? -1 : -7),
    next: addDays(from, view === 'dia' ? 1 : 7),
  };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

export async function bookingsAction({ request, context }: AppActionArgs) {
  const panel = requirePanel(context);
  const { agenda } = panel.services;
  const form = await request.formData();
  const { day, view } = readPlace(form, shopDate(context.now));
  const back = seeOther(agendaPath(day, view));
  const intent = text(form, 'accion');
  if (intent === 'renovar') {
    await agenda.renewFeed();
    await panel.record('calendario renovado', 'la dirección anterior dejó de funcionar');
    return back;
  }
  if (intent === 'confirmar' || intent === 'hecho' || intent === 'cancelar') {
    const booking = await agenda.find(text(form, 'id'));
    if (!booking) return data({ error: 'Ese turno ya no existe.' }, { status: 404 });
    const done =
      intent === 'cancelar'
        ? await agenda.cancel(booking.id)
        : await agenda.setStatus(booking.id, intent === 'hecho' ? 'hecho' : 'confirmado');
    if (!done) return data({ error: 'Ese turno ya estaba cancelado o hecho.' }, { status: 409 });
    await panel.record(
      `turno ${intent === 'cancelar' ? 'cancelado' : intent === 'hecho' ? 'hecho' : 'confirmado'}`,
      `${formatDateAR(booking.day)} ${booking.window.name}`,
    );
    return back;
  }
  if (intent === 'pedir-opinion') {
    const booking = await agenda.find(text(form, 'id'));
    const request = booking ? await agenda.askForReview(booking.id) : undefined;
    if (!booking || !request) {
      return data(
        {
          error:
            'Solo se pide opinión de un turno hecho, y una vez que la opinión está revisada ya no.',
        },
        { status: 409 },
      );
    }
    await panel.record('opinión pedida', `${formatDateAR(booking.day)} ${booking.window.name}`);
    // The link exists only now (only its hash is kept): shown once, with WhatsApp ready.
    return { reviewRequest: { id: booking.id, ...request } };
  }
  if (intent === 'cerrar' || intent === 'abrir') {
    const window = text(form, 'horario');
    if (window !== 'dia' && window !== 'manana' && window !== 'tarde') {
      return data({ error: 'Elegí el día o un horario.' }, { status: 400 });
    }
    await agenda.setClosed(day, window, intent === 'cerrar');
    await panel.record(
      intent === 'cerrar' ? 'turnos cerrados' : 'turnos abiertos',
      `${formatDateAR(day)} ${window}`,
    );
    return back;
  }
  if (intent === 'lugares') {
    const place = PLACES_OF_WORK.find((p) => p === text(form, 'lugar'));
    const raw = text(form, 'cantidad').trim();
    const places = raw === '' ? undefined : Number(raw);
    if (
      !place ||
      (places !== undefined && (!Number.isInteger(places) || places < 0 || places > 50))
    ) {
      return data(
        { error: 'Los lugares son un número de 0 a 50 (vacío: los de siempre).' },
        { status: 400 },
      );
    }
    await agenda.setPlaces(day, place, places);
    await panel.record(
      'lugares cambiados',
      `${formatDateAR(day)} ${place}: ${places ?? 'los de siempre'}`,
    );
    return back;
  }
  return data({ error: 'No entendí qué hacer.' }, { status: 400 });
}

function Hidden({ day, view }: { day: IsoDate; view: View }) {
  return (
    <>
      <input type="hidden" name={queryParams.agendaDay} value={day} />
      <input type="hidden" name={queryParams.agendaView} value={view} />
    </>
  );
}

export function BookingsPage() {
  const { day, view, today, days, feedUrl, usual, previous, next } =
    useLoaderData<typeof bookingsLoader>();
  const result = useActionData<typeof bookingsAction>();
  const asked = result && 'reviewRequest' in result ? result.reviewRequest : undefined;
  return (
    <>
      <PanelMeta title="Turnos" />
      <h1>Turnos</h1>
      {result && 'error' in result ? (
        <p className="panel-notice" role="alert">
          {result.error}
        </p>
      ) : null}
      <nav aria-label="Fechas" className="panel-pages">
        <a href={agendaPath(previous, view)}>
          {view === 'dia' ? 'Día anterior' : 'Semana anterior'}
        </a>
        <a href={agendaPath(today, view)}>Hoy</a>
        <a href={agendaPath(day, view === 'dia' ? 'semana' : 'dia')}>
          {view === 'dia' ? 'Ver la semana' : 'Ver solo este día'}
        </a>
        <a href={agendaPath(next, view)}>{view === 'dia' ? 'Día siguiente' : 'Semana siguiente'}</a>
      </nav>
      <ol className="panel-list">
        {days.map((d) => (
          <li key={d.day} className="panel-card">
            <AgendaDayCard day={d} view={view} usual={usual} asked={asked} />
          </li>
        ))}
      </ol>
      <section className="panel-card" aria-labelledby="calendario">
        <h2 id="calendario">Calendario en el teléfono</h2>
        <p>
          Suscribí el calendario del teléfono a esta dirección privada: cada turno aparece solo, y
          los cancelados se borran. No la compartas; si se filtró, renovala y la anterior deja de
          andar.
        </p>
        {feedUrl ? (
          <p className="booking-link">
            <code>{feedUrl}</code>
          </p>
        ) : (
          <p>Todavía no creaste la dirección.</p>
        )}
        <PanelForm action={panelPaths.bookings} className="panel-inline-form">
          <Hidden day={day} view={view} />
          <input type="hidden" name="accion" value="renovar" />
          <button type="submit" className="button button-outline">
            {feedUrl ? 'Renovar la dirección' : 'Crear la dirección'}
          </button>
        </PanelForm>
      </section>
    </>
  );
}

type Usual = Readonly<Record<PlaceOfWork, number>>;

function AgendaDayCard({
  day: d,
  view,
  usual,
  asked,
}: {
  day: AgendaDay;
  view: View;
  usual: Usual;
  asked: AskedReview | undefined;
}) {
  const title = `${dayLong(d.day)} (${formatDateAR(d.day)})`;
  const worked = d.windows.length > 0 && !d.holiday && !d.closedDay;
  return (
    <article aria-labelledby={`dia-${d.day}`}>
      <h2 id={`dia-${d.day}`}>
        <a href={agendaPath(d.day, 'dia')}>{title.charAt(0).toUpperCase() + title.slice(1)}</a>
      </h2>
      <DayNotices day={d} />
      {worked ? (
        <ul>
          {d.windows.map((w) => (
            <li key={w.window.id}>
              {w.window.name}:{' '}
              {w.closed || d.closed
                ? 'cerrado'
                : PLACES_OF_WORK.map(
                    (p) =>
                      `${placeNames[p].toLowerCase()} ${w.places[p].taken} de ${w.places[p].places}`,
                  ).join(', ')}
            </li>
          ))}
        </ul>
      ) : null}
      {d.bookings.length === 0 ? (
        <p>Sin turnos.</p>
      ) : (
        <ol className="panel-list">
          {d.bookings.map((b) => (
            <BookingCard
              key={b.id}
              booking={b}
              day={d.day}
              view={view}
              asked={asked?.id === b.id ? asked : undefined}
            />
          ))}
        </ol>
      )}
      {view === 'dia' && worked ? <DayControls day={d} usual={usual} /> : null}
      {view === 'dia' && d.closedDay ? (
        <p>
          Este día está en la lista de días sin atención de{' '}
          <a href={sectionPath('closedDays')}>Datos del negocio</a>: para volver a dar turnos,
          sacalo de esa lista.
        </p>
      ) : null}
    </article>
  );
}

/** A review link just made for a booking: its WhatsApp message is shown once. */
type AskedReview = { readonly id: string } & ReviewRequest;

const REVIEW_TAGS = {
  nueva: 'Opinión recibida (sin revisar)',
  publicada: 'Opinión publicada',
  oculta: 'Opinión no publicada',
} as const;

function BookingCard({
  booking: b,
  day,
  view,
  asked,
}: {
  booking: AgendaBooking;
  day: IsoDate;
  view: View;
  asked: AskedReview | undefined;
}) {
  const open = b.status === 'pendiente' || b.status === 'confirmado';
  // Posted to the same view, at this card: the page that answers (the review request, or the
  // agenda after a 303, which keeps the fragment) opens where the owner was.
  const action = (intent: string, label: string) => (
    <PanelForm
      action={`${agendaPath(day, view)}#${bookingAnchor(b.id)}`}
      className="panel-inline-form"
    >
      <Hidden day={day} view={view} />
      <input type="hidden" name="id" value={b.id} />
      <input type="hidden" name="accion" value={intent} />
      <button type="submit" className="button button-small button-outline">
        {label}
      </button>
    </PanelForm>
  );
  return (
    <li className="panel-card" id={bookingAnchor(b.id)}>
      <h3>
        {b.window.name}: {b.name}{' '}
        <span className={b.status === 'cancelado' ? 'panel-tag panel-tag-failed' : 'panel-tag'}>
          {BOOKING_STATUS_NAMES[b.status]}
        </span>
        {b.remindedAt && open ? (
          <>
            {' '}
            <span className="panel-tag">Recordado</span>
          </>
        ) : null}
      </h3>
      <p>
        {b.jobName}
        {b.glass ? ` · ${b.glass}` : ''}
        {b.availability ? ` (${b.availability})` : ''}
      </p>
      {b.awaitsGlass && open ? (
        <p>Cristal a pedido sin fecha: confirmalo cuando sepas que llega.</p>
      ) : null}
      <p>
        {b.where} · {b.phone}
        {b.plate ? ` · Patente ${b.plate}` : ''}
      </p>
      {b.notes ? <p className="panel-message">{b.notes}</p> : null}
      {b.review !== 'none' ? (
        <p>
          <a href={panelPaths.reviews}>{REVIEW_TAGS[b.review]}</a>
        </p>
      ) : null}
      {asked ? (
        <p className="panel-notice" role="status">
          {reviewRequest.ready}{' '}
          <a className="button button-small button-whatsapp" href={asked.whatsapp} rel="noopener">
            {reviewRequest.open}
          </a>
        </p>
      ) : null}
      <div className="panel-actions">
        {b.status === 'pendiente' ? action('confirmar', 'Confirmar') : null}
        {open ? action('hecho', 'Hecho') : null}
        {open ? action('cancelar', 'Cancelar') : null}
        {b.status === 'hecho' && (b.review === 'none' || b.review === 'nueva') && !asked
          ? action('pedir-opinion', reviewRequest.button)
          : null}
        <a className="button button-small button-primary" href={b.whatsapp} rel="noopener">
          {b.status === 'cancelado' ? 'Avisarle por WhatsApp' : 'WhatsApp'}
        </a>
        {b.reminder ? (
          <a className="button button-small button-whatsapp" href={b.reminder} rel="noopener">
            {b.remindedAt ? 'Recordar otra vez por WhatsApp' : 'Recordar por WhatsApp'}
          </a>
        ) : null}
      </div>
    </li>
  );
}

function DayControls({ day: d, usual }: { day: AgendaDay; usual: Usual }) {
  const toggle = (window: string, closed: boolean, label: string) => (
    <PanelForm key={window} action={panelPaths.bookings} className="panel-inline-form">
      <Hidden day={d.day} view="dia" />
      <input type="hidden" name="horario" value={window} />
      <input type="hidden" name="accion" value={closed ? 'abrir' : 'cerrar'} />
      <button type="submit" className="button button-small button-outline">
        {label}
      </button>
    </PanelForm>
  );
  return (
    <section aria-labelledby={`control-${d.day}`}>
      <h3 id={`control-${d.day}`}>Cerrar y lugares</h3>
      <p>
        Cerrar acá cierra los turnos de este día solamente (por ejemplo, si surge algo). Para
        feriados de Jujuy, puentes y vacaciones usá{' '}
        <a href={sectionPath('closedDays')}>Datos del negocio, Feriados y días sin atención</a>:
        quedan publicados y el sitio los respeta.
      </p>
      <div className="panel-actions">
        {toggle('dia', d.closed, d.closed ? 'Abrir el día' : 'Cerrar el día')}
        {d.windows.map((w) =>
          toggle(
            w.window.id,
            w.closed,
            `${w.closed ? 'Abrir' : 'Cerrar'} la ${w.window.name.toLowerCase()}`,
          ),
        )}
      </div>
      {PLACES_OF_WORK.map((place) => (
        <PanelForm key={place} action={panelPaths.bookings} className="panel-search">
          <Hidden day={d.day} view="dia" />
          <input type="hidden" name="accion" value="lugares" />
          <input type="hidden" name="lugar" value={place} />
          <p>
            <label htmlFor={`lugares-${place}`}>
              Lugares por horario, {placeNames[place].toLowerCase()} (siempre {usual[place]})
            </label>
            <input
              id={`lugares-${place}`}
              name="cantidad"
              type="number"
              min={0}
              max={50}
              inputMode="numeric"
              defaultValue={d.placesChanged[place] ?? ''}
            />
          </p>
          <button type="submit" className="button button-small button-outline">
            Guardar
          </button>
        </PanelForm>
      ))}
    </section>
  );
}
