/**
 * Tomorrow's agenda at the hour each device chose (Jujuy time, on the hour or half hour):
 * every minute, the half hour now running is looked up, and the devices that chose it get
 * the agenda of tomorrow, counted by window and place, naming nobody. The event's id is the
 * day and the half hour, unique per device in the outbox: any instance may run this, a
 * device gets it once, and a minute missed is caught by the next one in the same half hour.
 * It expires at midnight and carries the Topic `agenda`: a phone that was off gets the newest.
 * The people who chose it by e-mail get it the same way, once each (store/aviso-mail.ts).
 */
import type { IsoDate } from '../../catalogue/validity.ts';
import { SHOP_TIME_ZONE, addDays, shopDate } from '../../catalogue/validity.ts';
import { SHOP_UTC_OFFSET } from '../../client/booking/calendar.ts';
import { panelPaths, queryParams } from '../../client/paths.ts';
import type { Booking, BookingStore } from '../../store/bookings.ts';
import type { PushEvent, PushStore } from '../../store/push.ts';
import type { AvisoMailStore } from '../../store/aviso-mail.ts';
import type { Logger } from '../logger.ts';
import { shortDay } from './notices.ts';

const shopClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The half hour running in Jujuy at `at`: "19:00" from 19:00 to 19:29, "19:30" after. */
export function halfHourAt(at: Date): string {
  const [hour = '00', minute = '00'] = shopClock.format(at).split(':');
  return `${hour}:${Number(minute) < 30 ? '00' : '30'}`;
}

function count(bookings: readonly Booking[], slot: string): string | undefined {
  const of = bookings.filter((b) => b.slot === slot);
  if (of.length === 0) return undefined;
  const taller = of.filter((b) => b.place !== 'domicilio').length;
  const home = of.length - taller;
  const parts = [
    taller ? `${taller} en el taller` : undefined,
    home ? `${home} a domicilio` : undefined,
  ].filter(Boolean);
  return `${slot === 'tarde' ? 'tarde' : 'mañana'} ${parts.join(' y ')}`;
}

/** The agenda of `day` in words: how many bookings by window and place; no names. */
export function agendaPush(day: IsoDate, bookings: readonly Booking[], at: Date): PushEvent {
  const holding = bookings.filter((b) => b.status === 'pendiente' || b.status === 'confirmado');
  const windows = [count(holding, 'manana'), count(holding, 'tarde')].filter(Boolean);
  const total = holding.length;
  const body =
    total === 0
      ? `Mañana, ${shortDay(day)}, no hay turnos.`
      : `Mañana, ${shortDay(day)}: ${total === 1 ? '1 turno' : `${total} turnos`} (${windows.join('; ')}).`;
  return {
    kind: 'agenda',
    title: 'Agenda de mañana',
    body,
    url: `${panelPaths.bookings}?${new URLSearchParams({ [queryParams.agendaDay]: day, [queryParams.agendaView]: 'dia' }).toString()}`,
    urgency: 'normal',
    topic: 'agenda',
    createdAt: at,
    // Midnight in Jujuy, when "tomorrow" becomes today.
    expiresAt: new Date(`${day}T00:00:00${SHOP_UTC_OFFSET}`),
  };
}

export type AgendaPush = { tick(): Promise<number>; start(): void; stop(): void };

export function createAgendaPush(options: {
  readonly store: PushStore;
  /** The people who chose the agenda by e-mail (when this server can send e-mail). */
  readonly mail?: AvisoMailStore | undefined;
  readonly bookings: BookingStore;
  readonly now: () => Date;
  readonly logger: Logger;
  readonly onQueued: () => void;
  readonly everyMs?: number;
}): AgendaPush {
  const { store, bookings, now, logger } = options;
  let timer: NodeJS.Timeout | undefined;
  async function tick(): Promise<number> {
    const at = now();
    const hour = halfHourAt(at);
    const tomorrow = addDays(shopDate(at), 1);
    const event = agendaPush(tomorrow, await bookings.listBetween(tomorrow, tomorrow), at);
    const eventId = `agenda-${tomorrow}-${hour}`;
    const added =
      (await store.enqueueAgenda(eventId, hour, event)) +
      ((await options.mail?.enqueueAgenda(eventId, hour, event)) ?? 0);
    if (added > 0) options.onQueued();
    return added;
  }
  return {
    tick,
    start() {
      timer ??= setInterval(() => {
        tick().catch((error: unknown) =>
          logger.error({ err: error }, "push: tomorrow's agenda could not be queued"),
        );
      }, options.everyMs ?? 60_000);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
