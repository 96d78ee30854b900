/** Places left per window: the published places (or the owner's for that day) minus those taken. */
import type { IsoDate } from '../../catalogue/validity.ts';
import type { PlaceOfWork } from '../content/booking.ts';
import { windowsOf, workingDaysBetween, type BookingRules } from './calendar.ts';
import type { DayAvailability } from './types.ts';

export type Counts = {
  /** Places taken per `day/window` at the place. */
  readonly taken: ReadonlyMap<string, number>;
  /** The owner's places per day at the place. */
  readonly dayPlaces: ReadonlyMap<IsoDate, number>;
};

export function placesOn(
  day: IsoDate,
  place: PlaceOfWork,
  counts: Counts,
  rules: BookingRules,
): number {
  return counts.dayPlaces.get(day) ?? rules.places[place];
}

export function calendarOf(
  place: PlaceOfWork,
  from: IsoDate,
  to: IsoDate,
  rules: BookingRules,
  counts: Counts,
): DayAvailability[] {
  return workingDaysBetween(from, to, rules).map((day) => ({
    day,
    windows: windowsOf(day, rules).map((window) => {
      const places = placesOn(day, place, counts, rules);
      const taken = counts.taken.get(`${day}/${window.id}`) ?? 0;
      return { window, places, left: Math.max(0, places - taken) };
    }),
  }));
}
