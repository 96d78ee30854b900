/**
 * Opening hours, written once as a week of time slots; the schema.org list and the text
 * people read ("Lunes a viernes: 9:00 a 13:00 y 14:00 a 18:00") are both derived from it.
 */
export type Slot = { readonly opens: string; readonly closes: string };

/** Monday first, as schema.org and Argentine calendars count. */
export const DAYS = [
  { en: 'Monday', es: 'Lunes', plural: 'Lunes' },
  { en: 'Tuesday', es: 'Martes', plural: 'Martes' },
  { en: 'Wednesday', es: 'Miércoles', plural: 'Miércoles' },
  { en: 'Thursday', es: 'Jueves', plural: 'Jueves' },
  { en: 'Friday', es: 'Viernes', plural: 'Viernes' },
  { en: 'Saturday', es: 'Sábado', plural: 'Sábados' },
  { en: 'Sunday', es: 'Domingo', plural: 'Domingos' },
] as const;

export type Week = readonly (readonly Slot[])[];

/** schema.org OpeningHoursSpecification entries: one per day and slot. */
export function openingHoursSpecification(week: Week) {
  return DAYS.flatMap((day, i) =>
    (week[i] ?? []).map((slot) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${day.en}`,
      opens: slot.opens,
      closes: slot.closes,
    })),
  );
}

const clock = (time: string) => time.replace(/^0/, '');

function dayRange(start: number, end: number): string {
  const [first, last] = [DAYS[start]!, DAYS[end]!];
  if (start === end) return first.plural;
  if (end === start + 1) return `${first.plural} y ${last.plural.toLowerCase()}`;
  return `${first.es} a ${last.es.toLowerCase()}`;
}

/** Consecutive days with the same slots become one line: `Lunes a viernes`, `Sábados y domingos`. */
export function hoursForPeople(week: Week): { days: string; hours: string }[] {
  const key = (i: number) => JSON.stringify(week[i] ?? []);
  const lines: { days: string; hours: string }[] = [];
  for (let start = 0; start < DAYS.length;) {
    let end = start;
    while (end + 1 < DAYS.length && key(end + 1) === key(start)) end += 1;
    const slots = week[start] ?? [];
    lines.push({
      days: dayRange(start, end),
      hours: slots.length
        ? slots.map((s) => `${clock(s.opens)} a ${clock(s.closes)}`).join(' y ')
        : 'Cerrado',
    });
    start = end + 1;
  }
  return lines;
}
