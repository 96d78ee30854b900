/**
 * The contact form's shapes, shared by the page, its route action and the server's
 * contact service (which implements ContactService; see server/contact/).
 */

export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

export type ContactField = keyof typeof CONTACT_LIMITS;
export const CONTACT_FIELDS = Object.keys(CONTACT_LIMITS) as ContactField[];

/** The form's one-time token (the booking form's mechanism: a new one in each answer). */
export const CONTACT_TOKEN_FIELD = 'token';

/** The honeypot: hidden from people, filled by bots that fill every field. */
export const HONEYPOT_FIELD = 'website';

export type ContactValues = Readonly<Record<ContactField, string>>;
export type ContactErrors = Readonly<Partial<Record<ContactField, string>>>;
/** The form as posted: every field as a string ('' when missing). */
export type ContactSubmission = Readonly<Record<ContactField | typeof HONEYPOT_FIELD, string>>;

export type ContactOutcome =
  /** Stored durably; it will be e-mailed if e-mail is configured. */
  | { readonly status: 'accepted' }
  /** Looks accepted to the sender, but nothing was kept (honeypot filled, or a repeat). */
  | { readonly status: 'ignored' }
  | { readonly status: 'invalid'; readonly errors: ContactErrors; readonly values: ContactValues }
  /** The message could not be stored: the visitor is told so and keeps the text. */
  | { readonly status: 'unavailable'; readonly values: ContactValues }
  /** The site took as many messages this hour as it accepts: WhatsApp instead, text kept. */
  | { readonly status: 'busy'; readonly values: ContactValues };

export interface ContactService {
  /**
   * `token`: the form's one-time token; the same form posted again stores nothing twice
   * (the message's id is made from it).
   */
  submit(submission: ContactSubmission, token?: string): Promise<ContactOutcome>;
}

/** What the route action hands to the page when it does not redirect. */
export type ContactActionData = {
  readonly errors: ContactErrors;
  readonly values: ContactValues;
  /** Why the form could not take the message: the database failed, or the hour is full. */
  readonly unavailable?: 'failed' | 'busy';
};
