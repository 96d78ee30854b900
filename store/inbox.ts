/**
 * The contact messages as the owner's panel reads them: newest first, a search by name or
 * e-mail, pages; read and answered marks; a delete that leaves no copy of the text in the
 * database's files (SQLite: secure_delete, set when the database opens, then a WAL
 * checkpoint that truncates the log).
 */
import { sql } from 'kysely';
import type { MessageStatus, SiteDatabase } from './schema.ts';
import { likePattern } from './transaction.ts';

export type InboxRow = {
  readonly id: string;
  readonly receivedAt: string;
  readonly name: string;
  readonly email: string;
  readonly message: string;
  readonly status: MessageStatus;
  readonly lastError: string | undefined;
  readonly readAt: string | undefined;
  readonly answeredAt: string | undefined;
};

export type InboxStore = ReturnType<typeof createInboxStore>;

export function createInboxStore({ db, engine }: SiteDatabase) {
  const matching = (search: string) => {
    // Bookings share the outbox (kind 'booking') but are the agenda's, not the inbox's.
    const query = db.selectFrom('contact_messages').where('kind', '=', 'contact');
    if (!search.trim()) return query;
    const pattern = likePattern(search);
    return query.where((eb) =>
      eb.or([
        eb(sql`lower(name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(email)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  };
  const toRow = (r: {
    id: string;
    received_at: string;
    name: string;
    email: string;
    message: string;
    status: MessageStatus;
    last_error: string | null;
    read_at: string | null;
    answered_at: string | null;
  }): InboxRow => ({
    id: r.id,
    receivedAt: r.received_at,
    name: r.name,
    email: r.email,
    message: r.message,
    status: r.status,
    lastError: r.last_error ?? undefined,
    readAt: r.read_at ?? undefined,
    answeredAt: r.answered_at ?? undefined,
  });
  const columns = [
    'id',
    'received_at',
    'name',
    'email',
    'message',
    'status',
    'last_error',
    'read_at',
    'answered_at',
  ] as const;

  return {
    async count(search: string): Promise<number> {
      const row = await matching(search)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Messages nobody has seen yet in the inbox (Hoy and the nav's count). */
    async countUnread(): Promise<number> {
      const row = await matching('')
        .where('read_at', 'is', null)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Newest first. */
    async list(search: string, limit: number, offset: number): Promise<InboxRow[]> {
      const rows = await matching(search)
        .select(columns)
        .orderBy('received_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(toRow);
    },

    async find(id: string): Promise<InboxRow | undefined> {
      const row = await db
        .selectFrom('contact_messages')
        .select(columns)
        .where('id', '=', id)
        .where('kind', '=', 'contact')
        .executeTakeFirst();
      return row ? toRow(row) : undefined;
    },

    async markRead(ids: readonly string[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('contact_messages')
        .set({ read_at: at.toISOString() })
        .where('id', 'in', [...ids])
        .where('read_at', 'is', null)
        .execute();
    },

    async markAnswered(id: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('contact_messages')
        .set({
          answered_at: at.toISOString(),
          read_at: sql`coalesce(read_at, ${at.toISOString()})`,
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes the row; SQLite then checkpoints the log, so the text is in no file any more. */
    async remove(id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('contact_messages')
        .where('id', '=', id)
        .executeTakeFirst();
      if (engine === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(db);
      return Number(result.numDeletedRows) > 0;
    },
  };
}
