/**
 * What waits for the shop: messages never shown in the inbox, quotes of the last days not yet
 * turned into a booking, reviews to publish or not. Hoy lists them; the nav counts them.
 */
import type { PanelServices } from './context.ts';

/** A quote older than this no longer waits on Hoy (the customer has gone elsewhere). */
export const WAITING_QUOTE_DAYS = 7;

export type WaitingCounts = {
  readonly messages: number;
  readonly quotes: number;
  readonly reviews: number;
};

export type WaitingKind = keyof WaitingCounts;

/** From when a quote still waits. */
export function waitingQuotesSince(now: Date): Date {
  return new Date(now.getTime() - WAITING_QUOTE_DAYS * 24 * 60 * 60 * 1000);
}

export async function waitingCounts(services: PanelServices, now: Date): Promise<WaitingCounts> {
  const [messages, quotes, reviews] = await Promise.all([
    services.inbox.unreadCount(),
    services.quotes.waiting(waitingQuotesSince(now), 0),
    services.reviews.toModerate(),
  ]);
  return { messages, quotes: quotes.total, reviews };
}

/** What a count means, after the screen's name: "Mensajes, 2 sin leer". */
export const WAITING_WORDS: Readonly<Record<WaitingKind, string>> = {
  messages: 'sin leer',
  quotes: 'sin turno',
  reviews: 'para revisar',
};
