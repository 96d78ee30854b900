/** GET a booking's `.ics` (the visitor's calendar): private, never cached by anyone else. */
import type { RequestHandler } from 'express';
import type { BookingService } from '../../client/booking/types.ts';
import { paths } from '../../client/paths.ts';
import { errorDocument, sendStatusPage } from '../error-document.ts';
import { visitorIcs } from './ics.ts';

export function bookingIcsRoute(bookings: BookingService, siteUrl: string): RequestHandler {
  const host = new URL(siteUrl).host;
  return async (req, res) => {
    const token = String(req.params.token ?? '');
    const booking = await bookings.find(token);
    if (!booking) return sendStatusPage(res, 404, errorDocument(404));
    res.set({
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="turno.ics"',
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    });
    res.send(visitorIcs(booking, host, `${siteUrl}${paths.bookingManage(token)}`));
  };
}
