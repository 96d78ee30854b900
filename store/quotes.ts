/**
 * Insurance quotes, the same queries for SQLite and PostgreSQL. A quote's number is
 * `P-{year}-{seq:6}`: `seq` comes from the year's counter row, raised by ONE conditional
 * UPDATE in the same transaction as the quote's insert, so two requests (or two instances)
 * can never get the same number, a failed insert gives its number back (the transaction rolls
 * back), and a purged quote's number is never given again (the counter only grows). PostgreSQL
 * makes the second UPDATE wait for the first's row lock; SQLite takes the write lock at BEGIN
 * IMMEDIATE. Never max(seq) + 1. See docs/decisions/2026-11-28-insurance-quotes.md.
 */
import { sql, type Kysely } from 'kysely';
import { likePattern, writeTransaction } from './transaction.ts';
import { enqueuePush, type PushEvent } from './push.ts';
import type { QuotesTable, SiteDatabase, SiteTables } from './schema.ts';

/** What the store keeps of a quote: the searchable columns and the frozen document (JSON). */
export type StoredQuote = {
  readonly number: string;
  readonly createdAt: string;
  readonly code: string;
  readonly name: string;
  readonly plate: string | undefined;
  readonly insurer: string;
  readonly item: string;
  readonly total: number;
  readonly body: string;
  /** A booking made from it in the panel (not cancelled), if any. */
  readonly booking:
    { readonly id: string; readonly day: string; readonly slot: string } | undefined;
};

export type NewQuote = Omit<StoredQuote, 'number' | 'booking' | 'body'> & {
  readonly year: number;
  /** SHA-256 (hex) of the customer's private link key. */
  readonly keyHash: string;
};

export type QuotePage = { readonly quotes: readonly StoredQuote[]; readonly total: number };

export type QuoteStore = {
  /** Numbers and stores the quote, all or nothing; `body` may name the number it gets. */
  issue(
    quote: NewQuote,
    body: (number: string) => string,
    /** The notification to the shop's phones, queued in the same transaction. */
    push?: (number: string) => PushEvent,
  ): Promise<StoredQuote>;
  findByNumber(number: string): Promise<(StoredQuote & { readonly keyHash: string }) | undefined>;
  /** The quote whose private key hashes to `keyHash` (a form posted twice). */
  findByKeyHash(keyHash: string): Promise<StoredQuote | undefined>;
  /** Newest first; `search` matches the number, the plate or the name. */
  list(search: string, limit: number, offset: number): Promise<QuotePage>;
  /** Quotes issued since `since` with no live booking made from them, newest first (Hoy). */
  unbookedSince(since: Date, limit: number): Promise<QuotePage>;
  /** Quotes issued since `since` (the site-wide ceiling). */
  countCreatedSince(since: Date): Promise<number>;
  /** Deletes quotes issued before `before` (the retention period); their numbers stay used. */
  purgeCreatedBefore(before: Date): Promise<number>;
};

/** `P-2026-000123` */
export function quoteNumber(year: number, seq: number): string {
  return `P-${year}-${String(seq).padStart(6, '0')}`;
}

