/**
 * "Estadísticas": what people looked at, where they wrote from, what they asked for and did not
 * find, over the last 7, 30 or 90 days (counted without tracking anyone: /privacidad). Plain
 * links and tables, a chart drawn on the server: nothing here needs JavaScript.
 */
import { useLoaderData } from 'react-router-dom';
import type { AppLoaderArgs } from '../app-context.ts';
import { panelPaths, queryParams } from '../paths.ts';
import { requirePanel } from './context.ts';
import { DemandChart } from './DemandChart.tsx';
import { DemandTable } from './DemandTables.tsx';
import {
  FIGURE_TABLES,
  STATS_PERIODS,
  dayLabel,
  statsPeriod,
  type FigureTable,
  type StatsPeriod,
} from './demand-figures.ts';
import { PanelMeta } from './PanelMeta.tsx';

export async function statsLoader({ request, context }: AppLoaderArgs) {
  const panel = requirePanel(context);
  const period = statsPeriod(new URL(request.url).searchParams.get(queryParams.statsDays));
  return { figures: await panel.services.demand.figures(period) };
}

const periodHref = (days: StatsPeriod) =>
  `${panelPaths.stats}?${new URLSearchParams({ [queryParams.statsDays]: String(days) })}`;

const exportHref = (table: FigureTable, days: StatsPeriod) =>
  `${panelPaths.statsExport}?${new URLSearchParams({
    [queryParams.statsTable]: table.id,
    [queryParams.statsDays]: String(days),
  })}`;

export function StatsPage() {
  const { figures } = useLoaderData<typeof statsLoader>();
  const daily = FIGURE_TABLES.find((t) => t.id === 'por-dia');
  const rankings = FIGURE_TABLES.filter((t) => t !== daily);
  return (
    <>
      <PanelMeta title="Estadísticas" />
      <h1>Estadísticas</h1>
      <nav aria-label="Período" className="stats-periods">
        <ul>
          {STATS_PERIODS.map((days) => (
            <li key={days}>
              <a
                href={periodHref(days)}
                aria-current={days === figures.period ? 'page' : undefined}
              >
                Últimos {days} días
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="panel-hint">
        Del {dayLabel(figures.from)} al {dayLabel(figures.to)}. Se cuentan visitas, no personas: sin
        cookies ni direcciones guardadas; los robots y las vistas previas no cuentan.
      </p>
      <section className="stats-daily" aria-labelledby="stats-daily-title">
        <h2 id="stats-daily-title">Vistas y clics por día</h2>
        <div className="stats-daily-body">
          <DemandChart daily={figures.daily} id="grafico-diario" />
          {daily ? (
            <DemandTable
              table={daily}
              figures={figures}
              exportHref={exportHref(daily, figures.period)}
              headingLevel="h3"
            />
          ) : null}
        </div>
      </section>
      {rankings.map((table) => (
        <DemandTable
          key={table.id}
          table={table}
          figures={figures}
          exportHref={exportHref(table, figures.period)}
        />
      ))}
    </>
  );
}
