import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatDateAR,
  priceDate,
  shopDate,
  DEFAULT_VALID_DAYS,
} from '../../catalogue/validity.ts';

describe('shopDate: the calendar day in Jujuy (UTC-3)', () => {
  it.each([
    ['2026-11-22T12:00:00Z', '2026-11-22'],
    ['2026-11-23T02:59:59Z', '2026-11-22'], // 23:59:59 in Jujuy
    ['2026-11-23T03:00:00Z', '2026-11-23'], // midnight in Jujuy
    ['2027-01-01T01:00:00Z', '2026-12-31'], // New Year's Eve in Jujuy
  ])('%s is %s', (instant, day) => {
    expect(shopDate(new Date(instant))).toBe(day);
  });
});

describe('addDays and formatDateAR', () => {
  it.each([
    ['2026-11-22', 30, '2026-12-22'],
    ['2026-12-15', 30, '2027-01-14'],
    ['2028-02-28', 1, '2028-02-29'], // leap year
    ['2027-02-28', 1, '2027-03-01'],
  ])('%s + %d days is %s', (from, days, to) => {
    expect(addDays(from, days)).toBe(to);
  });

  it('writes dates as es-AR does', () => {
    expect(formatDateAR('2026-11-22')).toBe('22/11/2026');
    expect(formatDateAR('2027-01-05')).toBe('05/01/2027');
  });

  it('defaults to a month of validity', () => {
    expect(DEFAULT_VALID_DAYS).toBe(30);
  });
});

describe('priceDate', () => {
  const catalogue = { actualizado: '2026-11-23T01:30:00.000Z', vigenteHasta: '2026-12-22' };

  it('dates the prices on the day in Jujuy they were built', () => {
    // 01:30 UTC on the 23rd is 22:30 on the 22nd in Jujuy.
    expect(priceDate(catalogue, new Date('2026-11-23T12:00:00Z'))).toEqual({
      updated: '2026-11-22',
      validUntil: '2026-12-22',
      expired: false,
    });
  });

  it('holds through the last day in Jujuy and expires at its midnight', () => {
    expect(priceDate(catalogue, new Date('2026-12-23T02:59:59Z')).expired).toBe(false);
    expect(priceDate(catalogue, new Date('2026-12-23T03:00:00Z')).expired).toBe(true);
    expect(priceDate(catalogue, new Date('2027-03-01T12:00:00Z')).expired).toBe(true);
  });
});
