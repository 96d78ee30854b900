/**
 * What `/turnos` shows, for its loader (GET: the form and the days) and its action (POST: the
 * form again with messages, when it could not book). One function, so both show the same.
 */
import { addDays, shopDate, type IsoDate } from '../../catalogue/validity.ts';
import type { AppContext } from '../app-context.ts';
import type { BookingWindow } from '../content/booking.ts';
import type { Zone } from '../content/zones.ts';
import {
  bookingRules,
  earliestDay,
  lastBookableDay,
  parseDay,
  workingDaysBetween,
  type Earliest,
} from './calendar.ts';
import { askFirst, checkWhatAndWhere, type WhatAndWhere } from './form.ts';
import type { BookingErrors, BookingValues, DayAvailability } from './types.ts';

/** Working days per page of the calendar (about a week). */
export const DAYS_PER_PAGE = 6;

/** Why the form came back without booking, beyond the fields' own messages. */
export type BookingNotice = 'taken' | 'busy' | 'unavailable';

export type BookingPageData = {
  readonly values: BookingValues;
  readonly errors: BookingErrors;
  readonly notice: BookingNotice | undefined;
  /** What and where, when complete and valid: then the calendar and the rest of the form show. */
  readonly what: WhatAndWhere | undefined;
  readonly earliest: Earliest | undefined;
  readonly days: readonly DayAvailability[];
  /** The first day of the next and previous pages of the calendar. */
  readonly nextFrom: IsoDate | undefined;
  readonly previousFrom: IsoDate | undefined;
  /** After "taken": the next windows with places, to pick from. */
  readonly freeSoon: readonly {
    readonly day: IsoDate;
    readonly window: BookingWindow;
    readonly left: number;
  }[];
  /** A locality the shop visits only after talking: the WhatsApp link. */
  readonly askZone: Zone | undefined;
};

/** What the page's data needs of the request's context (the JSON API passes the same). */
export type BookingDataContext = Pick<AppContext, 'catalogue' | 'bookings' | 'now' | 'facts'>;

export async function bookingPageData(
  values: BookingValues,
  context: BookingDataContext,
  extra: { errors?: BookingErrors; notice?: BookingNotice; showAll?: boolean } = {},
): Promise<BookingPageData> {
  const asked = extra.showAll || values.job !== '' || values.place !== '';
  const { zones } = context.facts;
  const checked = checkWhatAndWhere(values, context.catalogue, zones);
  // "toyota", "hilux" from a product page's link: the fields show "Toyota", "Hilux" (the
  // catalogue finds the model by either).
  if (checked.carNames)
    values = { ...values, brand: checked.carNames.brand, model: checked.carNames.model };
  const zone = checked.ok?.zone;
  const askZone =
    values.place === 'domicilio' && !zone ? findAsk(zones, values.locality) : undefined;
  const base = {
    values,
    notice: extra.notice,
    askZone,
    days: [],
    nextFrom: undefined,
    previousFrom: undefined,
    freeSoon: [],
    earliest: undefined,
  };
  if (!checked.ok) {
    return {
      ...base,
      errors: asked ? { ...checked.errors, ...extra.errors } : (extra.errors ?? {}),
      what: undefined,
    };
  }
  const { bookings, now } = context;
  const today = shopDate(now);
  const rules = bookingRules(context.facts, await bookings.closures(today, addDays(today, 400)));
  const earliest = earliestDay(now, checked.ok.glass?.availability, rules);
  const last = lastBookableDay(now, earliest.day);
  const askedFrom = parseDay(values.from);
  const from =
    askedFrom && askedFrom > earliest.day && askedFrom <= last ? askedFrom : earliest.day;
  const working = workingDaysBetween(from, last, rules);
  const shown = working.slice(0, DAYS_PER_PAGE);
  const lastShown = shown.at(-1);
  const days = lastShown ? await bookings.calendar(checked.ok.place, from, lastShown, rules) : [];
  const before = workingDaysBetween(earliest.day, addDays(from, -1), rules);
  const freeSoon =
    extra.notice === 'taken'
      ? days
          .flatMap((d) => d.windows.map((w) => ({ day: d.day, window: w.window, left: w.left })))
          .filter((w) => w.left > 0 && `${w.day}/${w.window.id}` !== values.window)
          .slice(0, 3)
      : [];
  return {
    ...base,
    errors: extra.errors ?? {},
    what: checked.ok,
    earliest,
    days,
    nextFrom: working[DAYS_PER_PAGE],
    previousFrom: before.length > 0 ? (before.at(-DAYS_PER_PAGE) ?? before[0]) : undefined,
    freeSoon,
  };
}

/** A locality the shop visits only after talking (its WhatsApp link replaces the calendar). */
function findAsk(zones: readonly Zone[], locality: string): Zone | undefined {
  const zone = zones.find((z) => z.locality === locality);
  return askFirst(zone) ? zone : undefined;
}
