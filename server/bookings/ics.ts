/**
 * Bookings as iCalendar (RFC 5545) with ical-generator: the visitor's one-event file and the
 * owner's feed use the same UID per booking, so a phone that has both sees one event. Times
 * are UTC (`…Z`): no VTIMEZONE needed. DTSTAMP is the booking's last change, so the same
 * bookings give the same bytes (the feed's ETag).
 */
import ical, { ICalEventStatus } from 'ical-generator';
import type { BookingView } from '../../client/booking/types.ts';
import { whereLabel } from '../../client/booking/whatsapp.ts';
import type { ShopFacts } from '../../client/facts/types.ts';

const product = ({ contact }: ShopFacts) => ({
  company: contact.name,
  product: 'Turnos',
  language: 'ES',
});

export function bookingUid(booking: Pick<BookingView, 'id'>, host: string): string {
  return `turno-${booking.id}@${host}`;
}

function location(booking: BookingView, facts: ShopFacts): string {
  if (booking.place === 'domicilio') return whereLabel(booking, facts);
  const { street, locality, region } = facts.contact.address;
  return `${facts.contact.name}, ${street}, ${locality}, ${region}`;
}

/** The visitor's file: one event, with the shop's name, address and WhatsApp as published. */
export function visitorIcs(
  booking: BookingView,
  host: string,
  link: string,
  facts: ShopFacts,
): string {
  const { contact } = facts;
  const calendar = ical({ prodId: product(facts), name: `Turno en ${contact.name}` });
  calendar.createEvent({
    id: bookingUid(booking, host),
    start: new Date(booking.startsAt),
    end: new Date(booking.endsAt),
    stamp: new Date(booking.updatedAt),
    summary: `${booking.jobName} en ${contact.name}`,
    location: location(booking, facts),
    description: [
      booking.glass,
      `Ver, cambiar o cancelar: ${link}`,
      `WhatsApp: ${contact.whatsappDisplay}`,
    ]
      .filter(Boolean)
      .join('\n'),
    status: booking.status === 'cancelado' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

/** The owner's feed: every booking from the given ones, cancelled ones as CANCELLED. */
export function ownerFeed(
  bookings: readonly BookingView[],
  host: string,
  facts: ShopFacts,
): string {
  const calendar = ical({
    prodId: product(facts),
    name: `Turnos ${facts.contact.name}`,
    ttl: 15 * 60,
  });
  for (const booking of bookings) {
    calendar.createEvent({
      id: bookingUid(booking, host),
      start: new Date(booking.startsAt),
      end: new Date(booking.endsAt),
      stamp: new Date(booking.updatedAt),
      summary: `${booking.name}: ${booking.jobName}`,
      location: location(booking, facts),
      description: [
        booking.glass,
        `Teléfono: ${booking.phone}`,
        booking.plate ? `Patente: ${booking.plate}` : undefined,
        booking.notes ? `Notas: ${booking.notes}` : undefined,
        booking.remindedAt && booking.status !== 'cancelado' ? 'Recordado por WhatsApp' : undefined,
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
