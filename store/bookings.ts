/**
 * Bookings and the places they take, the same queries for SQLite and PostgreSQL. A place is
 * taken by one conditional UPDATE of the window's counter (`taken < places`), in the same
 * transaction as the booking's insert and its e-mail in the outbox; the table's CHECK refuses
 * `taken > places` whatever the code does. SQLite: BEGIN IMMEDIATE takes the write lock
 * first (a deferred transaction that later writes would fail at once with SQLITE_BUSY).
 * See docs/decisions/2026-11-25-bookings.md.
 */
import { sql, type Kysely } from 'kysely';
import { writeTransaction } from './transaction.ts';
import { enqueuePush, type PushEvent } from './push.ts';
import type { BookingStatus, BookingsTable, SiteDatabase, SiteTables } from './schema.ts';

export type Booking = {
  readonly id: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly status: BookingStatus;
  readonly day: string;
  readonly slot: string;
  readonly place: string;
  readonly startsAt: string;
  readonly endsAt: string;
  readonly locality: string | undefined;
  readonly job: string;
  readonly glass: string | undefined;
  readonly availability: string | undefined;
  readonly awaitsGlass: boolean;
  readonly name: string;
  readonly phone: string;
  readonly plate: string | undefined;
  readonly notes: string | undefined;
  /** The car as the catalogue names it, for a glass job (a review shows on its product page). */
  readonly car: BookedCar | undefined;
  /** Made from an insurance quote in the panel: its number. */
  readonly quoteNumber: string | undefined;
  /** When the owner last sent the WhatsApp reminder. */
  readonly remindedAt: string | undefined;
};

/** "Peugeot 208", and the catalogue's slugs of that brand and model. */
export type BookedCar = {
  readonly name: string;
  readonly brandSlug: string;
  readonly modelSlug: string;
};

export type NewBooking = Omit<Booking, 'updatedAt' | 'status' | 'remindedAt'> & {
  /** The form's one-time token. */
  readonly formToken: string;
  /** SHA-256 (hex) of the private link's token. */
  readonly manageTokenHash: string;
};

/** What the owner is e-mailed (through the contact outbox), committed with the booking. */
export type BookingNotice = {
  readonly text: string;
  /** The notification to the shop's phones (store/push.ts), queued in the same transaction. */
  readonly push?: PushEvent | undefined;
};

export type BookOutcome =
  | { readonly status: 'booked'; readonly booking: Booking }
  /** The same form again (double submit): the booking it made. */
  | { readonly status: 'repeat'; readonly booking: Booking }
  /** No place left in that window. */
  | { readonly status: 'full' }
  /** The owner closed that day or window meanwhile. */
  | { readonly status: 'closed' };

export type SlotCount = {
  readonly day: string;
  readonly slot: string;
  readonly place: string;
  readonly taken: number;
};

export type DayPlaces = { readonly day: string; readonly place: string; readonly places: number };
export type Closure = { readonly day: string; readonly slot: string };

/** `slot` of a closure that closes the whole day. */
export const WHOLE_DAY = '*';

/** Statuses that hold a place. */
const HOLDING: readonly BookingStatus[] = ['pendiente', 'confirmado'];

