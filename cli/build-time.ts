/**
 * The time written into the catalogue as its build time: now, unless SOURCE_DATE_EPOCH (the
 * reproducible-builds convention: seconds since 1970) fixes it, as the tests do so that the
 * committed catalogue.json can be rebuilt byte for byte.
 */
import { UsageError } from './owner-shell.ts';

export function buildTime(sourceDateEpoch: string | undefined, now = new Date()): Date {
  const given = sourceDateEpoch?.trim();
  if (!given) return now;
  if (!/^\d{1,12}$/.test(given)) {
    throw new UsageError(
      `SOURCE_DATE_EPOCH tiene que ser un número de segundos desde 1970, no "${given}".`,
    );
  }
  return new Date(Number(given) * 1000);
}
