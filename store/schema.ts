/** The tables as Kysely sees them. Times are ISO 8601 UTC text (same in both engines; sorts as time). */
import type { Generated, Kysely } from 'kysely';
import { z } from 'zod';

export const MESSAGE_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** What a row of the outbox is: a contact form's message, or a new booking for the owner. */
export const MESSAGE_KINDS = ['contact', 'booking'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const storedMessageSchema = z.object({
  id: z.string().min(1),
  receivedAt: z.iso.datetime(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  /** Absent: a contact message (rows written before bookings existed). */
  kind: z.enum(MESSAGE_KINDS).optional(),
});
/** A message as the form accepted it. */
export type StoredMessage = z.output<typeof storedMessageSchema>;

export type ContactMessagesTable = {
  id: string;
  received_at: string;
  name: string;
  email: string;
  message: string;
  status: MessageStatus;
  /** Delivery attempts begun (a claim counts as one). */
  attempts: number;
  last_error: string | null;
  /** When a pending message may be tried next. */
  next_attempt_at: string;
  /** A worker is sending it until then; after that another may (it died mid-send). */
  claimed_until: string | null;
  sent_at: string | null;
  /** 'contact' unless written otherwise (rows from before bookings). */
  kind: Generated<MessageKind>;
  /** The owner opened it in the panel (null: unread). */
  read_at: string | null;
  /** The owner marked it answered in the panel. */
  answered_at: string | null;
};

export type RateLimitsTable = {
  key: string;
  hits: number;
  reset_at: string;
};

export const CATALOGUE_SOURCES = ['panel', 'cli', 'restore', 'initial'] as const;
/** Who published: the panel, the CLI, "Volver a esta versión", or the file a database started from. */
export type CatalogueSource = (typeof CATALOGUE_SOURCES)[number];

export type CataloguesTable = {
  seq: number;
  /** catalogueHash of `body`. */
  hash: string;
  /** The catalogue's JSON, as the file would hold it. */
  body: string;
  published_at: string;
  published_by: string;
  source: CatalogueSource;
  file_name: string | null;
  /** The change summary in words (one line per change kind). */
  summary: string;
  restored_from: number | null;
};

export type CatalogueDraftsTable = {
  id: string;
  /** The live catalogue's hash when the preview was made: publishing needs it still live. */
  base_hash: string;
  body: string;
  file_name: string;
  created_by: string;
  created_at: string;
};

export const BOOKING_STATUSES = ['pendiente', 'confirmado', 'hecho', 'cancelado'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** One window of one day at one place of work: how many places it has, how many are taken. */
export type BookingSlotsTable = {
  day: string;
  /** The window's id (`manana`, `tarde`). */
  slot: string;
  place: string;
  places: number;
  taken: number;
};

export type BookingsTable = {
  id: string;
  /** The form's one-time token: the same form posted twice books once. */
  form_token: string;
  /** SHA-256 of the private link's token (the link itself is never stored). */
  manage_token_hash: string;
  created_at: string;
  updated_at: string;
  status: BookingStatus;
  day: string;
  slot: string;
  place: string;
  /** The window's start and end, ISO UTC (the calendar events). */
  starts_at: string;
  ends_at: string;
  /** At home: the locality. */
  locality: string | null;
  job: string;
  /** The glass, as people read it ("Parabrisas Peugeot 208, 2019-2023 con sensor"). */
  glass: string | null;
  /** The glass's availability, as people read it. */
  availability: string | null;
  /** 1: the glass's arrival is unknown; the owner confirms the booking. */
  awaits_glass: number;
  name: string;
  phone: string;
  plate: string | null;
  notes: string | null;
  /** The car as the catalogue names it ("Peugeot 208"), for a glass job; null otherwise or before reviews. */
  car: string | null;
  /** The catalogue's slugs of that car: a review of the job shows on its product page. */
  brand_slug: string | null;
  model_slug: string | null;
  /** Made from an insurance quote in the panel: its number (`P-2026-000123`). */
  quote_number: string | null;
  /** When the owner last sent the WhatsApp reminder ("Recordado"). */
  reminded_at: string | null;
  /** SHA-256 of the private link in the last reminder (it works like the first one). */
  remind_token_hash: string | null;
};

/** The owner's change of a day's places (from the panel). */
export type BookingDayPlacesTable = { day: string; place: string; places: number };

/** Days (`slot` = '*') and windows the owner closed. */
export type BookingClosuresTable = { day: string; slot: string };

/**
 * The owner's private calendar feed: its current token (one row, `id` = 'feed'). Kept readable
 * so the panel can show the address again: whoever reads the database has the bookings anyway.
 */
export type BookingFeedTable = { id: string; token: string; created_at: string };
export const PANEL_TOKEN_KINDS = ['invite', 'sign-in'] as const;
export type PanelTokenKind = (typeof PANEL_TOKEN_KINDS)[number];

/** Someone of the shop who may enter the panel; revoked people stay, for the activity log. */
export type PanelPeopleTable = {
  id: string;
  /** Lower case. */
  email: string;
  name: string;
  created_at: string;
  revoked_at: string | null;
};

export type PanelPasskeysTable = {
  /** The credential id, base64url. */
  id: string;
  person_id: string;
  /** What the person called it ("Mi teléfono"). */
  name: string;
  /** COSE public key, base64url. */
  public_key: string;
  counter: number;
  /** JSON array of transports, as the browser reported them. */
  transports: string;
  created_at: string;
  last_used_at: string | null;
};

export type PanelSessionsTable = {
  /** SHA-256 of the cookie's value (hex): the id itself is never stored. */
  id_hash: string;
  person_id: string;
  /** The per-session token every panel form carries. */
  csrf_token: string;
  created_at: string;
  /** The idle timeout counts from here. */
  last_seen_at: string;
  /** The absolute timeout. */
  expires_at: string;
  /** The client it was opened from (address), for the activity log. */
  client: string;
};

/** One-time links: an invitation (register a passkey) or a sign-in link; stored hashed. */
export type PanelTokensTable = {
  hash: string;
  kind: PanelTokenKind;
  person_id: string;
  created_at: string;
  expires_at: string;
};

/** A WebAuthn challenge, used once; person_id set for a registration. */
export type PanelChallengesTable = {
  id: string;
  challenge: string;
  person_id: string | null;
  expires_at: string;
};

/** Failed sign-ins per key (a person, a client): they slow the next attempt down. */
export type PanelThrottleTable = {
  key: string;
  failures: number;
  last_failure_at: string;
};

export type PanelActivityTable = {
  id: string;
  at: string;
  /** Who did it (an e-mail), or null (an unknown visitor, the server's CLI). */
  actor: string | null;
  action: string;
  detail: string;
  client: string;
};

/** One figure of the demand counts: how many times `kind`/`key` happened that day (Jujuy). */
export type DemandCountsTable = {
  /** `YYYY-MM-DD`, the calendar day in Jujuy. */
  day: string;
  kind: string;
  key: string;
  count: number;
};

/** A review: new (the customer may still change it), published, or not published with a reason. */
export const REVIEW_STATUSES = ['nueva', 'publicada', 'oculta'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Why the owner does not publish a review: the only reasons there are (decision 25). */
export const HIDE_REASONS = ['insultos', 'datos-personales', 'no-habla-del-trabajo'] as const;
export type HideReason = (typeof HIDE_REASONS)[number];

/**
 * What a customer said about a finished job. `booking_id` links it to the booking (and so to
 * the phone) until the booking is purged; then it is null and the review stands alone.
 */
export type ReviewsTable = {
  id: string;
  booking_id: string | null;
  status: ReviewStatus;
  /** 1 to 5. */
  stars: number;
  /** The customer's text, plain ('' when they wrote none). */
  body: string;
  /** The name shown ("María G."). */
  author: string;
  /** The booking's job (`parabrisas`, `luneta`, `reparacion`, `polarizado`). */
  job: string;
  /** "Peugeot 208", from the booking; null for a job without a car of the catalogue. */
  car: string | null;
  /** The product page it belongs to: piece and the catalogue's slugs (null: none). */
  piece: string | null;
  brand_slug: string | null;
  model_slug: string | null;
  /** `YYYY-MM`: the month of the job (what the pages show, never the day). */
  job_month: string;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  /** Set exactly when status is 'oculta' (a CHECK holds it). */
  hidden_reason: HideReason | null;
  /** The shop's one public answer. */
  answer: string | null;
  answered_at: string | null;
};

/** A review link: SHA-256 of its token, the booking it is for, until when it works. */
export type ReviewLinksTable = {
  hash: string;
  booking_id: string;
  created_at: string;
  expires_at: string;
};

/**
 * One row (`id` = 'reviews'): bumped in the same transaction as every change the public pages
 * show, so every instance notices a publish with one cheap read (server/reviews/).
 */
export type ReviewStateTable = { id: string; version: number };
export const FACTS_SOURCES = ['panel', 'cli', 'restore'] as const;
/** Who published the facts: the panel, `npm run owner -- facts set`, or "Volver a esta versión". */
export type FactsSource = (typeof FACTS_SOURCES)[number];

/** One published version of the shop's facts (the live one is the highest seq). */
export type ShopFactsTable = {
  seq: number;
  /** The owner's document, JSON (client/facts/document.ts checks it when it is read). */
  body: string;
  published_at: string;
  published_by: string;
  source: FactsSource;
  /** What changed, in words. */
  summary: string;
  restored_from: number | null;
};

/** The last number given in a year (store/quotes.ts): taken in the transaction that inserts. */
export type QuoteCountersTable = { year: number; last: number };

/**
 * An insurance quote as issued. The searchable facts have columns; `body` is the whole
 * document frozen at issue (JSON, read by server/quotes/): later prices or facts never change it.
 */
export type QuotesTable = {
  /** `P-2026-000123`. */
  number: string;
  year: number;
  seq: number;
  created_at: string;
  /** The verification code printed in the quote's URL (readable: the PDF is made again from it). */
  code: string;
  /** SHA-256 of the customer's private link key (the link itself is never stored). */
  key_hash: string;
  name: string;
  plate: string | null;
  insurer: string;
  /** The item in words, for the panel's list and search. */
  item: string;
  /** The cash total in centavos. */
  total: number;
  body: string;
};

/** What a device may be told about, each chosen per device (docs/dueno.md, "Avisos en el teléfono"). */
export const PUSH_KINDS = ['turnos', 'presupuestos', 'mensajes', 'opiniones', 'agenda'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * A phone or computer of someone of the shop that receives Web Push notifications: the push
 * service's endpoint and the keys the browser gave (`subscription.toJSON()`), and what it wants.
 */
export type PushSubscriptionsTable = {
  id: string;
  person_id: string;
  /** What the person called it ("Teléfono de Juan"). */
  device_name: string;
  /** The push service's URL for this device (its path is a secret: never logged). */
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url. */
  p256dh: string;
  auth: string;
  /** 1: this kind reaches the device. */
  want_turnos: number;
  want_presupuestos: number;
  want_mensajes: number;
  want_opiniones: number;
  want_agenda: number;
  /** `HH:MM` in Jujuy: when tomorrow's agenda is sent. */
  agenda_hour: string;
  created_at: string;
  updated_at: string;
};

export const PUSH_DELIVERY_STATUSES = ['pending', 'sent', 'failed', 'expired'] as const;
export type PushDeliveryStatus = (typeof PUSH_DELIVERY_STATUSES)[number];

/**
 * The push outbox: one row per event and device, written in the same transaction as what it
 * tells (store/push.ts enqueue); a worker sends each once (a lease, as the contact outbox).
 * Title, body and url never name the customer.
 */
export type PushDeliveriesTable = {
  id: string;
  event_id: string;
  subscription_id: string;
  kind: string;
  title: string;
  body: string;
  url: string;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** The `Topic` header: a newer notification with the same topic replaces an undelivered one. */
  topic: string | null;
  created_at: string;
  /** After this the push is pointless: not sent any more (the TTL counts down to it). */
  expires_at: string;
  status: PushDeliveryStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  claimed_until: string | null;
  sent_at: string | null;
};

/** Avisos by e-mail: what reaches this person's inbox (docs/dueno.md, "Avisos en el teléfono"). */
export type AvisoMailChoicesTable = {
  person_id: string;
  /** Where to; NULL: the person's address in Personas. */
  email: string | null;
  want_turnos: number;
  want_presupuestos: number;
  want_mensajes: number;
  want_opiniones: number;
  want_agenda: number;
  agenda_hour: string;
  updated_at: string;
};

/** The e-mail outbox of avisos: one row per event and person, as push_deliveries per device. */
export type AvisoMailsTable = {
  id: string;
  event_id: string;
  person_id: string;
  kind: string;
  title: string;
  body: string;
  /** The panel path; the mail carries it absolute (SITE_URL). */
  url: string;
  created_at: string;
  expires_at: string;
  status: PushDeliveryStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
  claimed_until: string | null;
  sent_at: string | null;
};

/** Settings of the site kept in its database (one row per key): the VAPID key pair. */
export type SiteSecretsTable = { key: string; value: string; created_at: string };

/** Every table of the site's database (each feature adds its own; one list of migrations). */
export type SiteTables = {
  contact_messages: ContactMessagesTable;
  contact_rate_limits: RateLimitsTable;
  catalogues: CataloguesTable;
  catalogue_drafts: CatalogueDraftsTable;
  booking_slots: BookingSlotsTable;
  bookings: BookingsTable;
  booking_day_places: BookingDayPlacesTable;
  booking_closures: BookingClosuresTable;
  booking_feed: BookingFeedTable;
  panel_people: PanelPeopleTable;
  panel_passkeys: PanelPasskeysTable;
  panel_sessions: PanelSessionsTable;
  panel_tokens: PanelTokensTable;
  panel_challenges: PanelChallengesTable;
  panel_throttle: PanelThrottleTable;
  panel_activity: PanelActivityTable;
  demand_counts: DemandCountsTable;
  reviews: ReviewsTable;
  review_links: ReviewLinksTable;
  review_state: ReviewStateTable;
  shop_facts: ShopFactsTable;
  quote_counters: QuoteCountersTable;
  quotes: QuotesTable;
  push_subscriptions: PushSubscriptionsTable;
  push_deliveries: PushDeliveriesTable;
  site_secrets: SiteSecretsTable;
  aviso_mail_choices: AvisoMailChoicesTable;
  aviso_mails: AvisoMailsTable;
};

export type Engine = 'sqlite' | 'postgres';

/** The site's database, open and migrated (store/open.ts): every feature's queries run on `db`. */
export type SiteDatabase = {
  readonly db: Kysely<SiteTables>;
  readonly engine: Engine;
  /** The SQLite file or the PostgreSQL URL without password, for logs and the CLIs. */
  readonly location: string;
  close(): Promise<void>;
};
