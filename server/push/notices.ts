/**
 * What a notification says. A locked phone shows it to anyone near: it tells what happened and
 * when, never who (no name, phone, e-mail, plate, message or review text). The url is the panel
 * page that shows the thing. Urgency, expiry and Topic as docs/decisions/2026-12-04-web-push.md.
 */
import type { IsoDate } from '../../catalogue/validity.ts';
import { weekdayOf } from '../../client/booking/days.ts';
import { jobNames, windowName } from '../../client/content/booking.ts';
import { panelPaths, queryParams } from '../../client/paths.ts';
import type { PushEvent } from '../../store/push.ts';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

const WEEKDAYS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];

/** `2026-12-10` -> "jueves 10/12". */
export function shortDay(day: IsoDate): string {
  const [, month = 1, date = 1] = day.split('-').map(Number);
  return `${WEEKDAYS[weekdayOf(day)]} ${date}/${month}`;
}

/** What a booking's notification may say about it: no customer data in this type. */
export type BookingFacts = {
  readonly day: IsoDate;
  readonly slot: string;
  readonly place: string;
  /** At home: the locality (a place, not a person). */
  readonly locality: string | undefined;
  readonly job: string;
  /** The car as the catalogue names it ("Toyota Hilux"). */
  readonly carName: string | undefined;
};

function jobName(job: string): string {
  const entry = Object.entries(jobNames).find(([key]) => key === job);
  return entry ? entry[1] : 'Trabajo';
}

function bookingLine(b: BookingFacts): string {
  const window = windowName(b.slot === 'tarde' ? 'tarde' : 'manana').toLowerCase();
  const where =
    b.place === 'domicilio'
      ? `a domicilio${b.locality ? ` en ${b.locality}` : ''}`
      : 'en el taller';
  const what = [jobName(b.job), b.carName].filter(Boolean).join(', ');
  return `${shortDay(b.day)}, ${window}, ${where}. ${what}.`;
}

function agendaUrl(day: IsoDate): string {
  return `${panelPaths.bookings}?${new URLSearchParams({ [queryParams.agendaDay]: day, [queryParams.agendaView]: 'dia' }).toString()}`;
}

export function newBookingPush(b: BookingFacts, at: Date): PushEvent {
  return {
    kind: 'turnos',
    title: 'Turno nuevo',
    body: `Turno nuevo: ${bookingLine(b)}`,
    url: agendaUrl(b.day),
    urgency: 'high',
    createdAt: at,
    expiresAt: new Date(at.getTime() + DAY_MS),
  };
}

export function cancelledBookingPush(b: BookingFacts, at: Date): PushEvent {
  return {
    kind: 'turnos',
    title: 'Turno cancelado',
    body: `Turno cancelado: ${bookingLine(b)}`,
    url: agendaUrl(b.day),
    urgency: 'high',
    createdAt: at,
    expiresAt: new Date(at.getTime() + DAY_MS),
  };
}

/** A quote asked for on the site: its number and item (a glass and a car), no name or plate. */
export function newQuotePush(quote: { number: string; item: string }, at: Date): PushEvent {
  return {
    kind: 'presupuestos',
    title: 'Presupuesto nuevo',
    body: `Presupuesto ${quote.number}: ${quote.item}.`,
    url: `${panelPaths.quotes}?${new URLSearchParams({ q: quote.number }).toString()}`,
    urgency: 'normal',
    createdAt: at,
    expiresAt: new Date(at.getTime() + 2 * DAY_MS),
  };
}

export function newMessagePush(at: Date): PushEvent {
  return {
    kind: 'mensajes',
    title: 'Mensaje nuevo',
    body: 'Llegó un mensaje desde la web. Abrilo en el panel para leerlo.',
    url: panelPaths.messages,
    urgency: 'normal',
    createdAt: at,
    expiresAt: new Date(at.getTime() + 2 * DAY_MS),
  };
}

/** A review waiting for moderation: its stars and job, never its text or author. */
export function newReviewPush(review: { stars: number; job: string }, at: Date): PushEvent {
  const stars = review.stars === 1 ? '1 estrella' : `${review.stars} estrellas`;
  return {
    kind: 'opiniones',
    title: 'Opinión para revisar',
    body: `Opinión nueva para revisar: ${stars}, ${jobName(review.job).toLowerCase()}.`,
    url: panelPaths.reviews,
    urgency: 'normal',
    createdAt: at,
    expiresAt: new Date(at.getTime() + 3 * DAY_MS),
  };
}

export function testPush(at: Date): PushEvent {
  return {
    kind: 'turnos',
    title: 'Prueba de avisos',
    body: 'Los avisos llegan a este dispositivo.',
    url: '/panel/avisos',
    urgency: 'normal',
    createdAt: at,
    expiresAt: new Date(at.getTime() + HOUR_MS),
  };
}
