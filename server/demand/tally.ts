/**
 * The demand counts in memory: each counted request adds one to a map entry (nothing else on
 * the request path), and the map is written to the database in one batch every few seconds
 * and at shutdown. A clean stop loses nothing; a crash loses at most the last interval.
 *
 * Repeats are capped per client, per page and per day: the client is known only as a hash of
 * its address and browser with a salt that lives in memory and changes every day, so
 * yesterday's hashes cannot be linked to today's, and none is ever written
 * (docs/decisions/2026-11-25-demand-counts.md). The cap is applied in the batch, not on the
 * request path: a request only adds one to its (client, page) entry, and the batch resolves
 * and hashes each client once, however many requests it made in those seconds.
 */
import { hash, randomBytes } from 'node:crypto';
import { nextShopDayAt, shopDate } from '../../catalogue/validity.ts';
import type { CountStore, DemandCount, DemandKind } from '../../store/counts.ts';
import type { Logger } from '../logger.ts';
import type { Tally } from './counted-pages.ts';

export type DemandTallyOptions = {
  readonly store: CountStore;
  readonly now: () => Date;
  readonly logger: Logger;
  /** How often pending counts are written; default 5 s. */
  readonly flushMs?: number;
  /** Counts of one page from one client in one day; default 5. */
  readonly capPerClient?: number;
  /** Who a client is for the cap, from what `count` was given (server/demand/client-key.ts). */
  readonly resolveClient?: (client: Client) => string;
};

/**
 * A request's client as the request names it: its browser, and its address unresolved (the
 * TCP peer and, behind a proxy, X-Forwarded-For). Held for seconds, in memory, never written.
 */
export type Client = { readonly agent: string; readonly address: string };

export const DEFAULT_FLUSH_MS = 5_000;
export const DEFAULT_CAP_PER_CLIENT = 5;
/** Beyond this many (client, page) pairs in a day the cap starts over (bounded memory). */
const MAX_SEEN = 200_000;
/** Beyond this many pending keys, new ones wait for the next flush to be counted. */
const MAX_PENDING = 50_000;
/** Beyond this many (client, tally) entries waiting for the cap, they are settled at once. */
const MAX_UNSETTLED = 20_000;
/**
 * Searches that found nothing are the one kind whose keys the visitor chooses (pages and
 * versions come from the catalogue): past this many different ones in a day, only those
 * already seen that day count, so junk URLs cannot fill the table.
 */
export const MAX_MISSING_PER_DAY = 1_000;

export type DemandTally = {
  /** Counts once, unless `client` already reached the day's cap for this tally. */
  count(tally: Tally, client?: Client): void;
  /** Writes what is pending (the timer does it every few seconds). */
  flush(): Promise<void>;
  start(): void;
  /** Stops the timer and writes what is pending. */
  stop(): Promise<void>;
  /** Counted but not yet written (tests, and the health of the flush). */
  readonly pending: number;
};

export function createDemandTally(options: DemandTallyOptions): DemandTally {
  const { store, now, logger } = options;
  const flushMs = options.flushMs ?? DEFAULT_FLUSH_MS;
  const cap = options.capPerClient ?? DEFAULT_CAP_PER_CLIENT;
  const resolveClient =
    options.resolveClient ?? (({ agent, address }: Client) => `${address}\0${agent}`);
  let pending = new Map<string, { -readonly [K in keyof DemandCount]: DemandCount[K] }>();
  let day = '';
  /** When `day` ends (formatting a date in Jujuy's zone on every count would cost more). */
  let dayEndsAt = 0;
  let salt = randomBytes(16).toString('base64');
  let seen = new Map<string, number>();
  /**
   * Requests since the last batch, per browser, per address as given, per tally: nested so
   * that a request hashes no string of its own (the browser's was hashed by the bot check).
   */
  let unsettled = new Map<string, Map<string, Map<Tally, number>>>();
  let unsettledEntries = 0;
  let missing = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const today = (): string => {
    const instant = now();
    if (instant.getTime() < dayEndsAt) return day;
    dayEndsAt = nextShopDayAt(instant);
    const current = shopDate(instant);
    if (current !== day) {
      // What was counted before midnight belongs to that day, under that day's salt.
      settle();
      day = current;
      salt = randomBytes(16).toString('base64');
      seen = new Map();
      missing = new Set();
    }
    return day;
  };

  /** Applies the cap to what each client asked for since the last batch. */
  function settle() {
    if (unsettledEntries === 0) return;
    const batch = unsettled;
    unsettled = new Map();
    unsettledEntries = 0;
    for (const [agent, byAddress] of batch) {
      for (const [address, byTally] of byAddress) {
        const who = resolveClient({ agent, address });
        for (const [{ kind, key }, count] of byTally) {
          const id = hash('sha256', [salt, who, kind, key].join('\0'), 'base64url');
          const views = seen.get(id) ?? 0;
          const counted = Math.min(count, cap - views);
          if (counted <= 0) continue;
          if (seen.size >= MAX_SEEN) seen = new Map();
          seen.set(id, views + counted);
          add(day, kind, key, counted);
        }
      }
    }
  }

  function remember(tally: Tally, { agent, address }: Client) {
    if (unsettledEntries >= MAX_UNSETTLED) settle();
    let byAddress = unsettled.get(agent);
    if (byAddress === undefined) {
      byAddress = new Map();
      unsettled.set(agent, byAddress);
    }
    let byTally = byAddress.get(address);
    if (byTally === undefined) {
      byTally = new Map();
      byAddress.set(address, byTally);
    }
    const count = byTally.get(tally);
    if (count === undefined) unsettledEntries += 1;
    byTally.set(tally, (count ?? 0) + 1);
  }

  const write = async () => {
    settle();
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending = new Map();
    try {
      await store.add(batch);
    } catch (error) {
      // Kept for the next flush (the database may be back by then).
      for (const row of batch) add(row.day, row.kind, row.key, row.count);
      logger.warn({ err: error, pending: pending.size }, 'demand counts: not written, retrying');
    }
  };

  function add(rowDay: string, kind: DemandKind, key: string, count: number) {
    const id = `${rowDay}\0${kind}\0${key}`;
    const row = pending.get(id);
    if (row) row.count += count;
    else if (pending.size < MAX_PENDING) pending.set(id, { day: rowDay, kind, key, count });
  }

  const flush = () => {
    // One write at a time: a slow database never has two batches racing.
    writing = writing.then(write);
    return writing;
  };

  return {
    count(tally, client) {
      const current = today();
      const { kind, key } = tally;
      if (kind === 'not-found' && !missing.has(key)) {
        if (missing.size >= MAX_MISSING_PER_DAY) return;
        missing.add(key);
      }
      if (client === undefined) add(current, kind, key, 1);
      else remember(tally, client);
    },
    flush,
    start() {
      timer ??= setInterval(() => void flush(), flushMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await flush();
    },
    get pending() {
      settle();
      return pending.size;
    },
  };
}
