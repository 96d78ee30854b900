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
};

export type RateLimitsTable = {
  key: string;
  hits: number;
  reset_at: string;
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
