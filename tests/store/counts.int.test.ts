import { expect, it } from 'vitest';
import { createCountStore } from '../../store/counts.ts';
import { describeEngines, freshDatabases } from '../helpers/contact-engines.ts';

const openFresh = freshDatabases();

describeEngines('the demand counts on %s', (engine) => {
  it('adds batches to the same (day, kind, key), and sums per key and per day over a range', async () => {
    const database = await openFresh(engine);
    const counts = createCountStore(database);
    await counts.add([
      { day: '2026-11-20', kind: 'view', key: '/parabrisa/ford/ka', count: 2 },
      { day: '2026-11-20', kind: 'view', key: '/parabrisas', count: 1 },
      { day: '2026-11-21', kind: 'whatsapp', key: '/parabrisa/ford/ka', count: 1 },
    ]);
    await counts.add([
      { day: '2026-11-20', kind: 'view', key: '/parabrisa/ford/ka', count: 3 },
      { day: '2026-11-22', kind: 'view', key: '/parabrisa/ford/ka', count: 1 },
      { day: '2026-11-10', kind: 'view', key: '/parabrisa/ford/ka', count: 100 },
    ]);
    await counts.add([]);
    const range = { from: '2026-11-19', to: '2026-11-25' };
    expect(await counts.totals('view', range)).toEqual([
      { key: '/parabrisa/ford/ka', count: 6 },
      { key: '/parabrisas', count: 1 },
    ]);
    expect(await counts.totals('view', range, 1)).toHaveLength(1);
    expect(await counts.daily(['view', 'whatsapp'], range)).toEqual([
      { day: '2026-11-20', kind: 'view', count: 6 },
      { day: '2026-11-21', kind: 'whatsapp', count: 1 },
      { day: '2026-11-22', kind: 'view', count: 1 },
    ]);
    const columns = await database.db
      .selectFrom('demand_counts')
      .selectAll()
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(Object.keys(columns).sort()).toEqual(['count', 'day', 'key', 'kind']);
  });
});
