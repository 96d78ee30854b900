/**
 * Published versions of the shop's facts, the same queries for SQLite and PostgreSQL. The live
 * version is the row with the highest seq and every instance follows it
 * (server/facts/store.ts). Publishing is a compare-and-set on the version the owner previewed:
 * it inserts that seq + 1, which the primary key lets only one publisher do. The store keeps
 * bodies as text: checking them is the reader's job (a damaged row is skipped, never served).
 */
import type { Selectable } from 'kysely';
import type { FactsSource, ShopFactsTable, SiteDatabase } from './schema.ts';

export type FactsEntry = {
  readonly seq: number;
  readonly publishedAt: string;
  readonly publishedBy: string;
  readonly source: FactsSource;
  readonly summary: string;
  readonly restoredFrom: number | undefined;
};

export type FactsVersion = FactsEntry & { readonly body: string };

export type FactsPublishRequest = Omit<FactsEntry, 'seq'> & {
  readonly body: string;
  /** The version the owner previewed; 0: the first version (nothing published yet). */
  readonly expectedSeq: number;
};

export type FactsPublishOutcome =
  { ok: true; entry: FactsEntry } | { ok: false; currentSeq: number };

export type FactsQueries = ReturnType<typeof createFactsQueries>;

const entryOf = (row: Omit<Selectable<ShopFactsTable>, 'body'>): FactsEntry => ({
  seq: Number(row.seq),
  publishedAt: row.published_at,
  publishedBy: row.published_by,
  source: row.source,
  summary: row.summary,
  restoredFrom: row.restored_from === null ? undefined : Number(row.restored_from),
});

/** Rows read at a time when looking for the newest readable version. */
const READ_BATCH = 20;

const ENTRY_COLUMNS = [
  'seq',
  'published_at',
  'published_by',
  'source',
  'summary',
  'restored_from',
] as const;

export function createFactsQueries({ db }: Pick<SiteDatabase, 'db'>) {
  const latestSeq = async (): Promise<number> => {
    const row = await db
      .selectFrom('shop_facts')
      .select('seq')
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? Number(row.seq) : 0;
  };

  return {
    /** The newest seq (0 when nothing was published): what every instance polls. */
    latestSeq,

    /**
     * The newest version above `floor` whose body `readable` accepts (a damaged row is skipped:
     * the reader serves the last good one), read newest first in small batches.
     */
    async newestReadable<T>(
      readable: (version: FactsVersion) => T | undefined,
      floor = 0,
    ): Promise<{ version: FactsVersion; value: T } | undefined> {
      let below: number | undefined;
      for (;;) {
        const before = below;
        const rows = await db
          .selectFrom('shop_facts')
          .select([...ENTRY_COLUMNS, 'body'])
          .$if(before !== undefined, (q) => q.where('seq', '<', before ?? 0))
          .where('seq', '>', floor)
          .orderBy('seq', 'desc')
          .limit(READ_BATCH)
          .execute();
        for (const row of rows) {
          const version = { ...entryOf(row), body: row.body };
          const value = readable(version);
          if (value !== undefined) return { version, value };
        }
        const last = rows.at(-1);
        if (!last || rows.length < READ_BATCH) return undefined;
        below = Number(last.seq);
      }
    },

    async get(seq: number): Promise<FactsVersion | undefined> {
      const row = await db
        .selectFrom('shop_facts')
        .select([...ENTRY_COLUMNS, 'body'])
        .where('seq', '=', seq)
        .executeTakeFirst();
      return row ? { ...entryOf(row), body: row.body } : undefined;
    },

    async publish(request: FactsPublishRequest): Promise<FactsPublishOutcome> {
      const current = await latestSeq();
      if (current !== request.expectedSeq) return { ok: false, currentSeq: current };
      const seq = current + 1;
      try {
        await db
          .insertInto('shop_facts')
          .values({
            seq,
            body: request.body,
            published_at: request.publishedAt,
            published_by: request.publishedBy,
            source: request.source,
            summary: request.summary,
            restored_from: request.restoredFrom ?? null,
          })
          .execute();
      } catch (error) {
        // Someone published from the same version first: their row holds this seq.
        const now = await latestSeq();
        if (now >= seq) return { ok: false, currentSeq: now };
        throw error;
      }
      const { body: _body, expectedSeq: _expected, ...entry } = request;
      return { ok: true, entry: { ...entry, seq } };
    },

    /** Newest first, without bodies. */
    async list(limit = 100): Promise<FactsEntry[]> {
      const rows = await db
        .selectFrom('shop_facts')
        .select([...ENTRY_COLUMNS])
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute();
      return rows.map(entryOf);
    },
  };
}
