/**
 * Which days the shop is closed for a holiday: Argentina's national holidays from
 * `date-holidays` (type "public": the days the law closes), plus Jujuy's own days and the
 * year's puente days from client/content/holidays.ts. Server-side only (the library's data
 * is large): the booking island asks the server for free windows instead.
 */
import Holidays from 'date-holidays';
import type { IsoDate } from '../../catalogue/validity.ts';
import { jujuyDays, puenteDays } from '../content/holidays.ts';

const national = new Holidays('AR');
const byYear = new Map<number, ReadonlyMap<IsoDate, string>>();

function holidaysOf(year: number): ReadonlyMap<IsoDate, string> {
  const known = byYear.get(year);
  if (known) return known;
  const days = new Map<IsoDate, string>();
  for (const holiday of national.getHolidays(year)) {
    if (holiday.type === 'public') days.set(holiday.date.slice(0, 10), holiday.name);
  }
  for (const { monthDay, name } of jujuyDays) days.set(`${year}-${monthDay}`, name);
  for (const { date, name } of puenteDays) if (date.startsWith(`${year}-`)) days.set(date, name);
  byYear.set(year, days);
  return days;
}

/** The holiday's name when `day` is one (national, Jujuy's, or a puente), else undefined. */
export function holidayName(day: IsoDate): string | undefined {
  return holidaysOf(Number(day.slice(0, 4))).get(day);
}
