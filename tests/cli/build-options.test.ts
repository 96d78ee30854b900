/** The catalogue CLI's build time (SOURCE_DATE_EPOCH) and validity (--vigencia), as functions. */
import { describe, expect, it } from 'vitest';
import { buildTime } from '../../cli/build-time.ts';
import { validDays } from '../../cli/commands.ts';
import { UsageError } from '../../cli/owner-shell.ts';

describe('validDays (--vigencia)', () => {
  it.each([
    [undefined, 30],
    ['1', 1],
    ['15', 15],
    [' 45 ', 45],
    ['365', 365],
  ])('%s → %d days', (given, days) => {
    expect(validDays(given)).toBe(days);
  });

  it.each(['0', '366', '400', 'abc', '1.5', '-3', '', '1e2'])(
    '"%s" is refused with a message for the owner',
    (given) => {
      expect(() => validDays(given)).toThrow(UsageError);
      expect(() => validDays(given)).toThrow(
        `La vigencia "${given}" no sirve: tiene que ser una cantidad de días entre 1 y 365. Por ejemplo: --vigencia 30`,
      );
    },
  );
});

describe('buildTime (SOURCE_DATE_EPOCH)', () => {
  const now = new Date('2026-11-22T18:00:00Z');

  it('is now when unset or empty', () => {
    expect(buildTime(undefined, now)).toBe(now);
    expect(buildTime('  ', now)).toBe(now);
  });

  it('is the given second since 1970', () => {
    expect(buildTime('1795348800', now).toISOString()).toBe('2026-11-22T12:00:00.000Z');
    expect(buildTime('0', now).toISOString()).toBe('1970-01-01T00:00:00.000Z');
  });

  it.each(['yesterday', '-1', '1.5', '12345678901234'])('refuses "%s"', (given) => {
    expect(() => buildTime(given, now)).toThrow(
      `SOURCE_DATE_EPOCH tiene que ser un número de segundos desde 1970, no "${given}".`,
    );
  });
});
