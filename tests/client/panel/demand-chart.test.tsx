import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { CHART, chartPanels, DemandChart } from '../../../client/panel/DemandChart.tsx';
import type { DailyPoint } from '../../../client/panel/demand-figures.ts';

const daily: DailyPoint[] = [
  { day: '2026-11-23', views: 10, clicks: 1 },
  { day: '2026-11-24', views: 0, clicks: 0 },
  { day: '2026-11-25', views: 40, clicks: 4 },
];

describe('the daily chart', () => {
  it('draws views and clicks each on its own scale, the highest day full height, a day without counts without a bar', () => {
    const [views, clicks] = chartPanels(daily);
    expect(views?.max).toBe(40);
    expect(clicks?.max).toBe(4);
    expect(views?.bars.map((b) => b.height)).toEqual([CHART.panelHeight / 4, 0, CHART.panelHeight]);
    expect(clicks?.bars.map((b) => b.height)).toEqual([
      CHART.panelHeight / 4,
      0,
      CHART.panelHeight,
    ]);
    // Bars sit on their panel's baseline, left to right, inside the drawing.
    for (const panel of [views, clicks]) {
      for (const bar of panel?.bars ?? []) {
        expect(bar.y + bar.height).toBeCloseTo((panel?.top ?? 0) + CHART.panelHeight);
        expect(bar.x).toBeGreaterThanOrEqual(CHART.left);
        expect(bar.x + bar.width).toBeLessThanOrEqual(CHART.width - CHART.right);
      }
    }
  });

  it('fits 90 days in the width of a phone', () => {
    const days = Array.from({ length: 90 }, (_, i) => ({ day: `d${i}`, views: i, clicks: 0 }));
    const [views] = chartPanels(days);
    const last = views?.bars[89];
    expect((last?.x ?? 0) + (last?.width ?? 0)).toBeLessThanOrEqual(CHART.width - CHART.right);
  });

  it('is an SVG image with a title and a summary for screen readers, no script', () => {
    const html = renderToStaticMarkup(<DemandChart daily={daily} id="grafico" />);
    expect(html).toMatch(/^<svg class="stats-chart" viewBox="0 0 360 \d+" role="img"/);
    expect(html).toContain('aria-labelledby="grafico-title grafico-desc"');
    expect(html).toContain('<title id="grafico-title">Vistas y clics a WhatsApp por día</title>');
    expect(html).toContain(
      '<desc id="grafico-desc">Del 23/11/2026 al 25/11/2026: 50 vistas y 5 clics a WhatsApp.</desc>',
    );
    expect(html.match(/<rect /g)).toHaveLength(4);
    expect(html).not.toContain('<script');
  });

  it('says so when there are no days', () => {
    const html = renderToStaticMarkup(<DemandChart daily={[]} id="g" />);
    expect(html).toContain('Sin datos.');
    expect(html).not.toContain('<rect');
  });
});
