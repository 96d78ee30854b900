/**
 * The one catalogue store the site serves from and the panel publishes to, with two backends
 * behind one interface (docs/decisions/2026-11-25-catalogue-store.md):
 * - one instance (SQLite, no DATABASE_URL): CATALOGUE_FILE is the live catalogue, watched as
 *   before (./live-catalogue.ts); `npm run catalogue -- build` keeps writing it; each publish is
 *   also kept beside it (store/catalogue-files.ts);
 * - DATABASE_URL: published catalogues are rows (store/catalogues.ts) and every instance
 *   follows the newest by polling its number every second.
 * Publishing is a compare-and-set on the hash the preview was made against; the catalogue's
 * price date is renewed at publish.
 */
import { catalogueSchema, restampCatalogue, serializeCatalogue } from '../catalogue/schema.ts';
import { publishToFile, readFileHistory, readFileVersion } from '../store/catalogue-files.ts';
import { catalogueHash, createCatalogueQueries, type PublishedEntry } from '../store/catalogues.ts';
import type { CatalogueSource as PublishSource, SiteDatabase } from '../store/schema.ts';
import { readFile } from 'node:fs/promises';
import { parseCatalogue, type LoadedCatalogue } from './catalogue.ts';
import {
  watchCatalogue,
  type CatalogueListener,
  type CatalogueSource,
  type WatchOptions,
} from './live-catalogue.ts';
import type { Logger } from './logger.ts';
import { followNewest, serial } from './follow-newest.ts';

export type { PublishedEntry };

export type PublishInput = {
  /** The catalogue's JSON as previewed (its date is renewed at publish). */
  readonly body: string;
  /** The live catalogue's hash the preview was made against. */
  readonly expectedHash: string;
  readonly by: string;
  readonly source: Exclude<PublishSource, 'initial'>;
  readonly fileName?: string | undefined;
  readonly summary: string;
  readonly restoredFrom?: number | undefined;
};

export type PublishResult =
  | { ok: true; entry: PublishedEntry; catalogue: LoadedCatalogue }
  /** The live catalogue is no longer the one previewed (someone published, or the CLI ran). */
  | { ok: false; reason: 'stale' }
  | { ok: false; reason: 'invalid'; detail: string };

export interface CatalogueStore extends CatalogueSource {
  readonly backend: 'file' | 'database';
  publish(input: PublishInput): Promise<PublishResult>;
  /** Every published catalogue, newest first. */
  history(): Promise<PublishedEntry[]>;
  /** A published catalogue's JSON, while it is kept. */
  version(seq: number): Promise<string | undefined>;
  close(): void;
}

/** What the history records of a publish, besides its seq and hash. */
function entryFor(input: PublishInput, at: Date): Omit<PublishedEntry, 'seq' | 'hash'> {
  return {
    publishedAt: at.toISOString(),
    publishedBy: input.by,
    source: input.source,
    fileName: input.fileName,
    summary: input.summary,
    restoredFrom: input.restoredFrom,
  };
}

export type CatalogueStoreOptions = {
  readonly file: string;
  readonly initial: LoadedCatalogue;
  readonly database: SiteDatabase;
  readonly logger: Logger;
  readonly now: () => Date;
  /** DATABASE_URL: how often each instance looks for a newer catalogue. */
  readonly pollMs?: number;
  readonly watch?: WatchOptions;
};

/** The previewed JSON with today's date, validated again, as the bytes to publish. */
function restamped(
  body: string,
  now: Date,
): { ok: true; text: string } | { ok: false; detail: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(body);
  } catch {
    return { ok: false, detail: 'no es JSON' };
  }
  const parsed = catalogueSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, detail: parsed.error.issues[0]?.message ?? 'inválido' };
  return { ok: true, text: serializeCatalogue(restampCatalogue(parsed.data, now)) };
}

function loaded(text: string): LoadedCatalogue {
  const parsed = parseCatalogue(new TextEncoder().encode(text));
  if (!parsed.ok) throw new Error(`catalogue rejected after validation: ${parsed.reason}`);
  return parsed.catalogue;
}

export async function openCatalogueStore(options: CatalogueStoreOptions): Promise<CatalogueStore> {
  return options.database.engine === 'postgres' ? databaseStore(options) : fileStore(options);
}

