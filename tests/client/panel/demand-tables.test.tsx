import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { DemandTables } from '../../../client/panel/DemandTables.tsx';
import {
  FIGURE_TABLES,
  clickRate,
  statsPeriod,
  type DemandFigures,
} from '../../../client/panel/demand-figures.ts';

const figures: DemandFigures = {
  period: 7,
  from: '2026-11-19',
  to: '2026-11-25',
  models: [{ key: '/parabrisa/toyota/corolla', label: 'Parabrisas Toyota Corolla', count: 1234 }],
  versions: [],
  whatsapp: [{ key: '/garantia', label: 'Garantía', count: 3 }],
  notFound: [{ key: 'parabrisas/chery/tiggo-2', label: 'Parabrisas Chery Tiggo 2', count: 7 }],
  quotes: [{ key: '/parabrisa/peugeot/208', label: 'Parabrisas Peugeot 208', count: 3 }],
  conversion: [
    { key: '/parabrisa/toyota/corolla', label: 'Parabrisas Toyota Corolla', views: 8, clicks: 1 },
  ],
  daily: [{ day: '2026-11-25', views: 1234, clicks: 3 }],
};

describe('the tables of the figures', () => {
  const html = renderToStaticMarkup(
    <DemandTables figures={figures} exportHref={(t) => `/export?tabla=${t.id}`} />,
  );

  it('one section per table, with its heading, its rows in es-AR and its "Exportar CSV"', () => {
    for (const table of FIGURE_TABLES) {
      expect(html).toContain(`<h2 id="tabla-${table.id}">${table.title}</h2>`);
      expect(html).toContain(`<a href="/export?tabla=${table.id}" download="">Exportar CSV</a>`);
    }
    expect(html).toContain(
      '<th scope="row">Parabrisas Toyota Corolla</th><td class="stats-number">1.234</td>',
    );
    expect(html).toContain(
      '<th scope="row">Parabrisas Chery Tiggo 2</th><td class="stats-number">7</td>',
    );
    expect(html).toContain('<th scope="row">25/11/2026</th>');
    expect(html).toContain('Todavía no hay datos en este período.');
  });

  it('clicks per view as a percentage, a dash without views', () => {
    expect(clickRate({ key: 'a', label: 'a', views: 8, clicks: 1 })).toBe('12,5%');
    expect(clickRate({ key: 'a', label: 'a', views: 0, clicks: 0 })).toBe('–');
  });

  it('reads the period from ?dias=, 30 days unless 7 or 90', () => {
    expect(statsPeriod('7')).toBe(7);
    expect(statsPeriod('90')).toBe(90);
    expect(statsPeriod('365')).toBe(30);
    expect(statsPeriod(null)).toBe(30);
  });
});
