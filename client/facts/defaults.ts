/**
 * The facts a new install starts with, before the owner publishes any: the values the
 * content modules held (sample values the owner confirms in the panel, `/panel/negocio`).
 * Only the facts store (the first version) and tests read this: pages read the published
 * facts (`context.facts`, `useFacts()`). A test keeps every other module from importing the
 * content modules' facts (tests/build/facts-imports.int.test.ts).
 */
import { business } from '../content/business.ts';
import { zones } from '../content/zones.ts';
import { placesPerWindow, whatToBring } from '../content/booking.ts';
import { jujuyDays, puenteDays } from '../content/holidays.ts';
import { privacy } from '../content/privacy.ts';
import { toShopFacts, type FactsDocument } from './document.ts';
import type { ClosedDay, ShopFacts } from './types.ts';

/** Jujuy's own days of 2026 and 2027, and the bridge days decreed so far. */
const closedDays: readonly ClosedDay[] = [
  ...[2026, 2027].flatMap((year) =>
    jujuyDays.map(({ monthDay, name }) => ({ date: `${year}-${monthDay}`, name })),
  ),
  ...puenteDays,
].sort((a, b) => a.date.localeCompare(b.date));

/** The first version as the owner would type it (the CLI and the forms start from it). */
export const defaultDocument: FactsDocument = {
  contact: {
    name: business.name,
    phone: business.phoneDisplay,
    whatsapp: null,
    email: business.email,
    address: { ...business.address },
    instagramUrl: business.social.instagram,
    facebookUrl: business.social.facebook,
    // Unknown: the owner sets it in Datos del negocio (or the operator, GOOGLE_REVIEWS_URL).
    googleReviewsUrl: null,
  },
  fiscal: {
    // Sample identity: the owner sets the real one in the panel before a quote is issued.
    razonSocial: 'Parabrisas Jujuy (razón social a completar)',
    cuit: '20123456786',
    ivaCondition: 'IVA Responsable Inscripto',
    dataFiscalUrl: business.dataFiscalUrl,
  },
  hours: business.hours.map((day) => day.map((slot) => ({ ...slot }))),
  closedDays: closedDays.map((day) => ({ ...day })),
  zones: zones.map((zone) => ({ locality: zone.locality, fee: { ...zone.fee } })),
  booking: { placesPerWindow: { ...placesPerWindow }, whatToBring: [...whatToBring] },
  privacy: {
    responsible: { name: privacy.responsible.name, email: privacy.responsible.email },
    contactMessagesDays: privacy.contactMessagesDays,
    bookingsDays: privacy.bookingsDays,
  },
  counters: business.counters.map((counter) => ({ ...counter })),
};

export const defaultFacts: ShopFacts = toShopFacts(defaultDocument);