function fileStore({ file, initial, logger, now, watch }: CatalogueStoreOptions): CatalogueStore {
  const live = watchCatalogue(file, initial, logger, watch);
  const queue = serial();
  return {
    backend: 'file',
    current: live.current,
    subscribe: live.subscribe,
    publish: (input) =>
      queue(async () => {
        let onDisk: string;
        try {
          onDisk = await readFile(file, 'utf8');
        } catch {
          return { ok: false, reason: 'stale' } as const;
        }
        if (catalogueHash(onDisk) !== input.expectedHash) {
          // The CLI wrote the file and the watcher has not caught up yet: serve it now, so the
          // fresh preview compares with what is really live.
          await live.reload();
          return { ok: false, reason: 'stale' };
        }
        const at = now();
        const text = restamped(input.body, at);
        if (!text.ok) return { ok: false, reason: 'invalid', detail: text.detail };
        const entry = await publishToFile(file, text.text, entryFor(input, at), {
          body: onDisk,
          publishedAt: loaded(onDisk).builtAt,
        });
        await live.reload();
        return { ok: true, entry, catalogue: live.current() };
      }),
    history: () => readFileHistory(file),
    version: (seq) => readFileVersion(file, seq),
    close: () => live.close(),
  };
}

async function databaseStore({
  file,
  initial,
  database,
  logger,
  now,
  pollMs = 1_000,
}: CatalogueStoreOptions): Promise<CatalogueStore> {
  const queries = createCatalogueQueries(database);
  /** The newest published row; a new database first gets CATALOGUE_FILE as its first version. */
  async function newest() {
    const latest = await queries.latest();
    if (latest) return latest;
    // Two instances starting together insert seq 1 once (the primary key), and the loser
    // reads the winner's row.
    const body = await readFile(file, 'utf8');
    await queries.publish({
      body,
      expectedHash: undefined,
      publishedAt: initial.builtAt,
      publishedBy: 'archivo del catálogo',
      source: 'initial',
      fileName: undefined,
      summary: 'El catálogo del archivo con que arrancó la base de datos.',
      restoredFrom: undefined,
    });
    return queries.latest();
  }
  let latest: Awaited<ReturnType<typeof newest>>;
  /** The database was down at start: the poll does the first read (and insert) when it answers. */
  let unread = false;
  try {
    latest = await newest();
  } catch (error) {
    logger.error(
      { err: error },
      'catalogue: cannot read the published catalogue; serving CATALOGUE_FILE until the database answers',
    );
    unread = true;
  }
  let live = latest ? loaded(latest.body) : initial;
  let seq = latest?.seq ?? 0;
  const listeners = new Set<CatalogueListener>();
  const swap = (next: LoadedCatalogue, nextSeq: number) => {
    if (nextSeq <= seq) return;
    seq = nextSeq;
    if (next.hash === live.hash) return;
    live = next;
    logger.info({ seq, hash: live.hash, models: live.lookup.modelCount }, 'catalogue published');
    for (const listener of listeners) {
      try {
        listener(live);
      } catch (error) {
        logger.error({ err: error }, 'catalogue listener failed');
      }
    }
  };

  const poll = followNewest({
    pollMs,
    latestSeq: async () => {
      if (unread) {
        await newest();
        unread = false;
      }
      return queries.latestSeq();
    },
    seen: () => seq,
    onNewer: async (newestSeq) => {
      const row = await queries.get(newestSeq);
      if (row) swap(loaded(row.body), row.seq);
    },
    logger,
    what: 'the published catalogue',
  });

  const queue = serial();
  return {
    backend: 'database',
    current: () => live,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish: (input) =>
      queue(async () => {
        const at = now();
        const text = restamped(input.body, at);
        if (!text.ok) return { ok: false, reason: 'invalid', detail: text.detail };
        const outcome = await queries.publish({
          body: text.text,
          expectedHash: input.expectedHash,
          ...entryFor(input, at),
        });
        if (!outcome.ok) return { ok: false, reason: 'stale' };
        swap(loaded(text.text), outcome.entry.seq);
        return { ok: true, entry: outcome.entry, catalogue: live };
      }),
    history: () => queries.list(),
    version: async (wanted) => (await queries.get(wanted))?.body,
    close: () => poll.stop(),
  };
}
