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

/** Every table of the site's database (each feature adds its own; one list of migrations). */
export type SiteTables = {
  contact_messages: ContactMessagesTable;
  contact_rate_limits: RateLimitsTable;
  catalogues: CataloguesTable;
  catalogue_drafts: CatalogueDraftsTable;
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
