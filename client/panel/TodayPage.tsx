/**
 * Hoy (`/panel/hoy`, where the panel opens): today's and tomorrow's bookings by window, each
 * with its state, one tap to it in the agenda and "Recordar por WhatsApp"; then what waits
 * (new messages, quotes of the last days without a booking, reviews to check) and the backup
 * line. The counts come from the layout's loader (client/panel/waiting.ts), as the nav's do.
 */
import { useLoaderData, useRouteLoaderData } from 'react-router-dom';
import { formatARS } from '../../catalogue/money.ts';
import { addDays, shopDate, type IsoDate } from '../../catalogue/validity.ts';
import type { AppLoaderArgs } from '../app-context.ts';
import { dayLong, windowHours } from '../booking/days.ts';
import { BOOKING_STATUS_NAMES } from '../booking/types.ts';
import { WINDOW_IDS } from '../content/booking.ts';
import { panelPaths, queryParams } from '../paths.ts';
import type { AgendaBooking, AgendaDay } from './agenda-types.ts';
import { agendaBookingPath, agendaPath } from './agenda-links.ts';
import { BackupLine } from './BackupLine.tsx';
import { DayNotices } from './DayNotices.tsx';
import { requirePanel } from './context.ts';
import { formatWhen } from './format.ts';
import type { privateLoader } from './layout-loaders.ts';
import { PanelMeta } from './PanelMeta.tsx';
import { WAITING_QUOTE_DAYS, waitingQuotesSince } from './waiting.ts';

/** Hoy lists at most this many waiting quotes; the rest are one tap away. */
const QUOTES_SHOWN = 5;

export async function todayLoader({ context }: AppLoaderArgs) {
  const { agenda, quotes, backups } = requirePanel(context).services;
  const today = shopDate(context.now);
  const [days, waitingQuotes] = await Promise.all([
    agenda.days(today, addDays(today, 1)),
    quotes.waiting(waitingQuotesSince(context.now), QUOTES_SHOWN),
  ]);
  return {
    days,
    quotes: waitingQuotes.quotes,
    backup: backups.status(),
    now: context.now.toISOString(),
  };
}

export function TodayPage() {
  const { days, quotes, backup, now } = useLoaderData<typeof todayLoader>();
  const layout = useRouteLoaderData<typeof privateLoader>('panel-private');
  const waiting = layout?.waiting ?? { messages: 0, quotes: 0, reviews: 0 };
  const [today, tomorrow] = days;
  return (
    <>
      <PanelMeta title="Hoy" />
      <h1>Hoy</h1>
      {today ? <DaySection day={today} label="Hoy" /> : null}
      {tomorrow ? <DaySection day={tomorrow} label="Mañana" /> : null}
      <section aria-labelledby="espera" className="panel-card">
        <h2 id="espera">Qué espera</h2>
        <ul className="panel-waiting">
          <li>
            <a href={panelPaths.messages}>
              {waiting.messages === 0
                ? 'No hay mensajes nuevos.'
                : `${waiting.messages} mensaje${waiting.messages === 1 ? '' : 's'} sin leer`}
            </a>
          </li>
          <li>
            <a href={panelPaths.quotes}>
              {waiting.quotes === 0
                ? `No hay presupuestos de los últimos ${WAITING_QUOTE_DAYS} días sin turno.`
                : `${waiting.quotes} presupuesto${waiting.quotes === 1 ? '' : 's'} de los últimos ${WAITING_QUOTE_DAYS} días sin turno`}
            </a>
            {quotes.length > 0 ? (
              <ul>
                {quotes.map((q) => (
                  <li key={q.number}>
                    {formatWhen(q.createdAt)} · {q.item.split(' · ')[0]} · {formatARS(q.total)} ·{' '}
                    <a
                      href={`${panelPaths.quoteBooking}?${new URLSearchParams({ [queryParams.quoteNumber]: q.number })}`}
                    >
                      {`Pasar a turno ${q.number}`}
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
          <li>
            <a href={panelPaths.reviews}>
              {waiting.reviews === 0
                ? 'No hay opiniones para revisar.'
                : `${waiting.reviews} opini${waiting.reviews === 1 ? 'ón' : 'ones'} para revisar`}
            </a>
          </li>
        </ul>
        <BackupLine status={backup} now={now} />
      </section>
    </>
  );
}

/** A day's bookings by window, cancelled ones too (marked, with no reminder). */
function DaySection({ day: d, label }: { day: AgendaDay; label: 'Hoy' | 'Mañana' }) {
  const id = `dia-${d.day}`;
  return (
    <section aria-labelledby={id} className="panel-card panel-today-day">
      <h2 id={id}>
        <a href={agendaPath(d.day, 'dia')}>{`${label}, ${dayLong(d.day)}`}</a>
      </h2>
      <DayNotices day={d} />
      {d.bookings.length === 0 ? (
        <p>{`${label} no hay turnos.`}</p>
      ) : (
        WINDOW_IDS.map((windowId) => {
          const bookings = d.bookings.filter((b) => b.window.id === windowId);
          const first = bookings[0];
          if (!first) return null;
          return (
            <div key={windowId}>
              <h3>{`Por la ${first.window.name.toLowerCase()} (${windowHours(first.window)})`}</h3>
              <ul className="panel-list">
                {bookings.map((b) => (
                  <TodayBooking key={b.id} booking={b} day={d.day} />
                ))}
              </ul>
            </div>
          );
        })
      )}
    </section>
  );
}

function TodayBooking({ booking: b, day }: { booking: AgendaBooking; day: IsoDate }) {
  const open = b.status === 'pendiente' || b.status === 'confirmado';
  return (
    <li className="panel-today-booking">
      <p>
        <a href={agendaBookingPath(day, b.id)}>{b.name}</a>{' '}
        <span className={b.status === 'cancelado' ? 'panel-tag panel-tag-failed' : 'panel-tag'}>
          {BOOKING_STATUS_NAMES[b.status]}
        </span>
        {b.remindedAt && open ? (
          <>
            {' '}
            <span className="panel-tag">Recordado</span>
          </>
        ) : null}
      </p>
      <p>
        {b.jobName}
        {b.glass ? ` · ${b.glass}` : ''} · {b.where}
      </p>
      {b.reminder && open ? (
        <p>
          <a className="button button-small button-whatsapp" href={b.reminder} rel="noopener">
            {b.remindedAt ? 'Recordar otra vez por WhatsApp' : 'Recordar por WhatsApp'}
          </a>
        </p>
      ) : null}
    </li>
  );
}
