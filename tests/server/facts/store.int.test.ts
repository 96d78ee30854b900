/**
 * The facts store on SQLite and PostgreSQL: a compare-and-set publish (of two publishers from
 * the same version, exactly one wins), the last good version served past a damaged row, the
 * first version with no row, and a second store on the same database (another instance, the
 * CLI) following a publish within its poll.
 */
import { afterAll, afterEach, expect, it } from 'vitest';
import { defaultDocument, defaultFacts } from '../../../client/facts/defaults.ts';
import type { FactsDocument } from '../../../client/facts/document.ts';
import { openFactsStore, type FactsStore } from '../../../server/facts/store.ts';
import { createLogger } from '../../../server/logger.ts';
import { createFactsQueries } from '../../../store/facts.ts';
import { openDatabase } from '../../../store/open.ts';
import type { SiteDatabase } from '../../../store/schema.ts';
import { describeEngines, freshSettings, removeTempDirs } from '../../helpers/contact-engines.ts';
import { waitFor } from '../../helpers/contact.ts';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});
afterAll(removeTempDirs);

const AT = new Date('2026-11-28T12:00:00.000Z');

async function store(database: SiteDatabase, pollMs = 50): Promise<FactsStore> {
  const s = await openFactsStore({
    database,
    logger: createLogger('silent'),
    now: () => AT,
    pollMs,
  });
  open.push(s);
  return s;
}

const withPhone = (phone: string): FactsDocument => ({
  ...defaultDocument,
  contact: { ...defaultDocument.contact, phone },
});

/** A row the facts' schema refuses, written by hand (or by a bug). */
const damagedRow = (d: SiteDatabase, seq: number, body: string) =>
  d.db
    .insertInto('shop_facts')
    .values({
      seq,
      body,
      published_at: AT.toISOString(),
      published_by: 'nadie',
      source: 'cli',
      summary: 'roto',
      restored_from: null,
    })
    .execute();

const publish = (s: FactsStore, document: FactsDocument, expectedSeq = s.version()) =>
  s.publish({ document, expectedSeq, by: 'Dueño', source: 'panel', summary: 'cambio' });

describeEngines('the facts store on %s', (engine) => {
  async function database(): Promise<SiteDatabase> {
    const d = await openDatabase(await freshSettings(engine));
    open.push(d);
    return d;
  }

  it('serves the first version with no row, and a publish at once', async () => {
    const s = await store(await database());
    expect(s.version()).toBe(0);
    expect(s.current()).toEqual(defaultFacts);
    let swaps = 0;
    s.subscribe(() => (swaps += 1));
    expect(await publish(s, withPhone('(0388) 15 498-7654'))).toMatchObject({
      ok: true,
      entry: { seq: 1, publishedBy: 'Dueño', publishedAt: AT.toISOString() },
    });
    expect(s.current().contact.phoneE164).toBe('+5493884987654');
    expect(swaps).toBe(1);
    expect((await s.history()).map((e) => e.seq)).toEqual([1]);
  });

  it('a publish from a version that is no longer the newest changes nothing', async () => {
    const s = await store(await database());
    expect((await publish(s, withPhone('(0388) 15 498-7654'))).ok).toBe(true);
    expect(await publish(s, withPhone('(0388) 15 411-1111'), 0)).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(s.current().contact.phoneDisplay).toBe('(0388) 15 498-7654');
  });

  it('of two publishers from the same version, exactly one wins (the primary key decides)', async () => {
    const d = await database();
    const queries = createFactsQueries(d);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        queries.publish({
          body: JSON.stringify(withPhone(`(0388) 15 400-000${i}`)),
          expectedSeq: 0,
          publishedAt: AT.toISOString(),
          publishedBy: `persona ${i}`,
          source: 'panel',
          summary: 'carrera',
          restoredFrom: undefined,
        }),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(await queries.latestSeq()).toBe(1);
  });

  it('a damaged newest row is skipped: the last good version serves, then a good one is followed', async () => {
    const d = await database();
    const first = await store(d);
    expect((await publish(first, withPhone('(0388) 15 498-7654'))).ok).toBe(true);
    // Someone wrote a broken row by hand (or a bug did).
    await damagedRow(d, 2, '{"contact": {"name": "<script>"}');
    const second = await store(d);
    expect(second.current().contact.phoneDisplay).toBe('(0388) 15 498-7654');
    expect(second.version()).toBe(2);
    await waitFor(async () => first.version() === 2, { timeoutMs: 2_000, what: 'the poll' });
    expect(first.current().contact.phoneDisplay).toBe('(0388) 15 498-7654');
    expect(await second.versionDocument(2)).toBeUndefined();
    // A publish on top of it (its seq is the newest) is followed by the other store.
    expect((await publish(second, withPhone('(0388) 15 411-1111'))).ok).toBe(true);
    await waitFor(async () => first.current().contact.phoneDisplay === '(0388) 15 411-1111', {
      timeoutMs: 2_000,
      what: 'the other store following the publish',
    });
  });

  it('only damaged rows: the first version serves', async () => {
    const d = await database();
    await damagedRow(d, 1, 'no es json');
    const s = await store(d);
    expect(s.current()).toEqual(defaultFacts);
    expect(s.version()).toBe(1);
  });
});
