/**
 * When the prices were built and until when they hold, as calendar days in Jujuy (the shop's
 * time zone, UTC-3 all year). Dates travel as ISO `YYYY-MM-DD`; shoppers read `22/11/2026`.
 * See docs/decisions/2026-11-22-live-catalogue.md.
 */

export const SHOP_TIME_ZONE = 'America/Argentina/Jujuy';

/** How long prices hold when the owner does not say (`--vigencia`). */
export const DEFAULT_VALID_DAYS = 30;
export const MAX_VALID_DAYS = 365;

/** ISO calendar date: `2026-11-22`. */
export type IsoDate = string;

const isoDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in Jujuy at that instant. */
export function shopDate(instant: Date): IsoDate {
  return isoDay.format(instant);
}

const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: 'h23',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The instant (ms since the epoch) when the next calendar day starts in Jujuy (no DST there). */
export function nextShopDayAt(instant: Date): number {
  const [hours = 0, minutes = 0, seconds = 0] = clock.format(instant).split(':').map(Number);
  const intoDay = ((hours * 60 + minutes) * 60 + seconds) * 1000 + instant.getUTCMilliseconds();
  return instant.getTime() - intoDay + 24 * 60 * 60 * 1000;
}

/** `2026-11-22` + 30 → `2026-12-22` (calendar arithmetic, no time zone involved). */
export function addDays(date: IsoDate, days: number): IsoDate {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** `2026-11-22` → `22/11/2026`, as es-AR writes dates. */
export function formatDateAR(date: IsoDate): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** What a page says about the prices' date, computed per request (validity passes at midnight). */
export type PriceDate = {
  /** The day the catalogue was built, in Jujuy: `2026-11-22`. */
  readonly updated: IsoDate;
  /** The last day the prices hold (JSON-LD `priceValidUntil`). */
  readonly validUntil: IsoDate;
  /** The day has passed: prices are to be confirmed on WhatsApp. */
  readonly expired: boolean;
};

export function priceDate(
  catalogue: { readonly actualizado: string; readonly vigenteHasta: IsoDate },
  now: Date,
): PriceDate {
  return {
    updated: shopDate(new Date(catalogue.actualizado)),
    validUntil: catalogue.vigenteHasta,
    expired: shopDate(now) > catalogue.vigenteHasta,
  };
}
