/**
 * What the booking form and the private link do with the database: the calendar with places
 * left, booking (the place is taken atomically in store/bookings.ts), the private link's
 * view, change and cancel. Each new booking is committed with its e-mail to the owner in the
 * contact outbox; `onStored` wakes the delivery worker.
 */
import { randomUUID } from 'node:crypto';
import { NO_CLOSURES, SHOP_UTC_OFFSET, windowInstants } from '../../client/booking/calendar.ts';
import { calendarOf } from '../../client/booking/availability.ts';
import type { BookingService, BookingStatusName, BookingView } from '../../client/booking/types.ts';
import { bookingLines, customerWhatsappLink } from '../../client/booking/whatsapp.ts';
import {
  PLACES_OF_WORK,
  jobNames,
  windowName,
  type BookingWindow,
  type PlaceOfWork,
} from '../../client/content/booking.ts';
import type { ShopFacts } from '../../client/facts/types.ts';
import { WHOLE_DAY, type Booking, type BookingStore } from '../../store/bookings.ts';
import { SHOP_TIME_ZONE } from '../../catalogue/validity.ts';
import type { Logger } from '../logger.ts';
import type { IsoDate } from '../../catalogue/validity.ts';
import type { PlacesSnapshot, PlacesView } from './places-view.ts';
import { hashToken, newToken, TOKEN_PATTERN } from './tokens.ts';
import { cancelledBookingPush, newBookingPush, type BookingFacts } from '../push/notices.ts';

const HOUR_MS = 60 * 60_000;

/** Bookings the whole site takes per hour: beyond it the form points to WhatsApp. */
export const BOOKINGS_MAX_PER_HOUR = 60;

export type BookingServiceOptions = {
  readonly store: BookingStore;
  /** The places in memory (places-view.ts): the calendar is read there, not per request. */
  readonly places: PlacesView;
  readonly logger: Logger;
  readonly now: () => Date;
  /** The published facts: places per window, the shop's name and address in the e-mail. */
  readonly facts: () => ShopFacts;
  readonly onStored?: () => void;
  readonly maxPerHour?: number;
};

export function createBookingService(options: BookingServiceOptions): BookingService {
  const { store, places, logger, now, facts } = options;

  /** The rows from `from` to `to`: from the view when it covers them, else from the database. */
  async function rowsBetween(from: IsoDate, to: IsoDate): Promise<Omit<PlacesSnapshot, 'since'>> {
    const view = await places.current();
    if (from >= view.since) {
      const within = (row: { day: string }) => row.day >= from && row.day <= to;
      return {
        closures: view.closures.filter(within),
        taken: view.taken.filter(within),
        dayPlaces: view.dayPlaces.filter(within),
      };
    }
    const [closures, taken, dayPlaces] = await Promise.all([
      store.closuresBetween(from, to),
      store.takenBetween(from, to),
      store.dayPlacesBetween(from, to),
    ]);
    return { closures, taken, dayPlaces };
  }
  const maxPerHour = options.maxPerHour ?? BOOKINGS_MAX_PER_HOUR;

  async function findStored(token: string): Promise<Booking | undefined> {
    if (!TOKEN_PATTERN.test(token)) return undefined;
    return store.findByManageHash(hashToken(token));
  }

  return {
    newToken,

    async closures(from, to) {
      const rows = (await rowsBetween(from, to)).closures;
      if (rows.length === 0) return NO_CLOSURES;
      return {
        days: new Set(rows.filter((r) => r.slot === WHOLE_DAY).map((r) => r.day)),
        windows: new Set(rows.filter((r) => r.slot !== WHOLE_DAY).map((r) => `${r.day}/${r.slot}`)),
      };
    },

    async calendar(place, from, to, rules) {
      const { taken, dayPlaces } = await rowsBetween(from, to);
      return calendarOf(place, from, to, rules, {
        taken: new Map(
          taken.filter((t) => t.place === place).map((t) => [`${t.day}/${t.slot}`, t.taken]),
        ),
        dayPlaces: new Map(
          dayPlaces.filter((d) => d.place === place).map((d) => [d.day, d.places]),
        ),
      });
    },

    async book(request) {
      const created = now();
      try {
        if ((await store.countCreatedSince(new Date(created.getTime() - HOUR_MS))) >= maxPerHour) {
          logger.warn(
            { maxPerHour },
            'bookings: the hourly ceiling is reached; the form points to WhatsApp',
          );
          return { status: 'busy' };
        }
        const hash = hashToken(request.token);
        const { start, end } = windowInstants(request.day, request.window);
        const booking = {
          id: randomUUID(),
          formToken: hash,
          manageTokenHash: hash,
          createdAt: created.toISOString(),
          day: request.day,
          slot: request.window.id,
          place: request.place,
          startsAt: start.toISOString(),
          endsAt: end.toISOString(),
          locality: request.locality,
          job: request.job,
          glass: request.glass,
          car: request.car,
          availability: request.availability,
          awaitsGlass: request.awaitsGlass,
          name: request.name,
          phone: request.phone,
          plate: request.plate,
          notes: request.notes,
          quoteNumber: undefined,
        };
        const view = toView({
          ...booking,
          status: 'pendiente',
          updatedAt: booking.createdAt,
          remindedAt: undefined,
        });
        const published = facts();
        const outcome = await store.book(
          booking,
          published.booking.placesPerWindow[request.place],
          { text: ownerNotice(view, published), push: newBookingPush(pushFacts(booking), created) },
        );
        if (outcome.status === 'booked') {
          logger.info(
            { id: booking.id, day: request.day, window: request.window.id },
            'bookings: booked',
          );
          options.onStored?.();
        }
        if (outcome.status === 'booked' || outcome.status === 'repeat')
          return { status: 'booked', token: request.token };
        // The window filled or closed meanwhile, maybe on another instance: read the places
        // again before the 409 page offers others.
        places.changed();
        return outcome;
      } catch (error) {
        logger.error({ err: error }, 'bookings: could not be stored');
        return { status: 'unavailable' };
      }
    },

    async find(token) {
      const booking = await findStored(token);
      return booking ? toView(booking) : undefined;
    },

    async cancel(token) {
      const booking = await findStored(token);
      if (!booking) return false;
      const at = now();
      const cancelled = await store.cancel(
        booking.id,
        at,
        cancelledBookingPush(pushFacts(booking), at),
      );
      if (cancelled) logger.info({ id: booking.id }, 'bookings: cancelled by the visitor');
      return cancelled;
    },

    async move(token, day, window) {
      const booking = await findStored(token);
      if (!booking) return 'gone';
      const { start, end } = windowInstants(day, window);
      const place = PLACES_OF_WORK.find((p) => p === booking.place) ?? 'taller';
      const moved = await store.move(
        booking.id,
        { day, slot: window.id, startsAt: start.toISOString(), endsAt: end.toISOString() },
        facts().booking.placesPerWindow[place],
        now(),
      );
      if (moved === 'full' || moved === 'closed') places.changed();
      return moved;
    },
  };
}

