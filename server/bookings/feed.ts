/**
 * The owner's calendar feed: every booking from two months back, cancelled ones as
 * STATUS:CANCELLED (a subscribed phone then removes them). The token in the address is the
 * only key; "Renovar" in the panel replaces it.
 */
import { timingSafeEqual } from 'node:crypto';
import { addDays, shopDate } from '../../catalogue/validity.ts';
import type { BookingStore } from '../../store/bookings.ts';
import type { ShopFacts } from '../../client/facts/types.ts';
import { ownerFeed } from './ics.ts';
import { toView } from './service.ts';

/** How far back the feed goes (a phone keeps what it already has). */
export const FEED_DAYS_BACK = 60;

export type BookingFeed = (token: string) => Promise<string | undefined>;

export function createBookingFeed(
  store: BookingStore,
  now: () => Date,
  host: string,
  facts: () => ShopFacts,
): BookingFeed {
  return async (token) => {
    const current = await store.feedToken();
    if (!current || !sameText(current, token)) return undefined;
    const bookings = await store.listForFeed(addDays(shopDate(now()), -FEED_DAYS_BACK));
    return ownerFeed(bookings.map(toView), host, facts());
  };
}

function sameText(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}
