import { dayLabel, type DailyPoint } from './demand-figures.ts';

/** The drawing's own units; the SVG scales to the width it gets (390 px phones first). */
export const CHART = { width: 360, panelHeight: 90, gap: 34, left: 34, right: 6, top: 18 } as const;

type Bar = {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
};
export type ChartPanel = {
  readonly label: string;
  readonly max: number;
  /** Top of the panel's plot (its baseline is top + panelHeight). */
  readonly top: number;
  readonly bars: readonly Bar[];
};

/** Geometry of the two panels (views above, WhatsApp clicks below), each on its own scale. */
export function chartPanels(daily: readonly DailyPoint[]): ChartPanel[] {
  const plotWidth = CHART.width - CHART.left - CHART.right;
  const step = daily.length > 0 ? plotWidth / daily.length : plotWidth;
  const barWidth = Math.max(1, step * 0.8);
  const series = [
    { label: 'Vistas', values: daily.map((d) => d.views) },
    { label: 'Clics a WhatsApp', values: daily.map((d) => d.clicks) },
  ];
  return series.map(({ label, values }, index) => {
    const top = CHART.top + index * (CHART.panelHeight + CHART.gap);
    const max = Math.max(0, ...values);
    const bars = values.map((value, i) => {
      const height = max === 0 ? 0 : (value / max) * CHART.panelHeight;
      return {
        x: round(CHART.left + i * step + (step - barWidth) / 2),
        y: round(top + CHART.panelHeight - height),
        width: round(barWidth),
        height: round(height),
      };
    });
    return { label, max, top, bars };
  });
}

const round = (n: number) => Math.round(n * 100) / 100;
const whole = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 0 });

/**
 * The daily chart, drawn on the server as SVG (no script). Screen readers get its title and
 * a one-line summary; the numbers themselves are in the table the page puts beside it.
 */
export function DemandChart({ daily, id }: { daily: readonly DailyPoint[]; id: string }) {
  const panels = chartPanels(daily);
  const height = CHART.top + panels.length * (CHART.panelHeight + CHART.gap) - 10;
  const views = daily.reduce((n, d) => n + d.views, 0);
  const clicks = daily.reduce((n, d) => n + d.clicks, 0);
  const first = daily[0]?.day;
  const last = daily[daily.length - 1]?.day;
  const summary =
    first && last
      ? `Del ${dayLabel(first)} al ${dayLabel(last)}: ${whole.format(views)} vistas y ${whole.format(clicks)} clics a WhatsApp.`
      : 'Sin datos.';
  return (
    <svg
      className="stats-chart"
      viewBox={`0 0 ${CHART.width} ${height}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
    >
      <title id={`${id}-title`}>Vistas y clics a WhatsApp por día</title>
      <desc id={`${id}-desc`}>{summary}</desc>
      {panels.map((panel, index) => {
        const baseline = panel.top + CHART.panelHeight;
        return (
          <g key={panel.label} className={`stats-chart-${index === 0 ? 'views' : 'clicks'}`}>
            <text x={CHART.left} y={panel.top - 6} className="stats-chart-label">
              {panel.label}
            </text>
            <text x={CHART.left - 4} y={panel.top + 8} textAnchor="end">
              {whole.format(panel.max)}
            </text>
            <text x={CHART.left - 4} y={baseline} textAnchor="end">
              0
            </text>
            <line
              x1={CHART.left}
              x2={CHART.width - CHART.right}
              y1={baseline}
              y2={baseline}
              className="stats-chart-axis"
            />
            {panel.bars.map((bar, i) =>
              bar.height > 0 ? (
                <rect
                  key={daily[i]?.day ?? i}
                  x={bar.x}
                  y={bar.y}
                  width={bar.width}
                  height={bar.height}
                />
              ) : null,
            )}
            {first && last ? (
              <>
                <text x={CHART.left} y={baseline + 14}>
                  {dayLabel(first).slice(0, 5)}
                </text>
                <text x={CHART.width - CHART.right} y={baseline + 14} textAnchor="end">
                  {dayLabel(last).slice(0, 5)}
                </text>
              </>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
