import { describe, expect, it } from 'vitest';
import {
  hoursForPeople,
  openingHoursSpecification,
  type Week,
} from '../../../client/content/hours.ts';
import { defaultFacts } from '../../../client/facts/defaults.ts';

describe('opening hours', () => {
  it('reads the shop week as people say it (docs/product.md, Business facts)', () => {
    expect(hoursForPeople(defaultFacts.hours)).toEqual([
      { days: 'Lunes a viernes', hours: '9:00 a 13:00 y 14:00 a 18:00' },
      { days: 'Sábados', hours: '9:00 a 13:00' },
      { days: 'Domingos', hours: 'Cerrado' },
    ]);
  });

  it('gives schema.org one entry per day and slot', () => {
    const spec = openingHoursSpecification(defaultFacts.hours);
    expect(spec).toHaveLength(11);
    expect(spec[0]).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Monday',
      opens: '09:00',
      closes: '13:00',
    });
    expect(spec.some((s) => s.dayOfWeek.endsWith('Sunday'))).toBe(false);
  });

  it('groups only consecutive equal days', () => {
    const nine = [{ opens: '09:00', closes: '17:00' }];
    const week: Week = [nine, nine, [], nine, nine, [], []];
    expect(hoursForPeople([nine, nine, nine, [], [], [], []])[0]!.days).toBe('Lunes a miércoles');
    expect(hoursForPeople(week)).toEqual([
      { days: 'Lunes y martes', hours: '9:00 a 17:00' },
      { days: 'Miércoles', hours: 'Cerrado' },
      { days: 'Jueves y viernes', hours: '9:00 a 17:00' },
      { days: 'Sábados y domingos', hours: 'Cerrado' },
    ]);
  });
});
