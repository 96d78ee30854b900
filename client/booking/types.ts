/**
 * The booking form's shapes, shared by the page, its route action and the server's booking
 * service (which implements BookingService; see server/bookings/).
 */
import type { IsoDate } from '../../catalogue/validity.ts';
import type { BookingJob, BookingWindow, PlaceOfWork, WindowId } from '../content/booking.ts';
import type { BookingRules, Closures } from './calendar.ts';
import { queryParams } from '../paths.ts';

export const BOOKING_FIELDS = queryParams.booking;
export type BookingField = keyof typeof BOOKING_FIELDS;
export const BOOKING_FIELD_KEYS = [
  'job',
  'brand',
  'model',
  'version',
  'place',
  'locality',
  'from',
  'window',
  'name',
  'phone',
  'plate',
  'notes',
  'token',
] as const satisfies readonly BookingField[];

/** The form as sent: every field as a string ('' when missing). */
export type BookingValues = Readonly<Record<BookingField, string>>;
export type BookingErrors = Readonly<Partial<Record<BookingField, string>>>;

export const BOOKING_LIMITS = { name: 100, phone: 40, plate: 12, notes: 500 } as const;

export type WindowAvailability = {
  readonly window: BookingWindow;
  readonly places: number;
  readonly left: number;
};
export type DayAvailability = {
  readonly day: IsoDate;
  readonly windows: readonly WindowAvailability[];
};

/** The car of a glass job, as the catalogue names it (a review of the job shows on its page). */
export type BookingCar = {
  /** "Peugeot 208" */
  readonly name: string;
  readonly brandSlug: string;
  readonly modelSlug: string;
};

/** A valid booking, ready to be stored. */
export type BookingRequest = {
  /** The form's one-time token; it also becomes the booking's private link. */
  readonly token: string;
  readonly day: IsoDate;
  readonly window: BookingWindow;
  readonly place: PlaceOfWork;
  readonly locality: string | undefined;
  readonly job: BookingJob;
  /** "Parabrisas Peugeot 208 · 2019 a 2023 · Con sensor de lluvia" */
  readonly glass: string | undefined;
  /** The glass's car (glass jobs only). */
  readonly car: BookingCar | undefined;
  readonly availability: string | undefined;
  readonly awaitsGlass: boolean;
  readonly name: string;
  /** E.164 */
  readonly phone: string;
  readonly plate: string | undefined;
  readonly notes: string | undefined;
};

export const BOOKING_STATUS_NAMES = {
  pendiente: 'Pendiente',
  confirmado: 'Confirmado',
  hecho: 'Hecho',
  cancelado: 'Cancelado',
} as const;
export type BookingStatusName = keyof typeof BOOKING_STATUS_NAMES;

/** A stored booking as the pages, the e-mail and the calendars show it. */
export type BookingView = Omit<BookingRequest, 'token' | 'job'> & {
  readonly id: string;
  readonly status: BookingStatusName;
  /** "Cambio de parabrisas" */
  readonly jobName: string;
  /** Made from an insurance quote in the panel: its number. */
  readonly quoteNumber: string | undefined;
  /** When the shop last reminded the customer by WhatsApp (the panel's "Recordado"). */
  readonly remindedAt?: string | undefined;
  readonly startsAt: string;
  readonly endsAt: string;
  readonly createdAt: string;
  readonly updatedAt: string;
};

export type BookOutcome =
  /** Stored (or the same form again): the private link's token. */
  | { readonly status: 'booked'; readonly token: string }
  /** The last place was taken meanwhile. */
  | { readonly status: 'full' }
  /** The owner closed the day or window meanwhile. */
  | { readonly status: 'closed' }
  /** The site took as many bookings this hour as it accepts. */
  | { readonly status: 'busy' }
  /** The database failed. */
  | { readonly status: 'unavailable' };

export type MoveOutcome = 'moved' | 'full' | 'closed' | 'gone';

export interface BookingService {
  /** A fresh one-time token for a form. */
  newToken(): string;
  closures(from: IsoDate, to: IsoDate): Promise<Closures>;
  /** The working days from `from` to `to` with each window's places left at `place`. */
  calendar(
    place: PlaceOfWork,
    from: IsoDate,
    to: IsoDate,
    rules: BookingRules,
  ): Promise<DayAvailability[]>;
  book(request: BookingRequest): Promise<BookOutcome>;
  /** The booking its private link names, or undefined. */
  find(token: string): Promise<BookingView | undefined>;
  cancel(token: string): Promise<boolean>;
  move(token: string, day: IsoDate, window: BookingWindow): Promise<MoveOutcome>;
}

/** `2026-12-01/manana` -> day and window id (the radio buttons' value). */
export function parseWindowChoice(
  value: string,
): { readonly day: string; readonly window: WindowId } | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})\/(manana|tarde)$/.exec(value);
  if (!match?.[1]) return undefined;
  return { day: match[1], window: match[2] === 'tarde' ? 'tarde' : 'manana' };
}

export const windowChoice = (day: string, window: WindowId) => `${day}/${window}`;
