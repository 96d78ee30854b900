/**
 * The shop's facts the site serves and the panel (and `npm run owner -- facts`) publishes: the
 * newest version in the site's database (store/facts.ts) that reads as valid facts; with none,
 * the first version (client/facts/defaults.ts). Every instance follows the newest: a publish on
 * this instance swaps at once, one elsewhere (another instance, the CLI) within a poll
 * (`pollMs`, 1 s), on SQLite as on PostgreSQL. A damaged row is logged and skipped, never
 * served: the last good version keeps serving. Pages read `current()` per request; a swap calls
 * the subscribers, which rebuild the kept pages (server/site.ts).
 * Why: docs/decisions/2026-11-28-shop-facts.md.
 */
import { defaultDocument } from '../../client/facts/defaults.ts';
import {
  checkFacts,
  checkFactsJson,
  serializeFacts,
  toShopFacts,
  type FactsDocument,
} from '../../client/facts/document.ts';
import type { ShopFacts } from '../../client/facts/types.ts';
import { createFactsQueries, type FactsEntry, type FactsVersion } from '../../store/facts.ts';
import type { FactsSource as PublishSource, SiteDatabase } from '../../store/schema.ts';
import { followNewest, serial } from '../follow-newest.ts';
import type { Logger } from '../logger.ts';
import type { FactsSource } from './source.ts';

export type { FactsEntry };

export type FactsPublishInput = {
  readonly document: FactsDocument;
  /** The version the owner previewed (`version()` then). */
  readonly expectedSeq: number;
  readonly by: string;
  readonly source: PublishSource;
  readonly summary: string;
  readonly restoredFrom?: number | undefined;
};

export type FactsPublishResult =
  | { ok: true; entry: FactsEntry }
  /** Someone published since the preview: nothing was changed. */
  | { ok: false; reason: 'stale' }
  | { ok: false; reason: 'invalid' };

export interface FactsStore extends FactsSource {
  /** The newest version published (0: none yet, the first version serves): what a preview is made against. */
  version(): number;
  /** The live facts as the owner typed them (the forms start from them). */
  document(): FactsDocument;
  publish(input: FactsPublishInput): Promise<FactsPublishResult>;
  /** Every published version, newest first. */
  history(): Promise<FactsEntry[]>;
  /** A published version's facts, if its row reads as valid; 0: the first version. */
  versionDocument(seq: number): Promise<FactsDocument | undefined>;
  close(): void;
}

export type FactsStoreOptions = {
  readonly database: SiteDatabase;
  readonly logger: Logger;
  /** The site's clock (when a version was published). */
  readonly now: () => Date;
  /** How often each instance looks for a newer version. */
  readonly pollMs?: number;
};

type Live = { readonly seq: number; readonly document: FactsDocument; readonly facts: ShopFacts };

/** A row's document, or undefined when it does not read as valid facts (logged). */
function readable(version: FactsVersion, logger: Logger): FactsDocument | undefined {
  const checked = checkFactsJson(version.body);
  if (checked.ok) return checked.document;
  logger.error(
    { seq: version.seq, problem: checked.problems[0] },
    'facts: a published version is damaged; it is skipped',
  );
  return undefined;
}

export async function openFactsStore({
  database,
  logger,
  now,
  pollMs = 1_000,
}: FactsStoreOptions): Promise<FactsStore> {
  const queries = createFactsQueries(database);

  /** The newest readable version above `floor`. */
  async function newestReadable(floor: number): Promise<Live | undefined> {
    const found = await queries.newestReadable((row) => readable(row, logger), floor);
    return found
      ? { seq: found.version.seq, document: found.value, facts: toShopFacts(found.value) }
      : undefined;
  }

  const first: Live = { seq: 0, document: defaultDocument, facts: toShopFacts(defaultDocument) };
  let latest = 0;
  let live = first;
  try {
    latest = await queries.latestSeq();
    live = (await newestReadable(0)) ?? first;
    if (live.seq > 0) logger.info({ seq: live.seq }, 'facts: serving the published version');
  } catch (error) {
    // The database is down at start: the first version serves until the poll reads the newest.
    logger.error(
      { err: error },
      'facts: cannot read the published facts; serving the first version',
    );
  }

  const listeners = new Set<() => void>();
  const swap = (next: Live) => {
    if (next.seq <= live.seq) return;
    live = next;
    logger.info({ seq: live.seq }, 'facts published');
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        logger.error({ err: error }, 'facts listener failed');
      }
    }
  };

  const poll = followNewest({
    pollMs,
    latestSeq: () => queries.latestSeq(),
    seen: () => latest,
    onNewer: async (newest) => {
      const found = await newestReadable(live.seq);
      latest = newest;
      if (found) swap(found);
    },
    logger,
    what: 'the published facts',
  });

  const queue = serial();
  return {
    current: () => live.facts,
    version: () => latest,
    document: () => live.document,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish: (input) =>
      queue(async () => {
        const checked = checkFacts(input.document);
        if (!checked.ok) return { ok: false, reason: 'invalid' };
        const outcome = await queries.publish({
          body: serializeFacts(checked.document),
          expectedSeq: input.expectedSeq,
          publishedAt: now().toISOString(),
          publishedBy: input.by,
          source: input.source,
          summary: input.summary,
          restoredFrom: input.restoredFrom,
        });
        if (!outcome.ok) {
          latest = Math.max(latest, outcome.currentSeq);
          return { ok: false, reason: 'stale' };
        }
        latest = Math.max(latest, outcome.entry.seq);
        swap({
          seq: outcome.entry.seq,
          document: checked.document,
          facts: toShopFacts(checked.document),
        });
        return { ok: true, entry: outcome.entry };
      }),
    history: () => queries.list(),
    async versionDocument(seq) {
      if (seq === 0) return defaultDocument;
      const row = await queries.get(seq);
      return row ? readable(row, logger) : undefined;
    },
    close: () => poll.stop(),
  };
}
