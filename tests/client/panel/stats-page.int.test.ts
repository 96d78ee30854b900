import { afterEach, describe, expect, it } from 'vitest';
import request from 'supertest';
import { panelSite, type PanelTestSite } from '../../helpers/panel.ts';
import { catalogueOf } from '../../helpers/app.ts';
import { VISITOR_UA } from '../../helpers/site.ts';
import { versionRows } from '../../fixtures/versions.ts';
import { openMemoryDatabase } from '../../../store/open.ts';
import type { SiteDatabase } from '../../../store/schema.ts';
import { createCountStore, type DemandCount } from '../../../store/counts.ts';
import { FIGURE_TABLES } from '../../../client/panel/demand-figures.ts';
import { textOf } from '../../helpers/html.ts';

const source = catalogueOf(versionRows);
// TEST_NOW is 2026-11-23 in Jujuy (tests/helpers/sample.ts).
const counts: DemandCount[] = [
  { day: '2026-11-23', kind: 'view', key: '/parabrisa/toyota/corolla', count: 1234 },
  { day: '2026-11-22', kind: 'view', key: '/luneta/toyota/hilux', count: 8 },
  { day: '2026-11-22', kind: 'whatsapp', key: '/luneta/toyota/hilux', count: 2 },
  { day: '2026-11-21', kind: 'not-found', key: 'parabrisas/chery/tiggo-2', count: 7 },
  { day: '2026-09-30', kind: 'not-found', key: 'parabrisas/jac/s2', count: 3 },
];

let open: { panel: PanelTestSite; database: SiteDatabase }[] = [];
afterEach(async () => {
  for (const { panel, database } of open) {
    await panel.site.stop();
    await database.close();
  }
  open = [];
});

async function statsSite() {
  const database = await openMemoryDatabase();
  await createCountStore(database).add(counts);
  const panel = await panelSite({
    catalogue: source,
    database: { ...database, close: async () => {} },
  });
  open.push({ panel, database });
  return { ...panel, database, owner: await panel.signIn() };
}

describe('/panel/estadisticas', () => {
  it('shows the period chosen: the chart with its table, every ranking, each with its export', async () => {
    const { owner } = await statsSite();
    const res = await owner.get('/panel/estadisticas?dias=7').expect(200);
    const html = res.text;
    expect(html).toContain('<h1>Estadísticas</h1>');
    expect(html).toContain('href="/panel/estadisticas?dias=7" aria-current="page"');
    expect(html).toContain('href="/panel/estadisticas?dias=90"');
    expect(html).toMatch(/<svg class="stats-chart"[^>]*role="img"/);
    const text = textOf(html);
    expect(text).toContain('Del 17/11/2026 al 23/11/2026');
    expect(text).toContain('Parabrisas Toyota Corolla 1.234');
    expect(text).toContain('Parabrisas Chery Tiggo 2 7');
    // Older than the period: not shown.
    expect(text).not.toContain('Jac');
    expect(text).toContain('Luneta Toyota Hilux 8 2 25,0%');
    for (const table of FIGURE_TABLES) {
      expect(html).toContain(
        `href="/panel/estadisticas/exportar?tabla=${table.id}&amp;dias=7" download="">Exportar CSV</a>`,
      );
    }
    const ninety = textOf((await owner.get('/panel/estadisticas?dias=90').expect(200)).text);
    expect(ninety).toContain('Parabrisas Jac S2 3');
    // Anything else is the default 30 days.
    expect((await owner.get('/panel/estadisticas?dias=1000').expect(200)).text).toContain(
      'href="/panel/estadisticas?dias=30" aria-current="page"',
    );
  });

  it('exports a table as a CSV Excel in es-AR opens: BOM, semicolons, the same rows', async () => {
    const { owner } = await statsSite();
    const res = await owner
      .get('/panel/estadisticas/exportar?tabla=no-encontrados&dias=90')
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="estadisticas-no-encontrados-2026-08-26-a-2026-11-23.csv"',
    );
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body).toBe(
      '\uFEFF"Buscado";"Veces"\r\n"Parabrisas Chery Tiggo 2";"7"\r\n"Parabrisas Jac S2";"3"\r\n',
    );
    await owner.get('/panel/estadisticas/exportar?tabla=otra').expect(404);
  });

  it('is the panel: without a session, no figures', async () => {
    const { site } = await statsSite();
    for (const path of ['/panel/estadisticas', '/panel/estadisticas/exportar?tabla=modelos']) {
      const res = await request(site.listener).get(path);
      expect(res.status, path).not.toBe(200);
      expect(res.text, path).not.toContain('Corolla');
    }
  });
});

describe('the shop’s own people are not counted', () => {
  it('pages and WhatsApp clicks with a panel session count nothing; the same without it count', async () => {
    const { site, database, owner } = await statsSite();
    const staff = (path: string) => owner.get(path).set('User-Agent', VISITOR_UA).redirects(0);
    await staff('/parabrisas').expect(200);
    await staff('/parabrisa/chery/qq').expect(404);
    await staff('/ir/whatsapp').expect(303);
    await request(site.listener).get('/parabrisas').set('User-Agent', VISITOR_UA).expect(200);
    await site.stop();
    const rows = await database.db
      .selectFrom('demand_counts')
      .select(['kind', 'key', 'count'])
      .where('day', '=', '2026-11-23')
      .where('key', 'not like', '/parabrisa/toyota/%')
      .execute();
    expect(rows).toEqual([{ kind: 'view', key: '/parabrisas', count: 1 }]);
  });
});
