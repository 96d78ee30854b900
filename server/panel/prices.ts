/**
 * The prices screen's service (client/panel/prices-types.ts): a sheet read by the CLI's own
 * reader (sheet/), kept as a draft in the site's database (any instance may get the publish),
 * previewed against the live catalogue, published through the catalogue store
 * (server/catalogue-store.ts) with a compare-and-set on the hash the preview was made against.
 */
import { randomBytes } from 'node:crypto';
import { catalogueSchema, type Catalogue } from '../../catalogue/schema.ts';
import { DEFAULT_VALID_DAYS } from '../../catalogue/validity.ts';
import type { HistoryEntry, Prices } from '../../client/panel/prices-types.ts';
import { buildFromFile } from '../../sheet/build.ts';
import { previewChanges, summarize } from '../../sheet/preview.ts';
import { createCatalogueQueries, KEPT_VERSIONS } from '../../store/catalogues.ts';
import type { SiteDatabase } from '../../store/schema.ts';
import type { CatalogueStore } from '../catalogue-store.ts';

/** A preview nobody published is forgotten after a day. */
const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;
/** The preview page lists this many changes (biggest first) and counts the rest. */
export const SHOWN_CHANGES = 300;
/** The file name as the owner's computer gave it, shortened for the history. */
const NAME_MAX = 120;

function catalogueOf(body: string): Catalogue | undefined {
  try {
    const parsed = catalogueSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function createPrices({
  store,
  database,
  now,
}: {
  store: CatalogueStore;
  database: SiteDatabase;
  now: () => Date;
}): Prices {
  const queries = createCatalogueQueries(database);
  const liveCatalogue = () => store.current().lookup.catalogue;

  return {
    async upload(file, by) {
      const built = await buildFromFile(file.bytes, {
        builtAt: now(),
        validDays: DEFAULT_VALID_DAYS,
      });
      if (!built.ok) return { ok: false, problems: built.problems };
      await queries.purgeDrafts(new Date(now().getTime() - DRAFT_TTL_MS));
      const id = randomBytes(16).toString('hex');
      await queries.saveDraft({
        id,
        baseHash: store.current().hash,
        // Compact: a draft of 20,000 versions is half the size of the pretty file; publishing
        // writes the file's own format (server/catalogue-store.ts).
        body: JSON.stringify(built.catalogue),
        fileName: file.name.slice(0, NAME_MAX) || 'planilla',
        createdBy: by,
        createdAt: now().toISOString(),
      });
      return { ok: true, draftId: id };
    },

    async preview(draftId) {
      const draft = await queries.getDraft(draftId);
      const next = draft ? catalogueOf(draft.body) : undefined;
      if (!draft || !next) return undefined;
      const preview = previewChanges(liveCatalogue(), next);
      return {
        id: draft.id,
        fileName: draft.fileName,
        validDays: DEFAULT_VALID_DAYS,
        ...preview,
        changes: preview.changes.slice(0, SHOWN_CHANGES),
        totalChanges: preview.changes.length,
        flags: preview.flags.slice(0, SHOWN_CHANGES),
        totalFlags: preview.flags.length,
      };
    },

    async publish(draftId, { by, confirmed }) {
      const draft = await queries.getDraft(draftId);
      const next = draft ? catalogueOf(draft.body) : undefined;
      if (!draft || !next) return { ok: false, reason: 'missing' };
      const live = store.current();
      if (draft.baseHash !== live.hash) {
        await queries.rebaseDraft(draft.id, live.hash);
        return { ok: false, reason: 'stale' };
      }
      const preview = previewChanges(live.lookup.catalogue, next);
      if (preview.flags.length > 0 && !confirmed)
        return { ok: false, reason: 'needs-confirmation' };
      const summary = summarize(preview);
      const result = await store.publish({
        body: draft.body,
        expectedHash: draft.baseHash,
        by,
        source: 'panel',
        fileName: draft.fileName,
        summary,
      });
      if (!result.ok) {
        await queries.rebaseDraft(draft.id, store.current().hash);
        return { ok: false, reason: 'stale' };
      }
      await queries.deleteDraft(draft.id);
      return { ok: true, seq: result.entry.seq, summary };
    },

    async history() {
      const entries = await store.history();
      const liveHash = store.current().hash;
      const newest = entries[0]?.seq ?? 0;
      return entries.map((entry, index): HistoryEntry => ({
        seq: entry.seq,
        publishedAt: entry.publishedAt,
        publishedBy: entry.publishedBy,
        source: entry.source,
        fileName: entry.fileName,
        summary: entry.summary,
        restoredFrom: entry.restoredFrom,
        live: index === 0 && entry.hash === liveHash,
        restorable: !(index === 0 && entry.hash === liveHash) && entry.seq > newest - KEPT_VERSIONS,
      }));
    },

    async restore(seq, by) {
      const body = await store.version(seq);
      const old = body ? catalogueOf(body) : undefined;
      if (!body || !old) return { ok: false, reason: 'missing' };
      const live = store.current();
      const result = await store.publish({
        body,
        expectedHash: live.hash,
        by,
        source: 'restore',
        summary: `Vuelve a la versión ${seq}: ${summarize(previewChanges(live.lookup.catalogue, old))}`,
        restoredFrom: seq,
      });
      return result.ok ? { ok: true, seq: result.entry.seq } : { ok: false, reason: 'stale' };
    },
  };
}
