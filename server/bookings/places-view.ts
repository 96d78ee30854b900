/**
 * The places the booking form shows, kept in memory: the owner's closures, the owner's places
 * per day and the places taken, for every day from today on, as last read from the database.
 * The form (`/turnos`), the island's JSON and the private page read them here instead of
 * querying per request; the page cache keeps `/turnos` pages built from them (source
 * 'bookings') until they change.
 *
 * - A write in this process (a booking, a move, a cancellation, the owner's places or
 *   closures: store/bookings.ts announces each) makes the view read again before its next
 *   answer, and says so at once: the next render shows it.
 * - Another instance's writes are found by reading again every `pollMs` (2 s): they show within
 *   that time (the bound is 5 s).
 * - A 'full' or 'closed' answer from the database means the view was behind: the booking
 *   service calls changed(), so the 409 page offers only windows that still have places.
 *
 * - When the database cannot be read, or takes over a second, the last rows read keep serving (the pages never need
 *   the database to answer: docs/decisions/2026-12-04-pages-never-read-the-database.md);
 *   with none read yet, the shop's usual places (no closure, nothing taken) until a read
 *   completes.
 *
 * The database stays the only judge of a place (the conditional UPDATE in store/bookings.ts):
 * a view a poll behind can show a window as free for that long, never book it.
 */
import { shopDate, type IsoDate } from '../../catalogue/validity.ts';
import type { BookingStore, Closure, DayPlaces, SlotCount } from '../../store/bookings.ts';
import type { Logger } from '../logger.ts';

export type PlacesSnapshot = {
  /** The first day the rows cover: today in Jujuy when they were read. */
  readonly since: IsoDate;
  readonly closures: readonly Closure[];
  readonly taken: readonly SlotCount[];
  readonly dayPlaces: readonly DayPlaces[];
};

export type PlacesView = {
  /** The rows as they are now: read again first when something changed or the day did. */
  current(): Promise<PlacesSnapshot>;
  /** Places changed, or may have: read again before the next answer, and tell the listeners. */
  changed(): void;
  /** Called whenever the places shown may differ (the page cache drops 'bookings' pages). */
  onChange(listener: () => void): () => void;
  /** Starts looking for other instances' changes. */
  start(): void;
  stop(): void;
};

export type PlacesViewOptions = {
  readonly store: BookingStore;
  /** This process's writes (store/bookings.ts, onPlacesChanged). */
  readonly subscribe: (listener: () => void) => () => void;
  readonly now: () => Date;
  readonly logger: Logger;
  readonly pollMs?: number;
};

/** How often other instances' changes are looked for. */
export const PLACES_POLL_MS = 2_000;

/** How long a page waits for a fresh read before showing the last rows. */
const READ_PATIENCE_MS = 1_000;

const LAST_DAY = '9999-12-31';

export function createPlacesView(options: PlacesViewOptions): PlacesView {
  const { store, now, logger } = options;
  const listeners = new Set<() => void>();
  let snapshot: PlacesSnapshot | undefined;
  let fingerprint = '';
  /** Bumped by every change; the snapshot is current when it was read at the latest one. */
  let changes = 0;
  let readAt = -1;
  let reading: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const notify = () => {
    for (const listener of listeners) listener();
  };
  const changed = () => {
    changes += 1;
    notify();
  };
  const unsubscribe = options.subscribe(changed);

  /** Reads the rows; when they differ from the last ones read, whoever reads them, says so. */
  async function read(): Promise<void> {
    const at = changes;
    const since = shopDate(now());
    const [closures, taken, dayPlaces] = await Promise.all([
      store.closuresBetween(since, LAST_DAY),
      store.takenBetween(since, LAST_DAY),
      store.dayPlacesBetween(since, LAST_DAY),
    ]);
    const next: PlacesSnapshot = {
      since,
      closures: sortedBy(closures, (c) => `${c.day}/${c.slot}`),
      taken: sortedBy(taken, (t) => `${t.day}/${t.slot}/${t.place}`),
      dayPlaces: sortedBy(dayPlaces, (d) => `${d.day}/${d.place}`),
    };
    const print = JSON.stringify(next);
    // The first read differs only when pages were built from noneRead() meanwhile.
    const differs = snapshot === undefined ? shownNone : print !== fingerprint;
    snapshot = next;
    fingerprint = print;
    readAt = at;
    failing = false;
    slow = false;
    if (differs) notify();
  }

  /** Logged once while the database stays away; a good read ends it. */
  let failing = false;
  /** A read outlasted READ_PATIENCE_MS: pages take the last rows until one completes. */
  let slow = false;
  const failed = (error: unknown) => {
    if (!failing)
      logger.warn({ err: error }, 'bookings: places could not be read; showing the last ones');
    failing = true;
  };
  const readOnce = () => (reading ??= read().finally(() => (reading = undefined)));

  /** Before the first read: no closure, nothing taken, the published places of every day. */
  let shownNone = false;
  const noneRead = (): PlacesSnapshot => {
    shownNone = true;
    return { since: shopDate(now()), closures: [], taken: [], dayPlaces: [] };
  };

  const current = (snap: PlacesSnapshot | undefined): snap is PlacesSnapshot =>
    snap !== undefined && readAt === changes && snap.since === shopDate(now());

  return {
    async current() {
      // A change that arrives while the rows are being read asks for another read.
      while (!current(snapshot)) {
        // The database is away or slow: the last rows read keep the form showing at once (a
        // booking is still judged by the database, which then answers the 503 page). None
        // read yet (a start, or a restart, racing the database): the shop's usual places,
        // until a read completes.
        if (failing || slow) return snapshot ?? noneRead();
        const outcome = await Promise.race([
          readOnce().then(
            () => 'read' as const,
            (error: unknown) => {
              failed(error);
              return 'failed' as const;
            },
          ),
          new Promise<'slow'>((resolve) => setTimeout(() => resolve('slow'), READ_PATIENCE_MS)),
        ]);
        if (outcome === 'slow') slow = true;
        if (outcome !== 'read') return snapshot ?? noneRead();
      }
      return snapshot;
    },
    changed,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (timer) return;
      timer = setInterval(() => {
        readOnce().catch(failed);
      }, options.pollMs ?? PLACES_POLL_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
      unsubscribe();
    },
  };
}

function sortedBy<T>(rows: readonly T[], key: (row: T) => string): T[] {
  return rows
    .map((row) => ({ row, key: key(row) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ row }) => row);
}
