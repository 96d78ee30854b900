/**
 * The contact messages and their delivery state (an outbox), the same queries for SQLite
 * and PostgreSQL. Delivery: a worker claims one due message (a lease: `claimed_until`),
 * sends it, then records sent, a retry time, or a permanent failure.
 */
import { sql, type Insertable } from 'kysely';
import type {
  ContactMessagesTable,
  Engine,
  MessageStatus,
  SiteDatabase,
  StoredMessage,
} from './schema.ts';
import { storedMessageSchema } from './schema.ts';
import { claimDue } from './outbox.ts';
import { enqueuePush, type PushEvent } from './push.ts';
import { writeTransaction } from './transaction.ts';

export type { Engine };

export type MessageRow = StoredMessage & {
  readonly status: MessageStatus;
  readonly attempts: number;
  readonly lastError: string | undefined;
  readonly nextAttemptAt: string | undefined;
  readonly sentAt: string | undefined;
};

export type ClaimedMessage = StoredMessage & { readonly attempts: number };

export type RateHit = { readonly hits: number; readonly resetAt: Date };

export type ContactStore = {
  readonly engine: Engine;
  /** The SQLite file or the PostgreSQL URL without password, for logs and the CLI. */
  readonly location: string;
  /**
   * Commits the message as pending; throws if it was not stored (nothing half-written).
   * `push`: the notification to the shop's phones, queued in the same transaction.
   */
  insert(message: StoredMessage, push?: PushEvent): Promise<void>;
  /** Contact messages received at or after `since`, whatever their state (the site-wide ceiling). */
  countReceivedSince(since: Date): Promise<number>;
  /** Oldest first. */
  list(filter?: { readonly status?: MessageStatus }): Promise<MessageRow[]>;
  countByStatus(): Promise<Record<MessageStatus, number>>;
  /** The next due pending message, now leased to the caller until `now + leaseMs`. */
  claimNext(now: Date, leaseMs: number): Promise<ClaimedMessage | undefined>;
  markSent(id: string, at: Date): Promise<void>;
  markRetry(id: string, error: string, nextAttemptAt: Date): Promise<void>;
  markFailed(id: string, error: string): Promise<void>;
  /** Every message from this address (Ley 25.326: the right to deletion). */
  deleteByEmail(email: string): Promise<number>;
  /** Messages received before `before`, except those still waiting to be e-mailed. */
  purgeReceivedBefore(before: Date): Promise<{ deleted: number; keptPending: number }>;
  /** One hit on a fixed-window counter shared by every instance (the rate limit). */
  rateHit(key: string, windowMs: number, now: Date): Promise<RateHit>;
  rateUndo(key: string): Promise<void>;
  rateReset(key: string): Promise<void>;
  rateCleanup(now: Date): Promise<void>;
  close(): Promise<void>;
};

const ERROR_TEXT_MAX = 1_000;

