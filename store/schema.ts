/** The tables as Kysely sees them. Times are ISO 8601 UTC text (same in both engines; sorts as time). */
import type { Kysely } from 'kysely';
import { z } from 'zod';

export const MESSAGE_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const storedMessageSchema = z.object({
  id: z.string().min(1),
  receivedAt: z.iso.datetime(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
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

/** Every table of the site's database (each feature adds its own; one list of migrations). */
export type SiteTables = {
  contact_messages: ContactMessagesTable;
  contact_rate_limits: RateLimitsTable;
  catalogues: CataloguesTable;
  catalogue_drafts: CatalogueDraftsTable;
  panel_people: PanelPeopleTable;
  panel_passkeys: PanelPasskeysTable;
  panel_sessions: PanelSessionsTable;
  panel_tokens: PanelTokensTable;
  panel_challenges: PanelChallengesTable;
  panel_throttle: PanelThrottleTable;
  panel_activity: PanelActivityTable;
  demand_counts: DemandCountsTable;
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
