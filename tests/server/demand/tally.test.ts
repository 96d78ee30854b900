import { describe, expect, it } from 'vitest';
import type { CountStore, DemandCount } from '../../../store/counts.ts';
import { createLogger } from '../../../server/logger.ts';
import { createDemandTally, MAX_MISSING_PER_DAY } from '../../../server/demand/tally.ts';

function fakeStore(fail = () => false) {
  const written: DemandCount[][] = [];
  const store: CountStore = {
    add: async (batch) => {
      if (fail()) throw new Error('database down');
      written.push([...batch]);
    },
    totals: async () => [],
    daily: async () => [],
  };
  return { store, written };
}

const view = { kind: 'view', key: '/parabrisas' } as const;
const clientA = { agent: 'Firefox', address: '198.51.100.1' };
const clientB = { agent: 'Firefox', address: '198.51.100.2' };

describe('the demand tally', () => {
  it('adds in memory and writes one row per (day, kind, key) per flush', async () => {
    const { store, written } = fakeStore();
    const tally = createDemandTally({
      store,
      now: () => new Date('2026-11-25T15:00:00Z'),
      logger: createLogger('silent'),
    });
    tally.count(view);
    tally.count(view);
    tally.count({ kind: 'contact', key: '' });
    expect(written).toEqual([]);
    expect(tally.pending).toBe(2);
    await tally.flush();
    expect(written).toEqual([
      [
        { day: '2026-11-25', kind: 'view', key: '/parabrisas', count: 2 },
        { day: '2026-11-25', kind: 'contact', key: '', count: 1 },
      ],
    ]);
    await tally.flush();
    expect(written).toHaveLength(1);
  });

  it('caps one client per page per day; a new day in Jujuy starts the cap over', async () => {
    const { store, written } = fakeStore();
    let now = new Date('2026-11-25T12:00:00Z');
    const tally = createDemandTally({
      store,
      now: () => now,
      logger: createLogger('silent'),
      capPerClient: 2,
    });
    for (let i = 0; i < 5; i++) tally.count(view, clientA);
    tally.count(view, clientB);
    // 23:30 in Jujuy is 02:30 UTC the next day: still the 25th there.
    now = new Date('2026-11-26T02:30:00Z');
    tally.count(view, clientA);
    now = new Date('2026-11-26T03:30:00Z');
    for (let i = 0; i < 5; i++) tally.count(view, clientA);
    await tally.flush();
    expect(written.flat()).toEqual([
      { day: '2026-11-25', kind: 'view', key: '/parabrisas', count: 3 },
      { day: '2026-11-26', kind: 'view', key: '/parabrisas', count: 2 },
    ]);
  });

  it('applies the cap in the batch, across batches, to the client as resolved', async () => {
    const { store, written } = fakeStore();
    const tally = createDemandTally({
      store,
      now: () => new Date('2026-11-25T15:00:00Z'),
      logger: createLogger('silent'),
      capPerClient: 5,
      // Two addresses as given (say, two CDN edges) that resolve to one client.
      resolveClient: ({ agent }) => agent,
    });
    for (let i = 0; i < 3; i++) tally.count(view, clientA);
    expect(tally.pending).toBe(1);
    await tally.flush();
    for (let i = 0; i < 3; i++) tally.count(view, clientB);
    tally.count(view, { agent: 'Safari', address: '198.51.100.1' });
    await tally.flush();
    expect(written.map((batch) => batch.map((row) => row.count))).toEqual([[3], [3]]);
  });

  it('keeps a batch the database refused for the next flush, and stop() writes what is pending', async () => {
    let down = true;
    const { store, written } = fakeStore(() => down);
    const tally = createDemandTally({
      store,
      now: () => new Date('2026-11-25T15:00:00Z'),
      logger: createLogger('silent'),
    });
    tally.start();
    tally.count(view);
    await tally.flush();
    expect(written).toEqual([]);
    tally.count(view);
    down = false;
    await tally.stop();
    expect(written).toEqual([[{ day: '2026-11-25', kind: 'view', key: '/parabrisas', count: 2 }]]);
  });

  it('counts at most MAX_MISSING_PER_DAY different searches that found nothing a day (junk URLs cannot fill the table)', async () => {
    const { store, written } = fakeStore();
    const tally = createDemandTally({
      store,
      now: () => new Date('2026-11-25T15:00:00Z'),
      logger: createLogger('silent'),
    });
    for (let i = 0; i <= MAX_MISSING_PER_DAY; i++) {
      tally.count({ kind: 'not-found', key: `parabrisas/marca/modelo-${i}` });
    }
    tally.count({ kind: 'not-found', key: 'parabrisas/marca/modelo-0' });
    await tally.flush();
    const rows = written.flat();
    expect(rows).toHaveLength(MAX_MISSING_PER_DAY);
    expect(rows[0]).toMatchObject({ key: 'parabrisas/marca/modelo-0', count: 2 });
  });
});
