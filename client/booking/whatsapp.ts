/** WhatsApp links about a booking: the visitor's to the shop, the owner's to the customer. */
import { formatDateAR } from '../../catalogue/validity.ts';
import { bookingPage, placeNames } from '../content/booking.ts';
import { business, whatsappChat } from '../content/business.ts';
import { whenLabel } from './days.ts';
import type { BookingView } from './types.ts';

export function whereLabel(booking: Pick<BookingView, 'place' | 'locality'>): string {
  if (booking.place === 'domicilio')
    return `${placeNames.domicilio}${booking.locality ? ` en ${booking.locality}` : ''}`;
  const { street, locality } = business.address;
  return `${placeNames.taller} (${street}, ${locality})`;
}

/** The booking's details, one per line (the visitor's WhatsApp message and the owner's e-mail). */
export function bookingLines(booking: BookingView): string[] {
  return [
    `${booking.jobName}${booking.glass ? `: ${booking.glass}` : ''}`,
    `Cuándo: ${whenLabel(booking.day, booking.window)} (${formatDateAR(booking.day)})`,
    `Dónde: ${whereLabel(booking)}`,
    `A nombre de: ${booking.name}`,
    ...(booking.plate ? [`Patente: ${booking.plate}`] : []),
  ];
}

/** The visitor writes to the shop about the booking: straight to wa.me (see whatsappChat). */
export function visitorWhatsappLink(booking: BookingView): string {
  return whatsappChat(`${bookingPage.whatsappMessage}\n${bookingLines(booking).join('\n')}`);
}

/** wa.me digits of an Argentine E.164 number: mobiles need the 9 after 54. */
export function whatsappDigits(e164: string): string {
  const digits = e164.replace(/\D/g, '');
  return digits.startsWith('54') && !digits.startsWith('549') ? `549${digits.slice(2)}` : digits;
}

/** The owner writes to the customer (e.g. to say the booking is cancelled). */
export function customerWhatsappLink(phone: string, message: string): string {
  return `https://wa.me/${whatsappDigits(phone)}?text=${encodeURIComponent(message)}`;
}
