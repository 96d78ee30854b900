/** The owner's agenda of bookings (`/panel/turnos`), implemented by server/bookings/agenda.ts. */
import type { IsoDate } from '../../catalogue/validity.ts';
import type { BookingView } from '../booking/types.ts';
import type { BookingReviewStatus } from '../reviews/types.ts';
import type { BookingWindow, PlaceOfWork, WindowId } from '../content/booking.ts';

export type AgendaBooking = BookingView & {
  /** WhatsApp to the customer, prefilled: a hello, or the cancellation. */
  readonly whatsapp: string;
  /** Where the job's review stands (a done job may be asked for one). */
  readonly review: BookingReviewStatus;
  /** Where, as people read it ("En el taller (Av. Fascio 1250, …)", "A domicilio en Perico"). */
  readonly where: string;
  /**
   * "Recordar por WhatsApp": the panel's redirect that marks it reminded (today's and
   * tomorrow's bookings that hold a place); undefined otherwise.
   */
  readonly reminder: string | undefined;
};

/** A review link made for a done job: the link, and WhatsApp to the customer with it. */
export type ReviewRequest = { readonly url: string; readonly whatsapp: string };

export type AgendaWindow = {
  readonly window: BookingWindow;
  readonly closed: boolean;
  /** Places and places taken, per place of work. */
  readonly places: Readonly<
    Record<PlaceOfWork, { readonly places: number; readonly taken: number }>
  >;
};

export type AgendaDay = {
  readonly day: IsoDate;
  /** The shop does not open (Sunday) or a holiday: its name. */
  readonly holiday: string | undefined;
  /** The owner's published closed day (Datos del negocio: Jujuy's days, bridge days, vacations): its name. */
  readonly closedDay: string | undefined;
  /** The owner closed the whole day for bookings in the agenda. */
  readonly closed: boolean;
  /** The day is not worked but keeps bookings (made before it was closed): what to do. */
  readonly warning: string | undefined;
  /** The owner's places for this day, where changed. */
  readonly placesChanged: Readonly<Partial<Record<PlaceOfWork, number>>>;
  readonly windows: readonly AgendaWindow[];
  readonly bookings: readonly AgendaBooking[];
};

export interface Agenda {
  /** Every day from `from` to `to` with its windows and bookings (cancelled ones too). */
  days(from: IsoDate, to: IsoDate): Promise<AgendaDay[]>;
  find(id: string): Promise<BookingView | undefined>;
  /** Confirmar / Hecho: false when the booking is cancelled or done already. */
  setStatus(id: string, status: 'confirmado' | 'hecho'): Promise<boolean>;
  /** Cancelar: frees the place at once. */
  cancel(id: string): Promise<boolean>;
  /** Closes or reopens a whole day, or one window of it. */
  setClosed(day: IsoDate, window: WindowId | 'dia', closed: boolean): Promise<void>;
  /** A day's places at a place of work; undefined: back to the usual. */
  setPlaces(day: IsoDate, place: PlaceOfWork, places: number | undefined): Promise<void>;
  /**
   * "Pedir opinión por WhatsApp": a new review link for a done booking whose review is not yet
   * published or refused; undefined otherwise.
   */
  askForReview(id: string): Promise<ReviewRequest | undefined>;
  /** The calendar feed's address, if one was made. */
  feedUrl(): Promise<string | undefined>;
  /** A new feed address; the old one stops working. */
  renewFeed(): Promise<string>;
}
