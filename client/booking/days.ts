/**
 * Calendar days as people read them, with no holiday data (the booking island imports this:
 * the holidays library stays on the server).
 */
import type { IsoDate } from '../../catalogue/validity.ts';
import type { BookingWindow } from '../content/booking.ts';

/** 0 = Monday … 6 = Sunday, as business.hours counts. */
export function weekdayOf(day: IsoDate): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

const WEEKDAYS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];
const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** `2026-12-01` -> "martes 1 de diciembre" (the day in Jujuy; no time zone involved). */
export function dayLong(day: IsoDate): string {
  const [, month = 1, date = 1] = day.split('-').map(Number);
  return `${WEEKDAYS[weekdayOf(day)]} ${date} de ${MONTHS[month - 1]}`;
}

/** "9 a 13 h" */
export function windowHours(window: BookingWindow): string {
  const clock = (t: string) => t.replace(/^0/, '').replace(/:00$/, '');
  return `${clock(window.opens)} a ${clock(window.closes)} h`;
}

/** "martes 1 de diciembre, mañana (9 a 13 h)" */
export function whenLabel(day: IsoDate, window: BookingWindow): string {
  return `${dayLong(day)}, ${window.name.toLowerCase()} (${windowHours(window)})`;
}
