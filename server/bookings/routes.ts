/** GET a booking's `.ics` (the visitor's calendar): private, never cached by anyone else. */
import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { BookingService } from '../../client/booking/types.ts';
import { paths } from '../../client/paths.ts';
import { readBookingValues } from '../../client/booking/form.ts';
import { bookingPageData, type BookingDataContext } from '../../client/booking/page-data.ts';
import { errorDocument, sendStatusPage } from '../error-document.ts';
import type { BookingFeed } from './feed.ts';
import type { ShopFacts } from '../../client/facts/types.ts';
import { visitorIcs } from './ics.ts';

export function bookingIcsRoute(
  bookings: BookingService,
  siteUrl: string,
  facts: () => ShopFacts,
): RequestHandler {
  const host = new URL(siteUrl).host;
  return async (req, res) => {
    const token = String(req.params.token ?? '');
    const booking = await bookings.find(token);
    if (!booking) return sendStatusPage(res, 404, errorDocument(404, facts()));
    res.set({
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="turno.ics"',
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    });
    res.send(visitorIcs(booking, host, `${siteUrl}${paths.bookingManage(token)}`, facts()));
  };
}

/** GET the owner's feed: ETag (the bytes' hash) and a short cache, as calendars poll often. */
export function bookingFeedRoute(feed: BookingFeed, facts: () => ShopFacts): RequestHandler {
  return async (req, res) => {
    const body = await feed(String(req.params.token ?? ''));
    if (body === undefined) return sendStatusPage(res, 404, errorDocument(404, facts()));
    res.set({
      'Content-Type': 'text/calendar; charset=utf-8',
      'Cache-Control': 'private, max-age=300',
      ETag: `"${createHash('sha256').update(body).digest('base64url')}"`,
      'X-Robots-Tag': 'noindex',
    });
    // res.send answers 304 when the request's If-None-Match names this ETag.
    res.send(body);
  };
}

/** GET /api/turnos: the free windows for the form's choices (the island's refresh). */
export function bookingApiRoute(context: () => BookingDataContext): RequestHandler {
  return async (req, res) => {
    const query = new URL(req.originalUrl, 'http://x').searchParams;
    const values = readBookingValues((name) => query.get(name));
    const page = await bookingPageData(values, context());
    res.set('Cache-Control', 'no-store');
    res.json({ days: page.what ? page.days : null });
  };
}
