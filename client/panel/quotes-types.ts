/** The insurance quotes as the panel shows them (`/panel/presupuestos`), implemented by server/quotes/panel.ts. */
import type { Centavos } from '../../catalogue/money.ts';
import type { IsoDate } from '../../catalogue/validity.ts';
import type { BookingWindow } from '../content/booking.ts';
import type { QuoteDocument } from '../quote/types.ts';

export type PanelQuote = {
  readonly number: string;
  readonly createdAt: string;
  /** The glass in words. */
  readonly item: string;
  readonly total: Centavos;
  readonly insurer: string;
  readonly name: string;
  readonly plate: string | undefined;
  /** The booking made from it (not cancelled), if any. */
  readonly booking: { readonly day: IsoDate; readonly window: string } | undefined;
};

export type PanelQuotePage = {
  readonly quotes: readonly PanelQuote[];
  /** Quotes matching the search. */
  readonly total: number;
  /** 1-based. */
  readonly page: number;
  readonly pageCount: number;
};

export type ToBookingOutcome = 'booked' | 'full' | 'closed' | 'gone' | 'booked-already';

export interface PanelQuotes {
  /** Newest first, `pageSize` a page; `search` matches the number, the plate or the name. */
  page(query: { search: string; page: number; pageSize: number }): Promise<PanelQuotePage>;
  /**
   * Quotes issued since `since` not yet turned into a booking (or whose booking was
   * cancelled), newest first, at most `limit`; `total` counts them all.
   */
  waiting(
    since: Date,
    limit: number,
  ): Promise<{ readonly quotes: readonly PanelQuote[]; readonly total: number }>;
  /** The quote as issued, with its booking. */
  find(number: string): Promise<{ quote: QuoteDocument; row: PanelQuote } | undefined>;
  /**
   * A booking for the quote in that window (the place taken like any booking's), keeping the
   * quote's number; `token` is the form's one-time token (a double submit books once).
   */
  toBooking(
    number: string,
    booking: { day: IsoDate; window: BookingWindow; phone: string; token: string },
  ): Promise<ToBookingOutcome>;
}
