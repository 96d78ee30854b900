/**
 * The owner's quotes (client/panel/quotes-types.ts PanelQuotes): the list and search on the
 * quote store, the quote as issued, and "Pasar a turno": a booking taken like any other (the
 * window's place by the booking store's one conditional UPDATE), keeping the quote's number.
 * The owner made it, so nobody is e-mailed about it.
 */
import { randomUUID } from 'node:crypto';
import { windowInstants } from '../../client/booking/calendar.ts';
import { WINDOW_IDS, windowName } from '../../client/content/booking.ts';
import type { ShopFacts } from '../../client/facts/types.ts';
import type { PanelQuote, PanelQuotes } from '../../client/panel/quotes-types.ts';
import type { BookedCar, BookingStore } from '../../store/bookings.ts';
import { pieceNames } from '../../client/content/glass.ts';
import type { QuoteItem } from '../../client/quote/types.ts';
import type { QuoteStore, StoredQuote } from '../../store/quotes.ts';
import { hashToken, newToken } from '../bookings/tokens.ts';
import type { SiteQuotes } from './service.ts';

export function createPanelQuotes(options: {
  readonly quotes: SiteQuotes;
  readonly store: QuoteStore;
  readonly bookings: BookingStore;
  readonly now: () => Date;
  /** The published facts: the places per window of a booking made here. */
  readonly facts: () => ShopFacts;
}): PanelQuotes {
  const { quotes, store, bookings, now, facts } = options;
  return {
    async page({ search, page, pageSize }) {
      const asked = Math.max(1, page);
      const found = await store.list(search, pageSize, (asked - 1) * pageSize);
      const pageCount = Math.max(1, Math.ceil(found.total / pageSize));
      return {
        quotes: found.quotes.map(toPanelQuote),
        total: found.total,
        page: asked,
        pageCount,
      };
    },

    async waiting(since, limit) {
      const found = await store.unbookedSince(since, limit);
      return { quotes: found.quotes.map(toPanelQuote), total: found.total };
    },

    async find(number) {
      const [row, quote] = await Promise.all([store.findByNumber(number), quotes.document(number)]);
      return row && quote ? { quote, row: toPanelQuote(row) } : undefined;
    },

    async toBooking(number, { day, window, phone, token }) {
      const [row, quote] = await Promise.all([store.findByNumber(number), quotes.document(number)]);
      if (!row || !quote) return 'gone';
      if (row.booking) return 'booked-already';
      const { start, end } = windowInstants(day, window);
      const { item, customer, placement } = quote;
      const outcome = await bookings.book(
        {
          id: randomUUID(),
          formToken: hashToken(token),
          // Nobody holds this booking's private link: the owner keeps it from the panel.
          manageTokenHash: hashToken(newToken()),
          createdAt: now().toISOString(),
          day,
          slot: window.id,
          place: placement.place,
          startsAt: start.toISOString(),
          endsAt: end.toISOString(),
          locality: placement.locality ?? undefined,
          job: item.pieza,
          glass: [item.title, ...item.details].join(' · '),
          availability: undefined,
          awaitsGlass: false,
          name: customer.name,
          phone,
          plate: customer.plate ?? undefined,
          notes: [
            `Presupuesto ${quote.number}`,
            customer.insurer,
            customer.claim ? `póliza o siniestro ${customer.claim}` : undefined,
          ]
            .filter((part) => part !== undefined)
            .join(' · '),
          quoteNumber: quote.number,
          // The catalogue's car, so that the job's review reaches that model's product page.
          car: quotedCar(item),
        },
        facts().booking.placesPerWindow[placement.place],
        undefined,
      );
      return outcome.status === 'repeat' ? 'booked' : outcome.status;
    },
  };
}

/**
 * The car of a quote's item as the catalogue names it: "Peugeot 208" from its title, the slugs
 * from its product page's path (`/parabrisa/peugeot/208`), frozen in the quote at issue.
 */
export function quotedCar(item: QuoteItem): BookedCar | undefined {
  const path = /^\/[a-z-]+\/([a-z0-9-]+)\/([a-z0-9-]+)$/.exec(item.productPath);
  const prefix = `${pieceNames[item.pieza].name} `;
  if (!path?.[1] || !path[2] || !item.title.startsWith(prefix)) return undefined;
  return { name: item.title.slice(prefix.length), brandSlug: path[1], modelSlug: path[2] };
}

function toPanelQuote(q: StoredQuote): PanelQuote {
  const window = WINDOW_IDS.find((id) => id === q.booking?.slot);
  return {
    number: q.number,
    createdAt: q.createdAt,
    item: q.item,
    total: q.total,
    insurer: q.insurer,
    name: q.name,
    plate: q.plate,
    booking: q.booking
      ? { day: q.booking.day, window: window ? windowName(window) : q.booking.slot }
      : undefined,
  };
}