export function createQuoteStore(database: SiteDatabase): QuoteStore {
  const { db } = database;
  const write = <T>(work: (tx: Kysely<SiteTables>) => Promise<T>) =>
    writeTransaction(database, work);

  /** Quotes with their live booking (a left join: at most one holding booking per quote). */
  const withBooking = () =>
    db
      .selectFrom('quotes')
      .leftJoin('bookings', (join) =>
        join
          .onRef('bookings.quote_number', '=', 'quotes.number')
          .on('bookings.status', 'in', ['pendiente', 'confirmado', 'hecho']),
      )
      .select([
        'quotes.number',
        'quotes.created_at',
        'quotes.code',
        'quotes.key_hash',
        'quotes.name',
        'quotes.plate',
        'quotes.insurer',
        'quotes.item',
        'quotes.total',
        'quotes.body',
        'bookings.id as booking_id',
        'bookings.day as booking_day',
        'bookings.slot as booking_slot',
      ]);

  const matching = (search: string) => {
    const query = db.selectFrom('quotes');
    if (!search.trim()) return query;
    const pattern = likePattern(search);
    const plate = likePattern(search.replace(/[\s.-]/g, ''));
    return query.where((eb) =>
      eb.or([
        eb(sql`lower(quotes.number)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(quotes.name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(quotes.plate)`, 'like', sql`${plate} escape '\\'`),
      ]),
    );
  };

  return {
    async issue(quote, body, push) {
      return write(async (tx) => {
        await tx
          .insertInto('quote_counters')
          .values({ year: quote.year, last: 0 })
          .onConflict((oc) => oc.column('year').doNothing())
          .execute();
        const counter = await tx
          .updateTable('quote_counters')
          .set({ last: sql<number>`last + 1` })
          .where('year', '=', quote.year)
          .returning('last')
          .executeTakeFirstOrThrow();
        const seq = Number(counter.last);
        const number = quoteNumber(quote.year, seq);
        const row: QuotesTable = {
          number,
          year: quote.year,
          seq,
          created_at: quote.createdAt,
          code: quote.code,
          key_hash: quote.keyHash,
          name: quote.name,
          plate: quote.plate ?? null,
          insurer: quote.insurer,
          item: quote.item,
          total: quote.total,
          body: body(number),
        };
        await tx.insertInto('quotes').values(row).execute();
        if (push) await enqueuePush(tx, push(number));
        return toQuote({ ...row, booking_id: null, booking_day: null, booking_slot: null });
      });
    },

    async findByKeyHash(keyHash) {
      const row = await withBooking().where('quotes.key_hash', '=', keyHash).executeTakeFirst();
      return row ? toQuote(row) : undefined;
    },

    async findByNumber(number) {
      const row = await withBooking().where('quotes.number', '=', number).executeTakeFirst();
      return row ? { ...toQuote(row), keyHash: row.key_hash } : undefined;
    },

    async list(search, limit, offset) {
      const count = await matching(search)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirst();
      const numbers = matching(search)
        .select('quotes.number')
        .orderBy('quotes.created_at', 'desc')
        .orderBy('quotes.number', 'desc')
        .limit(limit)
        .offset(offset);
      const rows = await withBooking()
        .where('quotes.number', 'in', numbers)
        .orderBy('quotes.created_at', 'desc')
        .orderBy('quotes.number', 'desc')
        .execute();
      return { quotes: rows.map(toQuote), total: Number(count?.n ?? 0) };
    },

    async unbookedSince(since, limit) {
      const unbooked = () =>
        withBooking()
          .where('quotes.created_at', '>=', since.toISOString())
          .where('bookings.id', 'is', null);
      const [rows, count] = await Promise.all([
        unbooked()
          .orderBy('quotes.created_at', 'desc')
          .orderBy('quotes.number', 'desc')
          .limit(limit)
          .execute(),
        unbooked()
          .clearSelect()
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirst(),
      ]);
      return { quotes: rows.map(toQuote), total: Number(count?.n ?? 0) };
    },

    async countCreatedSince(since) {
      const row = await db
        .selectFrom('quotes')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('created_at', '>=', since.toISOString())
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async purgeCreatedBefore(before) {
      const result = await db
        .deleteFrom('quotes')
        .where('created_at', '<', before.toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

type Row = Omit<QuotesTable, 'year' | 'seq' | 'key_hash'> & {
  booking_id: string | null;
  booking_day: string | null;
  booking_slot: string | null;
};

function toQuote(r: Row): StoredQuote {
  return {
    number: r.number,
    createdAt: r.created_at,
    code: r.code,
    name: r.name,
    plate: r.plate ?? undefined,
    insurer: r.insurer,
    item: r.item,
    total: Number(r.total),
    body: r.body,
    booking:
      r.booking_id !== null && r.booking_day !== null && r.booking_slot !== null
        ? { id: r.booking_id, day: r.booking_day, slot: r.booking_slot }
        : undefined,
  };
}
