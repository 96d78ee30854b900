/**
 * Datos del negocio's service (client/panel/facts-types.ts) on the facts store
 * (server/facts/store.ts): the preview in words against the live facts, with the bookings a
 * new closed day leaves standing; publish as a compare-and-set on the previewed version;
 * history and "Volver a esta versión" (itself a publish).
 */
import { dayLong } from '../../client/booking/days.ts';
import { describeChanges, summarizeChanges } from '../../client/facts/changes.ts';
import type { FactsDocument } from '../../client/facts/document.ts';
import type { FactsHistoryEntry, ShopFactsService } from '../../client/panel/facts-types.ts';
import type { BookingStore } from '../../store/bookings.ts';
import type { FactsStore } from '../facts/store.ts';

/** Bookings still to be done on the days a draft closes that are open now. */
async function bookingsOnNewClosedDays(
  bookings: BookingStore,
  before: FactsDocument,
  after: FactsDocument,
): Promise<string[]> {
  const known = new Set(before.closedDays.map((d) => d.date));
  const added = after.closedDays.filter((d) => !known.has(d.date)).map((d) => d.date);
  if (added.length === 0) return [];
  const sorted = [...added].sort();
  const rows = await bookings.listBetween(sorted[0] ?? '', sorted.at(-1) ?? '');
  return sorted.flatMap((day) => {
    const active = rows.filter(
      (b) => b.day === day && (b.status === 'pendiente' || b.status === 'confirmado'),
    ).length;
    if (active === 0) return [];
    return [
      `El ${dayLong(day)} ya tiene ${active === 1 ? 'un turno' : `${active} turnos`}: ${active === 1 ? 'sigue' : 'siguen'} en pie (no se borra ninguno) y la agenda lo marca. Avisale a cada cliente o cambiale el día.`,
    ];
  });
}

export function createShopFacts(store: FactsStore, bookings: BookingStore): ShopFactsService {
  return {
    live: () => ({ seq: store.version(), document: store.document() }),

    async preview(document) {
      const before = store.document();
      return {
        sections: describeChanges(before, document),
        warnings: await bookingsOnNewClosedDays(bookings, before, document),
      };
    },

    async publish(document, { expectedSeq, by }) {
      if (expectedSeq !== store.version()) return { ok: false, reason: 'stale' };
      const sections = describeChanges(store.document(), document);
      if (sections.length === 0) return { ok: false, reason: 'unchanged' };
      const summary = summarizeChanges(sections);
      const result = await store.publish({ document, expectedSeq, by, source: 'panel', summary });
      if (!result.ok) return result;
      return { ok: true, seq: result.entry.seq, summary };
    },

    async history() {
      const entries = await store.history();
      const newest = entries[0]?.seq ?? 0;
      const published = await Promise.all(
        entries.map(async (entry): Promise<FactsHistoryEntry> => ({
          seq: entry.seq,
          publishedAt: entry.publishedAt,
          publishedBy: entry.publishedBy,
          source: entry.source,
          summary: entry.summary,
          restoredFrom: entry.restoredFrom,
          live: entry.seq === newest,
          restorable:
            entry.seq !== newest && (await store.versionDocument(entry.seq)) !== undefined,
        })),
      );
      const first: FactsHistoryEntry = {
        seq: 0,
        publishedAt: undefined,
        publishedBy: undefined,
        source: 'initial',
        summary: 'Los valores de los módulos de contenido, antes de publicar nada.',
        restoredFrom: undefined,
        live: newest === 0,
        restorable: newest !== 0,
      };
      return [...published, first];
    },

    async restore(seq, by) {
      const old = await store.versionDocument(seq);
      if (!old) return { ok: false, reason: 'missing' };
      const expectedSeq = store.version();
      const sections = describeChanges(store.document(), old);
      if (sections.length === 0) return { ok: false, reason: 'unchanged' };
      const summary = `Vuelve a la versión ${seq}: ${summarizeChanges(sections)}`;
      const result = await store.publish({
        document: old,
        expectedSeq,
        by,
        source: 'restore',
        summary,
        restoredFrom: seq,
      });
      if (!result.ok) return { ok: false, reason: result.reason === 'stale' ? 'stale' : 'missing' };
      return { ok: true, seq: result.entry.seq, summary };
    },
  };
}