export type BookingStore = {
  /**
   * Takes a place and stores the booking and its e-mail, all or nothing. `defaultPlaces` is
   * the window's places unless the owner changed that day's (booking_day_places). No notice:
   * the owner made it (from a quote in the panel), nobody is e-mailed.
   */
  book(
    booking: NewBooking,
    defaultPlaces: number,
    notice: BookingNotice | undefined,
  ): Promise<BookOutcome>;
  /** Moves a booking to another window (its private link's "Cambiar"): the new place first. */
  move(
    id: string,
    to: { day: string; slot: string; startsAt: string; endsAt: string },
    defaultPlaces: number,
    at: Date,
  ): Promise<'moved' | 'full' | 'closed' | 'gone'>;
  /**
   * Cancels and frees the place at once; false when it was not holding one. `push`: the
   * notification to the shop's phones, queued in the same transaction.
   */
  cancel(id: string, at: Date, push?: PushEvent): Promise<boolean>;
  /** Marks a booking confirmed or done (the owner). */
  setStatus(id: string, status: 'confirmado' | 'hecho', at: Date): Promise<boolean>;
  /** By the hash of its private link: the one made at booking, or the last reminder's. */
  findByManageHash(hash: string): Promise<Booking | undefined>;
  /**
   * "Recordar por WhatsApp": marks a booking that holds a place as reminded and keeps the
   * hash of the reminder's private link; undefined when it is cancelled, done or gone.
   */
  markReminded(id: string, remindTokenHash: string, at: Date): Promise<Booking | undefined>;
  findById(id: string): Promise<Booking | undefined>;
  /** Bookings from `from` to `to` (days, both included), by day and window. */
  listBetween(from: string, to: string): Promise<Booking[]>;
  /** Every booking created or changed since `since` or with a day from `fromDay` on (the feed). */
  listForFeed(fromDay: string): Promise<Booking[]>;
  /** Places taken per day, window and place, from `from` to `to`. */
  takenBetween(from: string, to: string): Promise<SlotCount[]>;
  dayPlacesBetween(from: string, to: string): Promise<DayPlaces[]>;
  setDayPlaces(day: string, place: string, places: number | undefined): Promise<void>;
  closuresBetween(from: string, to: string): Promise<Closure[]>;
  /** Closes a day (`slot` = WHOLE_DAY) or one window; `open` = true reopens it. */
  setClosed(day: string, slot: string, closed: boolean): Promise<void>;
  /** Bookings created since `since` (the site-wide ceiling). */
  countCreatedSince(since: Date): Promise<number>;
  /**
   * Deletes the bookings whose window ended before `before` (the retention period); how many.
   * Their reviews stay, unlinked from the booking and its phone; a review not published also
   * loses its text (only its stars and reason are left, for the count of those not published).
   */
  purgeEndedBefore(before: Date): Promise<number>;
  feedToken(): Promise<string | undefined>;
  /** Sets the feed's token (the old one stops working). */
  setFeedToken(token: string, at: Date): Promise<void>;
};

/**
 * Who wants to know, per database, that places changed (a booking made, moved or cancelled,
 * a day's places or a closure set): every store on that database in this process announces its
 * writes, so a reader keeping places in memory (server/bookings/places-view.ts) reads again
 * before its next answer. Other processes' writes are not seen here: that reader polls too.
 */
const placesListeners = new WeakMap<Kysely<SiteTables>, Set<() => void>>();

