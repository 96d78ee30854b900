import { afterEach, describe, expect, it } from 'vitest';
import { catalogueOf } from '../../helpers/app.ts';
import { versionRows } from '../../fixtures/versions.ts';
import { openMemoryDatabase } from '../../../store/open.ts';
import type { SiteDatabase } from '../../../store/schema.ts';
import { createCountStore, type DemandCount } from '../../../store/counts.ts';
import { createDemandFigures } from '../../../server/demand/figures.ts';

const source = catalogueOf(versionRows);
const corolla = source.current().lookup.findProduct('toyota', 'corolla');
const version = corolla?.modelo.versiones?.[0];
const NOW = new Date('2026-11-25T15:00:00Z');

let database: SiteDatabase | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function figuresOf(rows: DemandCount[]) {
  database = await openMemoryDatabase();
  const store = createCountStore(database);
  await store.add(rows);
  return createDemandFigures({ store, catalogue: source, now: () => NOW });
}

const row = (day: string, kind: DemandCount['kind'], key: string, count: number): DemandCount => ({
  day,
  kind,
  key,
  count,
});

describe('the figures of a period', () => {
  it('ranks models, versions, clicks and searches that found nothing, named for the owner', async () => {
    const v = `/parabrisa/toyota/corolla?version=${version?.id}`;
    const service = await figuresOf([
      row('2026-11-25', 'view', '/parabrisa/toyota/corolla', 20),
      row('2026-11-24', 'view', '/luneta/toyota/hilux', 30),
      row('2026-11-24', 'view', '/parabrisas', 99),
      row('2026-11-24', 'view', '/parabrisa/marca/que-ya-no-esta', 1),
      row('2026-11-25', 'version', v, 5),
      row('2026-11-25', 'whatsapp', v, 2),
      row('2026-11-25', 'whatsapp', '/parabrisa/toyota/corolla', 2),
      row('2026-11-23', 'whatsapp', '/garantia', 1),
      row('2026-11-23', 'whatsapp', '', 1),
      row('2026-11-22', 'not-found', 'parabrisas/chery/tiggo-2', 3),
      // Outside the last 7 days.
      row('2026-11-18', 'view', '/parabrisa/toyota/corolla', 1000),
    ]);
    const f = await service.figures(7);
    expect([f.from, f.to]).toEqual(['2026-11-19', '2026-11-25']);
    expect(f.models.map((m) => [m.label, m.count])).toEqual([
      ['Luneta Toyota Hilux', 30],
      ['Parabrisas Toyota Corolla', 20],
      ['/parabrisa/marca/que-ya-no-esta', 1],
    ]);
    expect(f.versions).toHaveLength(1);
    expect(f.versions[0]?.label).toMatch(/^Parabrisas Toyota Corolla · /);
    expect(f.versions[0]?.count).toBe(5);
    expect(f.whatsapp.map((w) => w.label)).toEqual([
      'Parabrisas Toyota Corolla',
      f.versions[0]?.label,
      'Sin página de origen',
      'Garantía y cuidados',
    ]);
    expect(f.notFound).toEqual([
      { key: 'parabrisas/chery/tiggo-2', label: 'Parabrisas Chery Tiggo 2', count: 3 },
    ]);
    // Clicks per view: the Corolla's 4 clicks (its page and a version) over its 20 views first.
    expect(f.conversion[0]).toMatchObject({
      label: 'Parabrisas Toyota Corolla',
      views: 20,
      clicks: 4,
    });
    expect(f.conversion[1]).toMatchObject({ label: 'Luneta Toyota Hilux', clicks: 0 });
    expect(f.daily).toHaveLength(7);
    expect(f.daily[0]).toEqual({ day: '2026-11-19', views: 0, clicks: 0 });
    expect(f.daily[5]).toEqual({ day: '2026-11-24', views: 130, clicks: 0 });
    expect(f.daily[6]).toEqual({ day: '2026-11-25', views: 20, clicks: 4 });
    expect((await service.figures(90)).daily).toHaveLength(90);
  });
});
