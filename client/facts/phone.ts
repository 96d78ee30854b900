/**
 * Argentine phone numbers as people write them ("(0388) 15 412-3456", "388 4123456"): checked
 * with libphonenumber-js for AR, turned into E.164 (tel: links, schema.org) and into wa.me's
 * digits (549 + area code + number, no 0 and no 15).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** An Argentine phone as people write it, as E.164 (`+5493884123456`), or undefined. */
export function arPhoneE164(text: string): string | undefined {
  const phone = parsePhoneNumberFromString(text, 'AR');
  return phone?.isValid() ? phone.number : undefined;
}

/** wa.me digits of an Argentine E.164 number: mobiles need the 9 after 54. */
export function whatsappDigits(e164: string): string {
  const digits = e164.replace(/\D/g, '');
  return digits.startsWith('54') && !digits.startsWith('549') ? `549${digits.slice(2)}` : digits;
}
