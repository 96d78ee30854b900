/**
 * Argentina's national holidays, from `date-holidays` (type "public": the days the law closes).
 * The owner's own closed days (Jujuy's, bridge days, vacations) are published facts
 * (`facts.closedDays`; client/booking/calendar.ts reads both). Server-side only (the library's
 * data is large): the booking island asks the server for free windows instead.
 */
import Holidays from 'date-holidays';
import type { IsoDate } from '../../catalogue/validity.ts';

const national = new Holidays('AR');
const byYear = new Map<number, ReadonlyMap<IsoDate, string>>();

/** The year's national holidays, by date (made once per year). */
export function nationalHolidays(year: number): ReadonlyMap<IsoDate, string> {
  const known = byYear.get(year);
  if (known) return known;
  const days = new Map<IsoDate, string>();
  for (const holiday of national.getHolidays(year)) {
    if (holiday.type === 'public') days.set(holiday.date.slice(0, 10), holiday.name);
  }
  byYear.set(year, days);
  return days;
}

/** The national holiday's name when `day` is one, else undefined. */
export function nationalHolidayName(day: IsoDate): string | undefined {
  return nationalHolidays(Number(day.slice(0, 4))).get(day);
}
