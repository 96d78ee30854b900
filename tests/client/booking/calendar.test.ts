import { describe, expect, it } from 'vitest';
import {
  bookingRules,
  closedReason,
  closureKey,
  dayProblem,
  earliestDay,
  isWorkingDay,
  parseDay,
  windowInstants,
  windowsOf,
  type Closures,
} from '../../../client/booking/calendar.ts';
import { defaultFacts } from '../../../client/facts/defaults.ts';
import type { Availability } from '../../../catalogue/schema.ts';

/** The first version of the facts: its hours, Jujuy's days and the 2026 puentes. */
const rules = bookingRules(defaultFacts);
const closing = (closures: Closures) => bookingRules(defaultFacts, closures);

/** An instant given as Jujuy's wall clock (UTC-3). */
const jujuy = (local: string) => new Date(`${local}:00-03:00`);

describe('the earliest bookable day', () => {
  const stock: Availability = { tipo: 'stock' };
  it.each([
    // [what, now in Jujuy, availability, earliest day, a request?]
    ['a Friday evening (already Saturday in UTC)', '2026-11-27T21:30', stock, '2026-11-28', false],
    ['a Friday morning', '2026-11-27T08:00', undefined, '2026-11-28', false],
    ['a Saturday afternoon: Sunday is closed', '2026-11-28T15:00', stock, '2026-11-30', false],
    [
      'the day before a holiday and a puente (9 and 10 July)',
      '2026-07-08T10:00',
      stock,
      '2026-07-11',
      false,
    ],
    [
      'a Saturday before a puente Monday and a holiday Tuesday',
      '2026-12-05T12:00',
      stock,
      '2026-12-09',
      false,
    ],
    [
      'a version "a pedido 5 días"',
      '2026-11-24T10:00',
      { tipo: 'pedido', dias: 5 },
      '2026-11-30',
      false,
    ],
    [
      '"a pedido 5 días" across the 23 November holiday',
      '2026-11-19T10:00',
      { tipo: 'pedido', dias: 5 },
      '2026-11-26',
      false,
    ],
    [
      '"a pedido" without days: a request',
      '2026-11-24T10:00',
      { tipo: 'pedido' },
      '2026-11-25',
      true,
    ],
  ] as const)('%s', (_what, now, availability, day, request) => {
    expect(earliestDay(jujuy(now), availability, rules)).toEqual({ day, request });
  });

  it('skips the days the owner closed', () => {
    const closures: Closures = { days: new Set(['2026-11-28']), windows: new Set() };
    expect(earliestDay(jujuy('2026-11-27T18:00'), undefined, closing(closures)).day).toBe(
      '2026-11-30',
    );
  });
});

describe('the windows of a day', () => {
  it('weekdays have mañana 9-13 and tarde 14-18, from the opening hours', () => {
    expect(windowsOf('2026-12-01', rules)).toEqual([
      { id: 'manana', name: 'Mañana', opens: '09:00', closes: '13:00' },
      { id: 'tarde', name: 'Tarde', opens: '14:00', closes: '18:00' },
    ]);
  });
  it('Saturday has the morning only; Sunday and holidays none', () => {
    expect(windowsOf('2026-11-28', rules).map((w) => w.id)).toEqual(['manana']);
    expect(windowsOf('2026-11-29', rules)).toEqual([]);
    expect(windowsOf('2026-12-25', rules)).toEqual([]);
    expect(windowsOf('2026-11-23', rules)).toEqual([]);
  });
  it('a window the owner closed is gone; a day the owner closed has none', () => {
    const closures: Closures = {
      days: new Set(['2026-12-02']),
      windows: new Set([closureKey('2026-12-01', 'tarde')]),
    };
    expect(windowsOf('2026-12-01', closing(closures)).map((w) => w.id)).toEqual(['manana']);
    expect(windowsOf('2026-12-02', closing(closures))).toEqual([]);
  });
  it('a window is its hours in Jujuy, as UTC instants', () => {
    const [morning] = windowsOf('2026-12-01', rules);
    expect(morning).toBeDefined();
    if (!morning) return;
    const { start, end } = windowInstants('2026-12-01', morning);
    expect(start.toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(end.toISOString()).toBe('2026-12-01T16:00:00.000Z');
  });
});

describe('holidays', () => {
  it.each([
    ['2026-01-01', 'Año Nuevo'],
    ['2026-02-16', 'Carnaval'],
    ['2026-03-23', 'Día no laborable con fines turísticos'],
    ['2026-03-24', 'Día Nacional de la Memoria por la Verdad y la Justicia'],
    ['2026-06-15', 'Paso a la Inmortalidad del General Don Martín Miguel de Güemes'],
    ['2026-07-09', 'Día de la Independencia'],
    ['2026-08-17', 'Paso a la Inmortalidad del General José de San Martín'],
    ['2026-11-23', 'Día de la Soberanía Nacional'],
    ['2026-11-18', 'Autonomía de Jujuy'],
    ['2027-08-23', 'Éxodo Jujeño'],
  ])('%s is closed: %s', (day, name) => {
    expect(closedReason(day, rules)).toContain(`(${name})`);
    expect(isWorkingDay(day, rules)).toBe(false);
  });
  it('a holiday moved to a Monday leaves its original day open; half-day customs are not holidays', () => {
    expect(isWorkingDay('2026-06-17', rules)).toBe(true);
    expect(isWorkingDay('2026-12-24', rules)).toBe(true);
    expect(isWorkingDay('2026-04-02', rules)).toBe(false);
  });
});

describe('a day a visitor asks for', () => {
  const now = jujuy('2026-11-25T10:00');
  it.each([
    ['2026-11-25', 'Ese día ya pasó: elegí uno desde mañana.'],
    ['2026-11-29', 'Ese día no abrimos.'],
    ['2026-12-08', 'Ese día es feriado (Inmaculada Concepción de María).'],
    ['2027-06-01', 'Todavía no damos turnos para ese día.'],
    ['2026-11-26', undefined],
  ])('%s: %s', (day, problem) => {
    expect(dayProblem(day, now, '2026-11-26', rules)).toBe(problem);
  });
  it('reads only real dates', () => {
    expect(parseDay('2026-02-30')).toBeUndefined();
    expect(parseDay('2026-2-3')).toBeUndefined();
    expect(parseDay('2026-12-01')).toBe('2026-12-01');
  });
});
