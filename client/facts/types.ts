/**
 * The shop's facts: what the owner publishes from the panel (`/panel/negocio`) and every page,
 * e-mail, feed and document of the site states about the shop (docs/decisions, the shop's
 * facts). Loaders read the published ones as `context.facts`, components with `useFacts()`.
 * A fact read from anywhere else is a bug: one place for each fact.
 *
 * Pure types: no React, no browser or Node APIs.
 */
import type { Week } from '../content/hours.ts';
import type { Zone } from '../content/zones.ts';
import type { PlaceOfWork } from '../content/booking.ts';

/** Condición frente al IVA: the fixed list an invoice or a quote may state. */
export const IVA_CONDITIONS = [
  'IVA Responsable Inscripto',
  'Responsable Monotributo',
  'IVA Sujeto Exento',
] as const;
export type IvaCondition = (typeof IVA_CONDITIONS)[number];

export type ShopAddress = {
  readonly street: string;
  readonly locality: string;
  readonly region: string;
  readonly postalCode: string;
  readonly country: 'AR';
};

export type ShopContact = {
  /** The name shown on every page ("Parabrisas Jujuy"). */
  readonly name: string;
  /** The phone as people dial it in Argentina and as shown: "(0388) 15 412-3456". */
  readonly phoneDisplay: string;
  /** E.164, for tel: links and schema.org: "+5493884123456" (derived from phoneDisplay). */
  readonly phoneE164: string;
  /** wa.me's digits: 549 + area code + number, no 0 and no 15 (derived). */
  readonly whatsappNumber: string;
  /** The WhatsApp number as shown: the owner's, when it differs from the phone, else phoneDisplay. */
  readonly whatsappDisplay: string;
  readonly email: string;
  readonly address: ShopAddress;
  /** https://www.instagram.com/... or null. */
  readonly instagramUrl: string | null;
  /** https://www.facebook.com/... or null. */
  readonly facebookUrl: string | null;
  /** Where a customer may also leave a review on Google (client/facts/links.ts), or null. */
  readonly googleReviewsUrl: string | null;
};

/** The shop's legal identity: what an invoice, a quote and the Data Fiscal badge state. */
export type ShopFiscal = {
  /** Razón social (the legal name, which may differ from the name shown). */
  readonly razonSocial: string;
  /** CUIT, 11 digits, no dashes, check digit verified. */
  readonly cuit: string;
  readonly ivaCondition: IvaCondition;
  /** ARCA's "Data Fiscal" QR link (ARCA's host only), or null. */
  readonly dataFiscalUrl: string | null;
};

/** A day the shop is closed besides Sundays and the national holidays. */
export type ClosedDay = { readonly date: string; readonly name: string };

export type ShopFacts = {
  readonly contact: ShopContact;
  readonly fiscal: ShopFiscal;
  /** Monday first: up to two slots a day; an empty day is closed. */
  readonly hours: Week;
  /** Jujuy's own holidays, the year's bridge days, vacations: ISO dates with a name. */
  readonly closedDays: readonly ClosedDay[];
  /** Home installation, in the order shown. */
  readonly zones: readonly Zone[];
  readonly booking: {
    readonly placesPerWindow: Readonly<Record<PlaceOfWork, number>>;
    readonly whatToBring: readonly string[];
  };
  readonly privacy: {
    /** Who answers requests about personal data (Ley 25.326). */
    readonly responsible: { readonly name: string; readonly email: string };
    /** Days a contact message is kept; the daily purge follows. */
    readonly contactMessagesDays: number;
    /** Days a booking is kept after its day; the daily purge follows. */
    readonly bookingsDays: number;
  };
  /** The home page's counters; they must be true. */
  readonly counters: readonly { readonly value: number; readonly label: string }[];
};
