/**
 * Which requests count, and as what. The site's listener calls `onRequest` for every request
 * (kept pages included) before answering it: an uncounted path returns after a set lookup;
 * a counted one adds to a map in memory (server/demand/tally.ts).
 *
 * Not counted: anything but GET (HEAD included), bots and link previews (isbot matches
 * WhatsApp's and Facebook's fetchers), prefetches and prerenders, the shop's own people
 * (a panel session), and more than a handful of views of one page from one client a day.
 */
import type { IncomingMessage } from 'node:http';
import { isbot } from 'isbot';
import type { CatalogueSource } from '../live-catalogue.ts';
import { SESSION_COOKIE } from '../panel/session.ts';
import type { ClientKeys } from './client-key.ts';
import { talliesOf, type Tally } from './counted-pages.ts';
import type { DemandTally } from './tally.ts';

export type DemandCounting = {
  /** Counts the request if it is a counted page and a counted visitor. */
  onRequest(req: IncomingMessage): void;
  /** Counts `tally` for this request's visitor unless the request is excluded. */
  countFor(req: IncomingMessage, tally: Tally): void;
  readonly tally: DemandTally;
};

export type DemandCountingOptions = {
  readonly tally: DemandTally;
  readonly catalogue: CatalogueSource;
  /** Who the request came from, for the per-client cap only (resolved by the tally). */
  readonly clients: ClientKeys;
  /** A request of the shop's own people (a panel session): never counted. */
  readonly isStaff?: (req: IncomingMessage) => boolean;
};

/** Remembered answers (per URL, per user agent) before the maps start over. */
const MEMO_ENTRIES = 5_000;

export function createDemandCounting(options: DemandCountingOptions): DemandCounting {
  const { tally, catalogue, isStaff, clients } = options;
  // A catalogue lookup and isbot's pattern cost microseconds; the same pages and browsers
  // come back all day, so their answers are remembered (for the current catalogue).
  let talliesFor = catalogue.current().lookup;
  let tallies = new Map<string, readonly Tally[]>();
  let bots = new Map<string, boolean>();

  const talliesOfUrl = (url: string): readonly Tally[] => {
    const lookup = catalogue.current().lookup;
    if (lookup !== talliesFor || tallies.size >= MEMO_ENTRIES) {
      talliesFor = lookup;
      tallies = new Map();
    }
    let found = tallies.get(url);
    if (found === undefined) {
      found = talliesOf(url, lookup);
      tallies.set(url, found);
    }
    return found;
  };

  const bot = (agent: string): boolean => {
    let known = bots.get(agent);
    if (known === undefined) {
      if (bots.size >= MEMO_ENTRIES) bots = new Map();
      known = isbot(agent);
      bots.set(agent, known);
    }
    return known;
  };

  const excluded = (req: IncomingMessage): boolean =>
    isPrefetch(req) || bot(req.headers['user-agent'] ?? '') || (isStaff?.(req) ?? false);

  return {
    tally,
    onRequest(req) {
      if (req.method !== 'GET') return;
      const counted = talliesOfUrl(req.url ?? '');
      if (counted.length === 0 || excluded(req)) return;
      const who = clients.of(req);
      for (const t of counted) tally.count(t, who);
    },
    countFor(req, t) {
      if (req.method !== 'GET' || excluded(req)) return;
      tally.count(t, clients.of(req));
    },
  };
}

/**
 * The shop's own people: a browser that carries the panel's session cookie. Not checked
 * against the database (a count is not worth a query); a stale cookie only means that
 * browser is not counted, as the owner's own phone should not be anyway.
 */
export function carriesPanelSession(req: IncomingMessage): boolean {
  const cookie = req.headers.cookie;
  return cookie !== undefined && cookie.includes(`${SESSION_COOKIE}=`);
}

/** `Sec-Purpose: prefetch` (also `prefetch;prerender`) or the older `Purpose: prefetch`. */
function isPrefetch(req: IncomingMessage): boolean {
  const purpose = req.headers['sec-purpose'] ?? req.headers.purpose;
  return typeof purpose === 'string' && purpose.includes('prefetch');
}