/** What a notification may say about a booking (server/push/notices.ts): nothing about who. */
function pushFacts(
  b: Pick<Booking, 'day' | 'slot' | 'place' | 'locality' | 'job' | 'car'>,
): BookingFacts {
  return {
    day: b.day,
    slot: b.slot,
    place: b.place,
    locality: b.locality,
    job: b.job,
    carName: b.car?.name,
  };
}

const isPlace = (v: string): v is PlaceOfWork => PLACES_OF_WORK.some((p) => p === v);
const isStatus = (v: string): v is BookingStatusName =>
  ['pendiente', 'confirmado', 'hecho', 'cancelado'].includes(v);

const shopClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * The window a stored booking names, with the times it was booked for: hours published later
 * do not move a booking already made.
 */
function windowOf(b: Pick<Booking, 'slot' | 'startsAt' | 'endsAt'>): BookingWindow {
  const id = b.slot === 'tarde' ? 'tarde' : 'manana';
  return {
    id,
    name: windowName(id),
    opens: shopClock.format(new Date(b.startsAt)),
    closes: shopClock.format(new Date(b.endsAt)),
  };
}

export function toView(b: Booking): BookingView {
  const job = Object.entries(jobNames).find(([key]) => key === b.job);
  return {
    id: b.id,
    status: isStatus(b.status) ? b.status : 'pendiente',
    day: b.day,
    window: windowOf(b),
    place: isPlace(b.place) ? b.place : 'taller',
    locality: b.locality,
    jobName: job ? job[1] : b.job,
    glass: b.glass,
    car: b.car,
    availability: b.availability,
    awaitsGlass: b.awaitsGlass,
    name: b.name,
    phone: b.phone,
    plate: b.plate,
    notes: b.notes,
    quoteNumber: b.quoteNumber,
    remindedAt: b.remindedAt,
    startsAt: b.startsAt,
    endsAt: b.endsAt,
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
  };
}

/** The owner's e-mail: the details, and a WhatsApp link to the customer. */
export function ownerNotice(view: BookingView, facts: ShopFacts): string {
  return [
    'Turno nuevo pedido desde la web.',
    ...(view.awaitsGlass
      ? ['El cristal es a pedido sin fecha: confirmale el turno al cliente cuando sepas que llega.']
      : []),
    '',
    ...bookingLines(view, facts),
    `Teléfono: ${view.phone}`,
    ...(view.availability ? [`Disponibilidad del cristal: ${view.availability}`] : []),
    ...(view.notes ? ['', 'Notas del cliente:', view.notes] : []),
    '',
    `Escribirle por WhatsApp: ${customerWhatsappLink(view.phone, `Hola ${view.name}, te escribimos de ${facts.contact.name} por tu turno.`)}`,
    `(Hora de Jujuy, UTC${SHOP_UTC_OFFSET})`,
  ].join('\n');
}
