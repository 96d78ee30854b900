/**
 * Bookings as iCalendar (RFC 5545) with ical-generator: the visitor's one-event file and the
 * owner's feed use the same UID per booking, so a phone that has both sees one event. Times
 * are UTC (`…Z`): no VTIMEZONE needed. DTSTAMP is the booking's last change, so the same
 * bookings give the same bytes (the feed's ETag).
 */
import ical, { ICalEventStatus } from 'ical-generator';
import type { BookingView } from '../../client/booking/types.ts';
import { whereLabel } from '../../client/booking/whatsapp.ts';
import { business } from '../../client/content/business.ts';

const PRODUCT = { company: business.name, product: 'Turnos', language: 'ES' };

export function bookingUid(booking: Pick<BookingView, 'id'>, host: string): string {
  return `turno-${booking.id}@${host}`;
}

function location(booking: BookingView): string {
  if (booking.place === 'domicilio') return whereLabel(booking);
  const { street, locality, region } = business.address;
  return `${business.name}, ${street}, ${locality}, ${region}`;
}

/** The visitor's file: one event. */
export function visitorIcs(booking: BookingView, host: string, link: string): string {
  const calendar = ical({ prodId: PRODUCT, name: `Turno en ${business.name}` });
  calendar.createEvent({
    id: bookingUid(booking, host),
    start: new Date(booking.startsAt),
    end: new Date(booking.endsAt),
    stamp: new Date(booking.updatedAt),
    summary: `${booking.jobName} en ${business.name}`,
    location: location(booking),
    description: [
      booking.glass,
      `Ver, cambiar o cancelar: ${link}`,
      `WhatsApp: ${business.phoneDisplay}`,
    ]
      .filter(Boolean)
      .join('\n'),
    status: booking.status === 'cancelado' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

/** The owner's feed: every booking from the given ones, cancelled ones as CANCELLED. */
export function ownerFeed(bookings: readonly BookingView[], host: string): string {
  const calendar = ical({ prodId: PRODUCT, name: `Turnos ${business.name}`, ttl: 15 * 60 });
  for (const booking of bookings) {
    calendar.createEvent({
      id: bookingUid(booking, host),
      start: new Date(booking.startsAt),
      end: new Date(booking.endsAt),
      stamp: new Date(booking.updatedAt),
      summary: `${booking.name}: ${booking.jobName}`,
      location: location(booking),
      description: [
        booking.glass,
        `Teléfono: ${booking.phone}`,
        booking.plate ? `Patente: ${booking.plate}` : undefined,
        booking.notes ? `Notas: ${booking.notes}` : undefined,
      ]
        .filter(Boolean)
        .join('\n'),
      status:
        booking.status === 'cancelado'
          ? ICalEventStatus.CANCELLED
          : booking.status === 'pendiente'
            ? ICalEventStatus.TENTATIVE
            : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
