/**
 * The demand figures: per calendar day in Jujuy, how many times each kind of thing happened
 * to each key (a page, a version, a WhatsApp destination, a model nobody found). Rows are
 * (day, kind, key, count) and nothing else: no address, browser or identifier ever reaches
 * this table (docs/decisions/2026-11-25-demand-counts.md).
 */
import { sql } from 'kysely';
import type { SiteDatabase } from './schema.ts';

export const DEMAND_KINDS = [
  /** A page: key is its path (a product page's canonical path, `/parabrisas`, `/turnos`, ...). */
  'view',
  /** A version link of a product page: key `{canonical}?version={id}`. */
  'version',
  /** A click through `/ir/whatsapp/...`: key is what the visitor was looking at. */
  'whatsapp',
  /** A brand or model not in the catalogue (a 404 or a picker search): key `{pieza}/{marca}/{modelo}`. */
  'not-found',
  /** A contact message stored: key ''. */
  'contact',
  /** A booking taken (`/turnos`): key ''. */
  'booking',
  /** An insurance quote issued: key as `version`'s (`{canonical}[?version={id}]`). */
  'quote',
] as const;
export type DemandKind = (typeof DEMAND_KINDS)[number];

export type DemandCount = {
  /** `YYYY-MM-DD` in Jujuy. */
  readonly day: string;
  readonly kind: DemandKind;
  readonly key: string;
  readonly count: number;
};

/** Days from `from` to `to`, both included (`YYYY-MM-DD`). */
export type DayRange = { readonly from: string; readonly to: string };

export type CountStore = {
  /** Adds a batch to the day's figures, in one transaction (all of it or nothing). */
  add(batch: readonly DemandCount[]): Promise<void>;
  /** Per key, the sum over the range, highest first. */
  totals(
    kind: DemandKind,
    range: DayRange,
    limit?: number,
  ): Promise<{ key: string; count: number }[]>;
  /** Per day and kind, the sum over every key (days without any count are absent). */
  daily(
    kinds: readonly DemandKind[],
    range: DayRange,
  ): Promise<{ day: string; kind: DemandKind; count: number }[]>;
};

function isKind(value: string): value is DemandKind {
  return DEMAND_KINDS.some((kind) => kind === value);
}

export function createCountStore({ db }: SiteDatabase): CountStore {
  return {
    async add(batch) {
      if (batch.length === 0) return;
      await db.transaction().execute(async (trx) => {
        for (const row of batch) {
          await trx
            .insertInto('demand_counts')
            .values(row)
            .onConflict((oc) =>
              oc.columns(['day', 'kind', 'key']).doUpdateSet({
                count: (eb) => eb('demand_counts.count', '+', eb.ref('excluded.count')),
              }),
            )
            .execute();
        }
      });
    },
    async totals(kind, range, limit = 1_000) {
      const rows = await db
        .selectFrom('demand_counts')
        .select(['key', sql<number | string>`sum(count)`.as('total')])
        .where('kind', '=', kind)
        .where('day', '>=', range.from)
        .where('day', '<=', range.to)
        .groupBy('key')
        .orderBy('total', 'desc')
        .orderBy('key')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ key: row.key, count: Number(row.total) }));
    },
    async daily(kinds, range) {
      if (kinds.length === 0) return [];
      const rows = await db
        .selectFrom('demand_counts')
        .select(['day', 'kind', sql<number | string>`sum(count)`.as('total')])
        .where('kind', 'in', [...kinds])
        .where('day', '>=', range.from)
        .where('day', '<=', range.to)
        .groupBy(['day', 'kind'])
        .orderBy('day')
        .execute();
      return rows.flatMap((row) =>
        isKind(row.kind) ? [{ day: row.day, kind: row.kind, count: Number(row.total) }] : [],
      );
    },
  };
}
