/**
 * The booking calendar's rules, pure: which days are working days, which windows a day has,
 * and the earliest day a visitor may book given the glass's availability. Days are ISO
 * calendar dates in Jujuy (catalogue/validity.ts). What decides them (`BookingRules`): the
 * published hours, closed days and places (the owner's facts), Argentina's national holidays,
 * and the days and windows the owner closed in the agenda (the store).
 */
import type { Availability } from '../../catalogue/schema.ts';
import { addDays, shopDate, type IsoDate } from '../../catalogue/validity.ts';
import {
  BOOKING_HORIZON_DAYS,
  windowsOfWeekday,
  type BookingWindow,
  type PlaceOfWork,
  type WindowId,
} from '../content/booking.ts';
import type { Week } from '../content/hours.ts';
import type { ClosedDay, ShopFacts } from '../facts/types.ts';
import { nationalHolidayName } from './holidays.ts';
import { weekdayOf } from './days.ts';

/** Days and windows the owner closed (from the panel). */
export type Closures = {
  readonly days: ReadonlySet<IsoDate>;
  /** `2026-12-01/tarde` */
  readonly windows: ReadonlySet<string>;
};

export const NO_CLOSURES: Closures = { days: new Set(), windows: new Set() };

/** Everything that decides which windows open: the published facts and the agenda's closures. */
export type BookingRules = {
  /** The published opening hours: each slot is a window. */
  readonly hours: Week;
  /** The owner's closed days (Jujuy's, bridge days, vacations), by date. */
  readonly closedDays: ReadonlyMap<IsoDate, string>;
  /** Places per window when the agenda does not say otherwise for that day. */
  readonly places: Readonly<Record<PlaceOfWork, number>>;
  readonly closures: Closures;
};

const closedDayMaps = new WeakMap<readonly ClosedDay[], ReadonlyMap<IsoDate, string>>();

/** The rules of the published facts with the agenda's closures (the closed days' map is made once per version). */
export function bookingRules(
  facts: Pick<ShopFacts, 'hours' | 'closedDays' | 'booking'>,
  closures: Closures = NO_CLOSURES,
): BookingRules {
  let closedDays = closedDayMaps.get(facts.closedDays);
  if (!closedDays) {
    closedDays = new Map(facts.closedDays.map((d) => [d.date, d.name]));
    closedDayMaps.set(facts.closedDays, closedDays);
  }
  return { hours: facts.hours, closedDays, places: facts.booking.placesPerWindow, closures };
}

export const closureKey = (day: IsoDate, window: WindowId) => `${day}/${window}`;

/** Argentina keeps UTC-3 all year (no daylight saving since 2009). */
export const SHOP_UTC_OFFSET = '-03:00';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `2026-12-01` when it is a real calendar date, else undefined. */
export function parseDay(text: string): IsoDate | undefined {
  if (!ISO_DAY.test(text)) return undefined;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text
    ? text
    : undefined;
}

/** Why the shop is closed that whole day, or undefined when it opens. */
export function closedReason(day: IsoDate, rules: BookingRules): string | undefined {
  if (windowsOfWeekday(rules.hours, weekdayOf(day)).length === 0) return 'Ese día no abrimos.';
  const holiday = nationalHolidayName(day);
  if (holiday) return `Ese día es feriado (${holiday}).`;
  const closed = rules.closedDays.get(day);
  if (closed) return `Ese día no atendemos (${closed}).`;
  if (rules.closures.days.has(day)) return 'Ese día el taller está cerrado.';
  return undefined;
}

export function isWorkingDay(day: IsoDate, rules: BookingRules): boolean {
  return closedReason(day, rules) === undefined;
}

/** The windows open for booking that day (none on a closed day). */
export function windowsOf(day: IsoDate, rules: BookingRules): BookingWindow[] {
  if (!isWorkingDay(day, rules)) return [];
  return windowsOfWeekday(rules.hours, weekdayOf(day)).filter(
    (window) => !rules.closures.windows.has(closureKey(day, window.id)),
  );
}

/** How far a search for working days goes: a shop shut for longer has no bookable day. */
const MAX_SEARCH_DAYS = 400;

/** The `n`th working day after `day` (`day` itself does not count). */
export function nthWorkingDayAfter(day: IsoDate, n: number, rules: BookingRules) {
  let current = day;
  for (let found = 0, looked = 0; found < n && looked < MAX_SEARCH_DAYS; looked += 1) {
    current = addDays(current, 1);
    if (isWorkingDay(current, rules)) found += 1;
  }
  return current;
}

export type Earliest = {
  readonly day: IsoDate;
  /** The glass's arrival is unknown ("a pedido" without days): the owner confirms the booking. */
  readonly request: boolean;
};

/**
 * The first day a visitor may book: the next working day; for a glass ordered in N days, the
 * Nth working day after today. Today is the calendar day in Jujuy.
 */
export function earliestDay(
  now: Date,
  availability: Availability | undefined,
  rules: BookingRules,
): Earliest {
  const today = shopDate(now);
  const days = availability?.tipo === 'pedido' && availability.dias ? availability.dias : 1;
  return {
    day: nthWorkingDayAfter(today, days, rules),
    request: availability?.tipo === 'pedido' && !availability.dias,
  };
}

/** The last day the calendar offers. */
export function lastBookableDay(now: Date, earliest: IsoDate): IsoDate {
  const horizon = addDays(shopDate(now), BOOKING_HORIZON_DAYS);
  return horizon > earliest ? horizon : addDays(earliest, BOOKING_HORIZON_DAYS);
}

/** The working days from `first` to `last`, both included. */
export function workingDaysBetween(first: IsoDate, last: IsoDate, rules: BookingRules): IsoDate[] {
  const days: IsoDate[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    if (isWorkingDay(day, rules)) days.push(day);
  }
  return days;
}

/** Why `day` cannot be booked, in Spanish, or undefined when it can. */
export function dayProblem(
  day: IsoDate,
  now: Date,
  earliest: IsoDate,
  rules: BookingRules,
): string | undefined {
  if (day <= shopDate(now)) return 'Ese día ya pasó: elegí uno desde mañana.';
  if (day < earliest) return 'Para ese cristal el primer día posible es más adelante.';
  if (day > lastBookableDay(now, earliest)) return 'Todavía no damos turnos para ese día.';
  return closedReason(day, rules);
}

/** The window's start and end as instants (UTC). */
export function windowInstants(day: IsoDate, window: BookingWindow): { start: Date; end: Date } {
  return {
    start: new Date(`${day}T${window.opens}:00${SHOP_UTC_OFFSET}`),
    end: new Date(`${day}T${window.closes}:00${SHOP_UTC_OFFSET}`),
  };
}
