/**
 * The insurance quote (docs/decisions/2026-11-28-insurance-quotes.md): its form's fields, the
 * document it freezes at issue, and the service the server implements (server/quotes/).
 * Pure types and constants: no React, no browser or Node APIs.
 */
import type { PriceBreakdown, Centavos } from '../../catalogue/money.ts';
import type { Pieza } from '../../catalogue/pieces.ts';
import type { IsoDate } from '../../catalogue/validity.ts';
import type { PlaceOfWork } from '../content/booking.ts';
import { queryParams } from '../paths.ts';

export const QUOTE_FIELDS = queryParams.quote;
export type QuoteField = keyof typeof QUOTE_FIELDS;
export const QUOTE_FIELD_KEYS = [
  'piece',
  'brand',
  'model',
  'version',
  'name',
  'plate',
  'insurer',
  'otherInsurer',
  'claim',
  'place',
  'locality',
  'token',
] as const satisfies readonly QuoteField[];

/** The form as sent: every field as a string ('' when missing). */
export type QuoteValues = Readonly<Record<QuoteField, string>>;
export type QuoteErrors = Readonly<Partial<Record<QuoteField, string>>>;

export const QUOTE_LIMITS = { name: 100, insurer: 60, claim: 40 } as const;

/** The value of the insurer list's "Otra" (its name is then typed in its own field). */
export const OTHER_INSURER = 'otra';

/** What the quote says about the shop: the published facts at the moment of issue. */
export type QuoteShop = {
  readonly name: string;
  readonly razonSocial: string;
  readonly cuit: string;
  readonly ivaCondition: string;
  /** One line: street, locality, region, postal code. */
  readonly address: string;
  readonly phone: string;
  readonly email: string;
};

export type QuoteCustomer = {
  readonly name: string;
  readonly plate: string | null;
  readonly insurer: string;
  /** Policy or claim number, as typed. */
  readonly claim: string | null;
};

export type QuoteItem = {
  readonly pieza: Pieza;
  /** "Parabrisas Peugeot 208" */
  readonly title: string;
  /** "Años: 2019 a 2023", "Con sensor de lluvia", "Calidad: …", "Marca del vidrio: …", "Código: …" */
  readonly details: readonly string[];
  /** The product page (canonical path) and the version's id, for the demand figures. */
  readonly productPath: string;
  readonly versionId: string | null;
};

export type QuotePlacement = {
  readonly place: PlaceOfWork;
  /** At home: the locality (a zone of the published facts). */
  readonly locality: string | null;
  /** "Colocación en el taller", "Colocación a domicilio en Perico" */
  readonly label: string;
  /** The zone's surcharge, a line of its own; null when there is none. */
  readonly surcharge: Centavos | null;
};

/** Everything a quote states, frozen at issue: later prices or facts never change it. */
export type QuoteDraft = {
  readonly issuedAt: string;
  readonly issuedDay: IsoDate;
  /** The catalogue's price validity date when it was issued. */
  readonly validUntil: IsoDate;
  /** SITE_URL then: the verification address printed on the PDF. */
  readonly siteUrl: string;
  readonly shop: QuoteShop;
  readonly customer: QuoteCustomer;
  readonly item: QuoteItem;
  readonly placement: QuotePlacement;
  /** The glass with its fitting, as the price block states it. */
  readonly price: PriceBreakdown;
  /** Cash price plus the surcharge, and the same without national taxes. */
  readonly total: Centavos;
  readonly totalWithoutNationalTaxes: Centavos;
  readonly warranty: string;
};

export type QuoteDocument = QuoteDraft & {
  /** `P-2026-000123` */
  readonly number: string;
  /** The verification page's address, with its code. */
  readonly verifyUrl: string;
};

export type IssueOutcome =
  /** Stored: the number and the customer's private key (its page and PDF). */
  | { readonly status: 'issued'; readonly number: string; readonly key: string }
  /** The site issued as many quotes this hour as it accepts. */
  | { readonly status: 'busy' }
  /** The database failed. */
  | { readonly status: 'unavailable' };

export interface QuoteService {
  /**
   * `token`: the form's one-time token. It becomes the quote's private key, so the same form
   * posted again answers with the quote it issued first instead of issuing another.
   */
  issue(draft: QuoteDraft, token?: string): Promise<IssueOutcome>;
  /** The quote as issued, when the code is its own; undefined otherwise (a 404, no detail). */
  verify(number: string, code: string): Promise<QuoteDocument | undefined>;
  /** The customer's page: the quote when the key is its own. */
  own(number: string, key: string): Promise<QuoteDocument | undefined>;
}

/** `P-2026-000123` */
export const QUOTE_NUMBER = /^P-\d{4}-\d{6}$/;
/** The verification code: 12 characters of Crockford's base32, lower case (60 bits). */
export const QUOTE_CODE = /^[0-9a-hjkmnp-tv-z]{12}$/;
/** The customer's key: 256 bits, base64url. */
export const QUOTE_KEY = /^[A-Za-z0-9_-]{43}$/;

/** "Recargo por colocación a domicilio en Perico": the surcharge's line. */
export function surchargeLabel(placement: QuotePlacement): string {
  return `Recargo por ${placement.label.charAt(0).toLowerCase()}${placement.label.slice(1)}`;
}

/** "Juan Pérez García" -> "Juan P.": what the verification page shows of the customer. */
export function shortName(name: string): string {
  const [first = '', second] = name.trim().split(/\s+/);
  const initial = second ? ` ${Array.from(second)[0]?.toUpperCase() ?? ''}.` : '';
  return `${first}${initial}`;
}
