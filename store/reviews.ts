/**
 * Reviews of finished jobs and the links that ask for them, the same queries for SQLite and
 * PostgreSQL. A booking has at most one review (a UNIQUE column); the customer may change it
 * while it is new, and the owner publishes it or not (with a reason) but never edits it. Every
 * change the public pages show bumps `review_state.version` in the same transaction, so each
 * instance can tell with one cheap read that its kept pages are out of date.
 * See docs/decisions/2026-11-28-reviews.md.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { HideReason, ReviewStatus, ReviewsTable, SiteDatabase, SiteTables } from './schema.ts';
import { writeTransaction } from './transaction.ts';
import { enqueuePush, type PushEvent } from './push.ts';

/** Where a review stands; a reason exactly when it is not published. */
export type ReviewState =
  | { readonly status: 'nueva' }
  | { readonly status: 'publicada'; readonly publishedAt: string }
  | { readonly status: 'oculta'; readonly reason: HideReason };

/** The product page a review belongs to (a glass job on a car of the catalogue). */
export type ReviewProduct = {
  readonly piece: string;
  readonly brandSlug: string;
  readonly modelSlug: string;
};

/** What the customer sends (and may send again while the review is new). */
export type ReviewInput = {
  readonly stars: number;
  readonly body: string;
  readonly author: string;
};

/** What a review takes from its booking. */
export type ReviewSubject = {
  readonly job: string;
  readonly car: string | undefined;
  readonly product: ReviewProduct | undefined;
  /** `YYYY-MM`. */
  readonly jobMonth: string;
};

export type Review = ReviewInput &
  ReviewSubject & {
    readonly id: string;
    /** Undefined once the booking was purged. */
    readonly bookingId: string | undefined;
    readonly state: ReviewState;
    readonly createdAt: string;
    readonly updatedAt: string;
    readonly answer: { readonly text: string; readonly at: string } | undefined;
  };

/** The booking a review link or a review is for, as the review needs it. */
export type ReviewBooking = {
  readonly id: string;
  readonly status: string;
  readonly name: string;
  readonly phone: string;
  readonly subject: ReviewSubject;
};

export type SaveOutcome = 'stored' | 'updated' | 'locked';

export type ReviewStore = {
  addLink(hash: string, bookingId: string, at: Date, expiresAt: Date): Promise<void>;
  findLink(hash: string): Promise<{ bookingId: string; expiresAt: string } | undefined>;
  /** The booking behind a link or a review, with what a review shows of it. */
  findBooking(bookingId: string): Promise<ReviewBooking | undefined>;
  findByBooking(bookingId: string): Promise<Review | undefined>;
  /**
   * Stores the booking's review, or changes it while it is new: 'locked' once the owner
   * published it or not (nothing is changed then).
   */
  save(
    bookingId: string,
    input: ReviewInput,
    subject: ReviewSubject,
    at: Date,
    /** A new review's notification to the shop's phones, queued in the same transaction. */
    push?: PushEvent,
  ): Promise<SaveOutcome>;
  /** Every review the public pages count (published or not published): what a site follows. */
  decided(): Promise<Review[]>;
  /** Every review for the owner: new ones first, then newest first. */
  list(offset: number, limit: number): Promise<Review[]>;
  countByStatus(): Promise<Readonly<Record<ReviewStatus, number>>>;
  find(id: string): Promise<Review | undefined>;
  /** The status of each booking's review, where it has one (the agenda). */
  statusesOf(bookingIds: readonly string[]): Promise<ReadonlyMap<string, ReviewStatus>>;
  publish(id: string, at: Date): Promise<boolean>;
  hide(id: string, reason: HideReason, at: Date): Promise<boolean>;
  /** The shop's answer; undefined removes it. */
  answer(id: string, text: string | undefined, at: Date): Promise<boolean>;
  /** Deletes the review for good, and its booking's links (a customer's request). */
  remove(id: string): Promise<boolean>;
  /** Bumped by every change the public pages show. */
  version(): Promise<number>;
};

