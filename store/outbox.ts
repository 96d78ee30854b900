/**
 * The claim with a lease shared by the site's outboxes (contact messages, push notifications,
 * avisos by e-mail): one statement picks the oldest due pending row and leases it until
 * `now + leaseMs`, counting the attempt. PostgreSQL: SKIP LOCKED lets other instances claim
 * other rows meanwhile; SQLite: the write lock serialises it. A worker that dies holding a row
 * lets it go when the lease runs out.
 */
import { sql } from 'kysely';
import type { PushDeliveryStatus, SiteDatabase } from './schema.ts';

export type OutboxTable = 'contact_messages' | 'push_deliveries' | 'aviso_mails';

/** The column that orders rows due at the same time (when the row was written). */
const WRITTEN_AT: Record<OutboxTable, string> = {
  contact_messages: 'received_at',
  push_deliveries: 'created_at',
  aviso_mails: 'created_at',
};

/** The id of the row now leased to the caller, or undefined when none is due. */
export async function claimDue(
  { db, engine }: SiteDatabase,
  table: OutboxTable,
  now: Date,
  leaseMs: number,
): Promise<string | undefined> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const rows = sql.table(table);
  const lock = engine === 'postgres' ? sql`for update skip locked` : sql``;
  const result = await sql<{ id: string }>`
    update ${rows} set claimed_until = ${until}, attempts = attempts + 1
    where id = (
      select id from ${rows}
      where status = 'pending' and next_attempt_at <= ${at}
        and (claimed_until is null or claimed_until <= ${at})
      order by next_attempt_at, ${sql.ref(WRITTEN_AT[table])}
      limit 1 ${lock}
    ) and status = 'pending'
    returning id`.execute(db);
  return result.rows[0]?.id;
}

/** The outboxes whose rows end sent, failed or expired: push notifications and avisos by e-mail. */
export type DeliveryTable = 'push_deliveries' | 'aviso_mails';

const ERROR_TEXT_MAX = 500;

/** What a worker records of a claimed row; the same columns in both delivery outboxes. */
export type DeliveryOutcomes = {
  markSent(id: string, at: Date): Promise<void>;
  markRetry(id: string, error: string, nextAttemptAt: Date): Promise<void>;
  markDone(
    id: string,
    status: Exclude<PushDeliveryStatus, 'pending' | 'sent'>,
    error: string,
  ): Promise<void>;
  countByStatus(): Promise<Record<PushDeliveryStatus, number>>;
};

export function deliveryOutcomes({ db }: SiteDatabase, table: DeliveryTable): DeliveryOutcomes {
  return {
    async markSent(id, at) {
      await db
        .updateTable(table)
        .set({ status: 'sent', sent_at: at.toISOString(), claimed_until: null, last_error: null })
        .where('id', '=', id)
        .execute();
    },

    async markRetry(id, error, nextAttemptAt) {
      await db
        .updateTable(table)
        .set({
          last_error: error.slice(0, ERROR_TEXT_MAX),
          next_attempt_at: nextAttemptAt.toISOString(),
          claimed_until: null,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    async markDone(id, status, error) {
      await db
        .updateTable(table)
        .set({ status, last_error: error.slice(0, ERROR_TEXT_MAX), claimed_until: null })
        .where('id', '=', id)
        .execute();
    },

    async countByStatus() {
      const rows = await db
        .selectFrom(table)
        .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
        .groupBy('status')
        .execute();
      const counts: Record<PushDeliveryStatus, number> = {
        pending: 0,
        sent: 0,
        failed: 0,
        expired: 0,
      };
      for (const row of rows) counts[row.status] = Number(row.n);
      return counts;
    },
  };
}