/** Calls `listener` after every change of places written through a store on `database`. */
export function onPlacesChanged(database: SiteDatabase, listener: () => void): () => void {
  const listeners = placesListeners.get(database.db) ?? new Set();
  placesListeners.set(database.db, listeners);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function createBookingStore(database: SiteDatabase): BookingStore {
  const { db } = database;
  const announce = () => {
    for (const listener of placesListeners.get(db) ?? []) listener();
  };
  const write = <T>(work: (tx: Kysely<SiteTables>) => Promise<T>) =>
    writeTransaction(database, work);

  async function isClosed(tx: Kysely<SiteTables>, day: string, slot: string) {
    const row = await tx
      .selectFrom('booking_closures')
      .select('slot')
      .where('day', '=', day)
      .where('slot', 'in', [slot, WHOLE_DAY])
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The one statement that takes a place: true when a row changed. */
  async function take(
    tx: Kysely<SiteTables>,
    where: { day: string; slot: string; place: string },
    defaultPlaces: number,
  ): Promise<boolean> {
    const override = await tx
      .selectFrom('booking_day_places')
      .select('places')
      .where('day', '=', where.day)
      .where('place', '=', where.place)
      .executeTakeFirst();
    const places = override ? Number(override.places) : defaultPlaces;
    const { day, slot, place } = where;
    await tx
      .insertInto('booking_slots')
      .values({ day, slot, place, places, taken: 0 })
      .onConflict((oc) => oc.columns(['day', 'slot', 'place']).doNothing())
      .execute();
    const result = await tx
      .updateTable('booking_slots')
      .set({ taken: sql<number>`taken + 1`, places })
      .where('day', '=', where.day)
      .where('slot', '=', where.slot)
      .where('place', '=', where.place)
      .where('taken', '<', places)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async function release(tx: Kysely<SiteTables>, b: { day: string; slot: string; place: string }) {
    await tx
      .updateTable('booking_slots')
      .set({ taken: sql<number>`taken - 1` })
      .where('day', '=', b.day)
      .where('slot', '=', b.slot)
      .where('place', '=', b.place)
      .where('taken', '>', 0)
      .execute();
  }

  const bookings = () => db.selectFrom('bookings').selectAll();

  async function byFormToken(token: string) {
    const row = await bookings().where('form_token', '=', token).executeTakeFirst();
    return row ? toBooking(row) : undefined;
  }

  return {
    async book(booking, defaultPlaces, notice) {
      const repeat = await byFormToken(booking.formToken);
      if (repeat) return { status: 'repeat', booking: repeat };
      try {
        const outcome = await write(async (tx): Promise<BookOutcome> => {
          if (await isClosed(tx, booking.day, booking.slot)) return { status: 'closed' };
          if (!(await take(tx, booking, defaultPlaces))) return { status: 'full' };
          await tx.insertInto('bookings').values(toRow(booking)).execute();
          if (notice)
            await tx
              .insertInto('contact_messages')
              .values({
                id: booking.id,
                received_at: booking.createdAt,
                name: booking.name,
                email: '',
                message: notice.text,
                status: 'pending',
                attempts: 0,
                next_attempt_at: booking.createdAt,
                kind: 'booking',
              })
              .execute();
          if (notice?.push) await enqueuePush(tx, notice.push);
          return { status: 'booked', booking: { ...booking, ...fresh(booking.createdAt) } };
        });
        if (outcome.status === 'booked') announce();
        return outcome;
      } catch (error) {
        // The same form posted at the same moment: the other request's booking won the
        // unique form token; answer with it.
        const other = await byFormToken(booking.formToken).catch(() => undefined);
        if (other) return { status: 'repeat', booking: other };
        throw error;
      }
    },

    async move(id, to, defaultPlaces, at) {
      const outcome = await write(async (tx) => {
        const row = await tx
          .selectFrom('bookings')
          .selectAll()
          .where('id', '=', id)
          .where('status', 'in', HOLDING)
          .executeTakeFirst();
        if (!row) return 'gone';
        if (row.day === to.day && row.slot === to.slot) return 'moved';
        if (await isClosed(tx, to.day, to.slot)) return 'closed';
        if (!(await take(tx, { day: to.day, slot: to.slot, place: row.place }, defaultPlaces)))
          return 'full';
        await release(tx, row);
        await tx
          .updateTable('bookings')
          .set({
            day: to.day,
            slot: to.slot,
            starts_at: to.startsAt,
            ends_at: to.endsAt,
            updated_at: at.toISOString(),
          })
          .where('id', '=', id)
          .execute();
        return 'moved' as const;
      });
      if (outcome === 'moved') announce();
      return outcome;
    },

    async cancel(id, at, push) {
      const cancelled = await write(async (tx) => {
        const row = await tx
          .updateTable('bookings')
          .set({ status: 'cancelado', updated_at: at.toISOString() })
          .where('id', '=', id)
          .where('status', 'in', HOLDING)
          .returning(['day', 'slot', 'place'])
          .executeTakeFirst();
        if (!row) return false;
        await release(tx, row);
        if (push) await enqueuePush(tx, push);
        return true;
      });
      if (cancelled) announce();
      return cancelled;
    },

    async setStatus(id, status, at) {
      const result = await db
        .updateTable('bookings')
        .set({ status, updated_at: at.toISOString() })
        .where('id', '=', id)
        .where('status', 'in', HOLDING)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async findByManageHash(hash) {
      const row = await bookings()
        .where((eb) =>
          eb.or([eb('manage_token_hash', '=', hash), eb('remind_token_hash', '=', hash)]),
        )
        .executeTakeFirst();
      return row ? toBooking(row) : undefined;
    },

    async markReminded(id, remindTokenHash, at) {
      const row = await db
        .updateTable('bookings')
        .set({
          reminded_at: at.toISOString(),
          remind_token_hash: remindTokenHash,
          updated_at: at.toISOString(),
        })
        .where('id', '=', id)
        .where('status', 'in', HOLDING)
        .returningAll()
        .executeTakeFirst();
      return row ? toBooking(row) : undefined;
    },

    async findById(id) {
      const row = await bookings().where('id', '=', id).executeTakeFirst();
      return row ? toBooking(row) : undefined;
    },

    async listBetween(from, to) {
      const rows = await bookings()
        .where('day', '>=', from)
        .where('day', '<=', to)
        .orderBy('day')
        .orderBy('starts_at')
        .orderBy('created_at')
        .execute();
      return rows.map(toBooking);
    },

    async listForFeed(fromDay) {
      const rows = await bookings()
        .where('day', '>=', fromDay)
        .orderBy('starts_at')
        .orderBy('created_at')
        .execute();
      return rows.map(toBooking);
    },

    async takenBetween(from, to) {
      const rows = await db
        .selectFrom('booking_slots')
        .select(['day', 'slot', 'place', 'taken'])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .execute();
      return rows.map((r) => ({ ...r, taken: Number(r.taken) }));
    },

    async dayPlacesBetween(from, to) {
      const rows = await db
        .selectFrom('booking_day_places')
        .selectAll()
        .where('day', '>=', from)
        .where('day', '<=', to)
        .execute();
      return rows.map((r) => ({ ...r, places: Number(r.places) }));
    },

    async setDayPlaces(day, place, places) {
      if (places === undefined) {
        await db
          .deleteFrom('booking_day_places')
          .where('day', '=', day)
          .where('place', '=', place)
          .execute();
      } else {
        await db
          .insertInto('booking_day_places')
          .values({ day, place, places })
          .onConflict((oc) => oc.columns(['day', 'place']).doUpdateSet({ places }))
          .execute();
      }
      announce();
    },

    async closuresBetween(from, to) {
      return db
        .selectFrom('booking_closures')
        .selectAll()
        .where('day', '>=', from)
        .where('day', '<=', to)
        .execute();
    },

    async setClosed(day, slot, closed) {
      if (!closed) {
        await db
          .deleteFrom('booking_closures')
          .where('day', '=', day)
          .where('slot', '=', slot)
          .execute();
      } else {
        await db
          .insertInto('booking_closures')
          .values({ day, slot })
          .onConflict((oc) => oc.columns(['day', 'slot']).doNothing())
          .execute();
      }
      announce();
    },

    async countCreatedSince(since) {
      const row = await db
        .selectFrom('bookings')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('created_at', '>=', since.toISOString())
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async purgeEndedBefore(before) {
      return write(async (tx) => {
        const ended = tx
          .selectFrom('bookings')
          .select('id')
          .where('ends_at', '<', before.toISOString());
        await tx
          .updateTable('reviews')
          .set({ body: '' })
          .where('booking_id', 'in', ended)
          .where('status', '=', 'oculta')
          .execute();
        await tx
          .updateTable('reviews')
          .set({ booking_id: null })
          .where('booking_id', 'in', ended)
          .execute();
        await tx.deleteFrom('review_links').where('booking_id', 'in', ended).execute();
        const result = await tx
          .deleteFrom('bookings')
          .where('ends_at', '<', before.toISOString())
          .executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    },

    async feedToken() {
      const row = await db
        .selectFrom('booking_feed')
        .select('token')
        .where('id', '=', 'feed')
        .executeTakeFirst();
      return row?.token;
    },

    async setFeedToken(token, at) {
      const created_at = at.toISOString();
      await db
        .insertInto('booking_feed')
        .values({ id: 'feed', token, created_at })
        .onConflict((oc) => oc.column('id').doUpdateSet({ token, created_at }))
        .execute();
    },
  };
}

function fresh(at: string): {
  updatedAt: string;
  status: BookingStatus;
  remindedAt: undefined;
} {
  return { updatedAt: at, status: 'pendiente', remindedAt: undefined };
}

function toRow(b: NewBooking): BookingsTable {
  return {
    id: b.id,
    form_token: b.formToken,
    manage_token_hash: b.manageTokenHash,
    created_at: b.createdAt,
    updated_at: b.createdAt,
    status: 'pendiente',
    day: b.day,
    slot: b.slot,
    place: b.place,
    starts_at: b.startsAt,
    ends_at: b.endsAt,
    locality: b.locality ?? null,
    job: b.job,
    glass: b.glass ?? null,
    availability: b.availability ?? null,
    awaits_glass: b.awaitsGlass ? 1 : 0,
    name: b.name,
    phone: b.phone,
    plate: b.plate ?? null,
    notes: b.notes ?? null,
    car: b.car?.name ?? null,
    brand_slug: b.car?.brandSlug ?? null,
    model_slug: b.car?.modelSlug ?? null,
    quote_number: b.quoteNumber ?? null,
    reminded_at: null,
    remind_token_hash: null,
  };
}

function toBooking(r: BookingsTable): Booking {
  return {
    id: r.id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    status: r.status,
    day: r.day,
    slot: r.slot,
    place: r.place,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    locality: r.locality ?? undefined,
    job: r.job,
    glass: r.glass ?? undefined,
    availability: r.availability ?? undefined,
    awaitsGlass: Number(r.awaits_glass) === 1,
    name: r.name,
    phone: r.phone,
    plate: r.plate ?? undefined,
    notes: r.notes ?? undefined,
    car:
      r.car !== null && r.brand_slug !== null && r.model_slug !== null
        ? { name: r.car, brandSlug: r.brand_slug, modelSlug: r.model_slug }
        : undefined,
    quoteNumber: r.quote_number ?? undefined,
    remindedAt: r.reminded_at ?? undefined,
  };
}
