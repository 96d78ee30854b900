/** WhatsApp links about a booking: the visitor's to the shop, the owner's to the customer. */
import { formatDateAR } from '../../catalogue/validity.ts';
import { bookingPage, placeNames } from '../content/booking.ts';
import { whatsappChat } from '../content/business.ts';
import { whatsappDigits } from '../facts/phone.ts';
import type { ShopFacts } from '../facts/types.ts';
import { whenLabel } from './days.ts';
import type { BookingView } from './types.ts';

export function whereLabel(
  booking: Pick<BookingView, 'place' | 'locality'>,
  facts: Pick<ShopFacts, 'contact'>,
): string {
  if (booking.place === 'domicilio')
    return `${placeNames.domicilio}${booking.locality ? ` en ${booking.locality}` : ''}`;
  const { street, locality } = facts.contact.address;
  return `${placeNames.taller} (${street}, ${locality})`;
}

/** The booking's details, one per line (the visitor's WhatsApp message and the owner's e-mail). */
export function bookingLines(booking: BookingView, facts: Pick<ShopFacts, 'contact'>): string[] {
  return [
    `${booking.jobName}${booking.glass ? `: ${booking.glass}` : ''}`,
    `Cuándo: ${whenLabel(booking.day, booking.window)} (${formatDateAR(booking.day)})`,
    `Dónde: ${whereLabel(booking, facts)}`,
    `A nombre de: ${booking.name}`,
    ...(booking.plate ? [`Patente: ${booking.plate}`] : []),
  ];
}

/** The visitor writes to the shop about the booking: straight to wa.me (see whatsappChat). */
export function visitorWhatsappLink(booking: BookingView, facts: Pick<ShopFacts, 'contact'>) {
  return whatsappChat(
    facts.contact.whatsappNumber,
    `${bookingPage.whatsappMessage}\n${bookingLines(booking, facts).join('\n')}`,
  );
}

/** The owner writes to the customer (e.g. to say the booking is cancelled). */
export function customerWhatsappLink(phone: string, message: string): string {
  return `https://wa.me/${whatsappDigits(phone)}?text=${encodeURIComponent(message)}`;
}
