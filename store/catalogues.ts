/**
 * Published catalogues and previewed drafts in the site's database, the same queries for
 * SQLite and PostgreSQL. With DATABASE_URL the live catalogue is the row with the highest seq
 * and every instance follows it (server/catalogue-store.ts). Publishing is a compare-and-set:
 * it names the hash it replaces, and inserts seq + 1, which the primary key lets only one
 * publisher do (docs/decisions/2026-11-25-catalogue-store.md). Only the newest KEPT_VERSIONS
 * keep their body (a distributor's catalogue is megabytes); older rows keep who, when and
 * what changed.
 */
import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { CatalogueSource, CataloguesTable, SiteDatabase } from './schema.ts';

/** Published catalogues whose body is kept, to go back to (file and database alike). */
export const KEPT_VERSIONS = 50;

/** sha256 of the catalogue file's bytes, first 16 hex characters: which catalogue is live. */
export function catalogueHash(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex').slice(0, 16);
}

export type PublishedEntry = {
  readonly seq: number;
  readonly hash: string;
  readonly publishedAt: string;
  readonly publishedBy: string;
  readonly source: CatalogueSource;
  readonly fileName: string | undefined;
  readonly summary: string;
  readonly restoredFrom: number | undefined;
};

export type PublishedCatalogue = PublishedEntry & { readonly body: string };

export type PublishRequest = Omit<PublishedEntry, 'seq' | 'hash'> & {
  readonly body: string;
  /** The hash the caller saw live; undefined: only if nothing was ever published. */
  readonly expectedHash: string | undefined;
};

export type PublishOutcome =
  { ok: true; entry: PublishedEntry } | { ok: false; currentHash: string | undefined };

export type Draft = {
  readonly id: string;
  readonly baseHash: string;
  readonly body: string;
  readonly fileName: string;
  readonly createdBy: string;
  readonly createdAt: string;
};

export type CatalogueQueries = ReturnType<typeof createCatalogueQueries>;

/** A published catalogue's row without its body (what lists and entries read). */
type Row = Omit<Selectable<CataloguesTable>, 'body'>;

const entryOf = (row: Row): PublishedEntry => ({
  seq: Number(row.seq),
  hash: row.hash,
  publishedAt: row.published_at,
  publishedBy: row.published_by,
  source: row.source,
  fileName: row.file_name ?? undefined,
  summary: row.summary,
  restoredFrom: row.restored_from ?? undefined,
});

const ENTRY_COLUMNS = [
  'seq',
  'hash',
  'published_at',
  'published_by',
  'source',
  'file_name',
  'summary',
  'restored_from',
] as const;

export function createCatalogueQueries({ db }: Pick<SiteDatabase, 'db'>) {
  const latestRow = () =>
    db
      .selectFrom('catalogues')
      .select([...ENTRY_COLUMNS, 'body'])
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();

  return {
    async latest(): Promise<PublishedCatalogue | undefined> {
      const row = await latestRow();
      return row ? { ...entryOf(row), body: row.body } : undefined;
    },

    /** The newest seq alone: what every instance polls. */
    async latestSeq(): Promise<number | undefined> {
      const row = await db
        .selectFrom('catalogues')
        .select('seq')
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? Number(row.seq) : undefined;
    },

    async publish(request: PublishRequest): Promise<PublishOutcome> {
      const current = await db
        .selectFrom('catalogues')
        .select(['seq', 'hash'])
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (current?.hash !== request.expectedHash) return { ok: false, currentHash: current?.hash };
      const seq = current === undefined ? 1 : Number(current.seq) + 1;
      const hash = catalogueHash(request.body);
      try {
        // One transaction: a publish that reports an error has changed nothing.
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('catalogues')
            .values({
              seq,
              hash,
              body: request.body,
              published_at: request.publishedAt,
              published_by: request.publishedBy,
              source: request.source,
              file_name: request.fileName ?? null,
              summary: request.summary,
              restored_from: request.restoredFrom ?? null,
            })
            .execute();
          // Older bodies go; their rows stay for the history. An empty body is "not kept".
          await trx
            .updateTable('catalogues')
            .set({ body: '' })
            .where('seq', '<=', seq - KEPT_VERSIONS)
            .where('body', '<>', '')
            .execute();
        });
      } catch (error) {
        // Someone published from the same base first: their row holds this seq.
        const now = await db
          .selectFrom('catalogues')
          .select(['seq', 'hash'])
          .orderBy('seq', 'desc')
          .limit(1)
          .executeTakeFirst();
        if (now !== undefined && Number(now.seq) >= seq)
          return { ok: false, currentHash: now.hash };
        throw error;
      }
      const { body: _body, expectedHash: _expected, ...entry } = request;
      return { ok: true, entry: { ...entry, seq, hash } };
    },

    /** Newest first. */
    async list(limit = 100): Promise<PublishedEntry[]> {
      const rows = await db
        .selectFrom('catalogues')
        .select([...ENTRY_COLUMNS])
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute();
      return rows.map(entryOf);
    },

    async get(seq: number): Promise<PublishedCatalogue | undefined> {
      const row = await db
        .selectFrom('catalogues')
        .select([...ENTRY_COLUMNS, 'body'])
        .where('seq', '=', seq)
        .executeTakeFirst();
      return row && row.body !== '' ? { ...entryOf(row), body: row.body } : undefined;
    },

    async saveDraft(draft: Draft): Promise<void> {
      await db
        .insertInto('catalogue_drafts')
        .values({
          id: draft.id,
          base_hash: draft.baseHash,
          body: draft.body,
          file_name: draft.fileName,
          created_by: draft.createdBy,
          created_at: draft.createdAt,
        })
        .execute();
    },

    async getDraft(id: string): Promise<Draft | undefined> {
      const row = await db
        .selectFrom('catalogue_drafts')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row
        ? {
            id: row.id,
            baseHash: row.base_hash,
            body: row.body,
            fileName: row.file_name,
            createdBy: row.created_by,
            createdAt: row.created_at,
          }
        : undefined;
    },

    /** A stale draft is previewed again against the catalogue live now. */
    async rebaseDraft(id: string, baseHash: string): Promise<void> {
      await db
        .updateTable('catalogue_drafts')
        .set({ base_hash: baseHash })
        .where('id', '=', id)
        .execute();
    },

    async deleteDraft(id: string): Promise<void> {
      await db.deleteFrom('catalogue_drafts').where('id', '=', id).execute();
    },

    /** Drafts older than `before` (a preview nobody published). */
    async purgeDrafts(before: Date): Promise<number> {
      const result = await db
        .deleteFrom('catalogue_drafts')
        .where('created_at', '<', before.toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