/** The contact queries on the site's database; `close` closes that database. */
export function createContactStore(database: SiteDatabase): ContactStore {
  const { db, engine, location, close } = database;
  const messages = () => db.selectFrom('contact_messages');

  return {
    engine,
    location,

    async insert(message, push) {
      const m = storedMessageSchema.parse(message);
      const row: Insertable<ContactMessagesTable> = {
        id: m.id,
        received_at: m.receivedAt,
        name: m.name,
        email: m.email,
        message: m.message,
        status: 'pending',
        attempts: 0,
        next_attempt_at: m.receivedAt,
        kind: m.kind ?? 'contact',
      };
      // The same form posted again (its id comes from the form's token): stored once, and
      // announced once.
      const insert = (to: typeof db) =>
        to
          .insertInto('contact_messages')
          .values(row)
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirst();
      if (!push) {
        await insert(db);
        return;
      }
      await writeTransaction(database, async (tx) => {
        const inserted = await insert(tx);
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) await enqueuePush(tx, push);
      });
    },

    async countReceivedSince(since) {
      const row = await messages()
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('received_at', '>=', since.toISOString())
        .where('kind', '=', 'contact')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async list(filter = {}) {
      let query = messages().selectAll();
      if (filter.status) query = query.where('status', '=', filter.status);
      const rows = await query.orderBy('received_at').orderBy('id').execute();
      return rows.map((r) => ({
        id: r.id,
        receivedAt: r.received_at,
        name: r.name,
        email: r.email,
        message: r.message,
        status: r.status,
        attempts: Number(r.attempts),
        lastError: r.last_error ?? undefined,
        nextAttemptAt: r.status === 'pending' ? r.next_attempt_at : undefined,
        sentAt: r.sent_at ?? undefined,
        kind: r.kind,
      }));
    },

    async countByStatus() {
      const rows = await messages()
        .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
        .groupBy('status')
        .execute();
      const counts: Record<MessageStatus, number> = { pending: 0, sent: 0, failed: 0 };
      for (const row of rows) counts[row.status] = Number(row.n);
      return counts;
    },

    async claimNext(now, leaseMs) {
      const id = await claimDue(database, 'contact_messages', now, leaseMs);
      if (!id) return undefined;
      const row = await messages()
        .select(['id', 'received_at', 'name', 'email', 'message', 'attempts', 'kind'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        receivedAt: row.received_at,
        name: row.name,
        email: row.email,
        message: row.message,
        kind: row.kind,
        attempts: Number(row.attempts),
      };
    },

    async markSent(id, at) {
      await db
        .updateTable('contact_messages')
        .set({ status: 'sent', sent_at: at.toISOString(), claimed_until: null, last_error: null })
        .where('id', '=', id)
        .execute();
    },

    async markRetry(id, error, nextAttemptAt) {
      await db
        .updateTable('contact_messages')
        .set({
          last_error: error.slice(0, ERROR_TEXT_MAX),
          next_attempt_at: nextAttemptAt.toISOString(),
          claimed_until: null,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    async markFailed(id, error) {
      await db
        .updateTable('contact_messages')
        .set({ status: 'failed', last_error: error.slice(0, ERROR_TEXT_MAX), claimed_until: null })
        .where('id', '=', id)
        .execute();
    },

    async deleteByEmail(email) {
      const result = await db
        .deleteFrom('contact_messages')
        .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async purgeReceivedBefore(before) {
      const at = before.toISOString();
      const result = await db
        .deleteFrom('contact_messages')
        .where('received_at', '<', at)
        .where('status', '!=', 'pending')
        .executeTakeFirst();
      const kept = await messages()
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('received_at', '<', at)
        .executeTakeFirstOrThrow();
      return { deleted: Number(result.numDeletedRows), keptPending: Number(kept.n) };
    },

    async rateHit(key, windowMs, now) {
      const at = now.toISOString();
      const reset = new Date(now.getTime() + windowMs).toISOString();
      const expired = sql<boolean>`contact_rate_limits.reset_at <= ${at}`;
      const row = await db
        .insertInto('contact_rate_limits')
        .values({ key, hits: 1, reset_at: reset })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`case when ${expired} then 1 else contact_rate_limits.hits + 1 end`,
            reset_at: sql<string>`case when ${expired} then ${reset} else contact_rate_limits.reset_at end`,
          }),
        )
        .returning(['hits', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { hits: Number(row.hits), resetAt: new Date(row.reset_at) };
    },

    async rateUndo(key) {
      await db
        .updateTable('contact_rate_limits')
        .set({ hits: sql<number>`hits - 1` })
        .where('key', '=', key)
        .where('hits', '>', 0)
        .execute();
    },

    async rateReset(key) {
      await db.deleteFrom('contact_rate_limits').where('key', '=', key).execute();
    },

    async rateCleanup(now) {
      await db
        .deleteFrom('contact_rate_limits')
        .where('reset_at', '<=', now.toISOString())
        .execute();
    },

    close,
  };
}