const STATE_ID = 'reviews';

export function createReviewStore(database: SiteDatabase): ReviewStore {
  const { db, engine } = database;
  const reviews = () => db.selectFrom('reviews').selectAll();

  /** A change the public pages show: the row's change and the version's bump together. */
  function publicChange(work: (tx: Kysely<SiteTables>) => Promise<boolean>): Promise<boolean> {
    return writeTransaction(database, async (tx) => {
      const changed = await work(tx);
      if (changed) {
        await tx
          .updateTable('review_state')
          .set({ version: sql<number>`version + 1` })
          .where('id', '=', STATE_ID)
          .execute();
      }
      return changed;
    });
  }

  const changedOne = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) === 1;

  /** One review's public change (unless it already has status `unless`): true when made. */
  const change = (id: string, fields: Updateable<ReviewsTable>, unless?: ReviewStatus) =>
    publicChange(async (tx) => {
      const update = tx.updateTable('reviews').set(fields).where('id', '=', id);
      return changedOne(
        await (unless ? update.where('status', '!=', unless) : update).executeTakeFirst(),
      );
    });

  return {
    async addLink(hash, bookingId, at, expiresAt) {
      await db
        .insertInto('review_links')
        .values({
          hash,
          booking_id: bookingId,
          created_at: at.toISOString(),
          expires_at: expiresAt.toISOString(),
        })
        .execute();
    },

    async findLink(hash) {
      const row = await db
        .selectFrom('review_links')
        .select(['booking_id', 'expires_at'])
        .where('hash', '=', hash)
        .executeTakeFirst();
      return row ? { bookingId: row.booking_id, expiresAt: row.expires_at } : undefined;
    },

    async findBooking(bookingId) {
      const row = await db
        .selectFrom('bookings')
        .select(['id', 'status', 'name', 'phone', 'job', 'day', 'car', 'brand_slug', 'model_slug'])
        .where('id', '=', bookingId)
        .executeTakeFirst();
      if (!row) return undefined;
      const piece = pieceOfJob(row.job);
      return {
        id: row.id,
        status: row.status,
        name: row.name,
        phone: row.phone,
        subject: {
          job: row.job,
          car: row.car ?? undefined,
          product:
            piece && row.brand_slug && row.model_slug
              ? { piece, brandSlug: row.brand_slug, modelSlug: row.model_slug }
              : undefined,
          jobMonth: row.day.slice(0, 7),
        },
      };
    },

    async findByBooking(bookingId) {
      const row = await reviews().where('booking_id', '=', bookingId).executeTakeFirst();
      return row ? toReview(row) : undefined;
    },

    async save(bookingId, input, subject, at, push) {
      const now = at.toISOString();
      const fields = { stars: input.stars, body: input.body, author: input.author };
      // Insert unless the booking has one (a double submit waits for the other insert, then
      // finds it), else change it while it is new: no select-then-insert race.
      return writeTransaction(database, async (tx): Promise<SaveOutcome> => {
        const inserted = await tx
          .insertInto('reviews')
          .values({
            id: randomUUID(),
            booking_id: bookingId,
            status: 'nueva',
            ...fields,
            job: subject.job,
            car: subject.car ?? null,
            piece: subject.product?.piece ?? null,
            brand_slug: subject.product?.brandSlug ?? null,
            model_slug: subject.product?.modelSlug ?? null,
            job_month: subject.jobMonth,
            created_at: now,
            updated_at: now,
            published_at: null,
            hidden_reason: null,
            answer: null,
            answered_at: null,
          })
          .onConflict((oc) => oc.column('booking_id').doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) {
          if (push) await enqueuePush(tx, push);
          return 'stored';
        }
        const updated = await tx
          .updateTable('reviews')
          .set({ ...fields, updated_at: now })
          .where('booking_id', '=', bookingId)
          .where('status', '=', 'nueva')
          .executeTakeFirst();
        return changedOne(updated) ? 'updated' : 'locked';
      });
    },

    async decided() {
      const rows = await reviews()
        .where('status', 'in', ['publicada', 'oculta'])
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map(toReview);
    },

    async list(offset, limit) {
      const rows = await reviews()
        .orderBy(sql`case when status = 'nueva' then 0 else 1 end`)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute();
      return rows.map(toReview);
    },

    async countByStatus() {
      const rows = await db
        .selectFrom('reviews')
        .select('status')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .groupBy('status')
        .execute();
      const counts: Record<ReviewStatus, number> = { nueva: 0, publicada: 0, oculta: 0 };
      for (const row of rows) counts[row.status] = Number(row.n);
      return counts;
    },

    async find(id) {
      const row = await reviews().where('id', '=', id).executeTakeFirst();
      return row ? toReview(row) : undefined;
    },

    async statusesOf(bookingIds) {
      if (bookingIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('reviews')
        .select(['booking_id', 'status'])
        .where('booking_id', 'in', [...bookingIds])
        .execute();
      return new Map(
        rows.flatMap((r) => (r.booking_id === null ? [] : [[r.booking_id, r.status] as const])),
      );
    },

    publish: (id, at) =>
      change(
        id,
        {
          status: 'publicada',
          hidden_reason: null,
          published_at: at.toISOString(),
          updated_at: at.toISOString(),
        },
        'publicada',
      ),

    hide: (id, reason, at) =>
      change(id, {
        status: 'oculta',
        hidden_reason: reason,
        published_at: null,
        updated_at: at.toISOString(),
      }),

    answer: (id, text, at) =>
      change(id, {
        answer: text ?? null,
        answered_at: text === undefined ? null : at.toISOString(),
        updated_at: at.toISOString(),
      }),

    async remove(id) {
      const removed = await publicChange(async (tx) => {
        const row = await tx
          .deleteFrom('reviews')
          .where('id', '=', id)
          .returning('booking_id')
          .executeTakeFirst();
        if (!row) return false;
        if (row.booking_id !== null) {
          await tx.deleteFrom('review_links').where('booking_id', '=', row.booking_id).execute();
        }
        return true;
      });
      // SQLite: the deleted text is in no file afterwards (secure_delete zeroes the page; the
      // log is checkpointed), as for a contact message deleted on request.
      if (removed && engine === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(db);
      return removed;
    },

    async version() {
      const row = await db
        .selectFrom('review_state')
        .select('version')
        .where('id', '=', STATE_ID)
        .executeTakeFirst();
      return Number(row?.version ?? 0);
    },
  };
}

/** The product page's piece of a booking's job: the windshield's or the rear window's. */
function pieceOfJob(job: string): string | undefined {
  return job === 'parabrisas' || job === 'luneta' ? job : undefined;
}

function toState(row: Selectable<ReviewsTable>): ReviewState {
  if (row.status === 'publicada')
    return { status: 'publicada', publishedAt: row.published_at ?? row.updated_at };
  if (row.status === 'oculta' && row.hidden_reason)
    return { status: 'oculta', reason: row.hidden_reason };
  return { status: 'nueva' };
}

function toReview(row: Selectable<ReviewsTable>): Review {
  return {
    id: row.id,
    bookingId: row.booking_id ?? undefined,
    state: toState(row),
    stars: Number(row.stars),
    body: row.body,
    author: row.author,
    job: row.job,
    car: row.car ?? undefined,
    product:
      row.piece && row.brand_slug && row.model_slug
        ? { piece: row.piece, brandSlug: row.brand_slug, modelSlug: row.model_slug }
        : undefined,
    jobMonth: row.job_month,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    answer:
      row.answer !== null ? { text: row.answer, at: row.answered_at ?? row.updated_at } : undefined,
  };
}
