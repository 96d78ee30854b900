/**
 * The demand figures as the owner's panel shows them (`/panel/estadisticas`): the shapes the
 * server fills (server/demand/figures.ts) and the one declaration of each table, read by the
 * page's HTML tables and by their "Exportar CSV". Types and pure functions only: the
 * client never imports server/ or store/.
 */

/** The periods the owner can pick: the last 7, 30 or 90 days, today included. */
export const STATS_PERIODS = [7, 30, 90] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
export const DEFAULT_STATS_PERIOD: StatsPeriod = 30;

/** `?dias=30` → 30; anything else → the default. */
export function statsPeriod(value: string | null): StatsPeriod {
  return STATS_PERIODS.find((p) => String(p) === value) ?? DEFAULT_STATS_PERIOD;
}

/** One line of a ranking: what (for people), its stored key, how many. */
export type FigureRow = { readonly key: string; readonly label: string; readonly count: number };
/** A product page: its views and the WhatsApp clicks from it (and its versions). */
export type ConversionRow = {
  readonly key: string;
  readonly label: string;
  readonly views: number;
  readonly clicks: number;
};
export type DailyPoint = { readonly day: string; readonly views: number; readonly clicks: number };

export type DemandFigures = {
  readonly period: StatsPeriod;
  /** `YYYY-MM-DD`, both included. */
  readonly from: string;
  readonly to: string;
  readonly models: readonly FigureRow[];
  readonly versions: readonly FigureRow[];
  readonly whatsapp: readonly FigureRow[];
  readonly notFound: readonly FigureRow[];
  /** Insurance quotes issued, per model and version. */
  readonly quotes: readonly FigureRow[];
  readonly conversion: readonly ConversionRow[];
  /** Every day of the period, oldest first (days without counts are zeros). */
  readonly daily: readonly DailyPoint[];
};

/** What the panel asks the server for (built in server/demand/figures.ts). */
export interface DemandFiguresService {
  figures(period: StatsPeriod): Promise<DemandFigures>;
}

const whole = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('es-AR', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** Clicks per view as es-AR writes it ("12,5 %"); a dash without views. */
export function clickRate(row: ConversionRow): string {
  return row.views === 0 ? '–' : percent.format(row.clicks / row.views);
}

/** A cell as the page shows it and as the sheet gets it (numbers stay plain in the sheet). */
type Cell = { readonly text: string; readonly sheet: string; readonly numeric?: boolean };
const text = (value: string): Cell => ({ text: value, sheet: value });
const count = (value: number): Cell => ({
  text: whole.format(value),
  sheet: String(value),
  numeric: true,
});

export type FigureTable = {
  /** In the export's address (`?tabla=modelos`) and file name. */
  readonly id: string;
  readonly title: string;
  /** What the owner reads it for (under the title). */
  readonly hint: string;
  readonly columns: readonly string[];
  rows(figures: DemandFigures): readonly (readonly Cell[])[];
};

const ranking = (
  id: string,
  title: string,
  hint: string,
  what: string,
  how: string,
  pick: (f: DemandFigures) => readonly FigureRow[],
): FigureTable => ({
  id,
  title,
  hint,
  columns: [what, how],
  rows: (f) => pick(f).map((r) => [text(r.label), count(r.count)]),
});

/** The tables of the page, in order; each has its CSV export. */
export const FIGURE_TABLES: readonly FigureTable[] = [
  ranking(
    'modelos',
    'Modelos más vistos',
    'Visitas a la página de cada parabrisas y luneta.',
    'Modelo',
    'Vistas',
    (f) => f.models,
  ),
  ranking(
    'versiones',
    'Versiones más vistas',
    'Enlaces a una versión abiertos (años, sensor, cámara…).',
    'Versión',
    'Vistas',
    (f) => f.versions,
  ),
  ranking(
    'whatsapp',
    'Más clics a WhatsApp',
    'Desde qué página o versión escribieron.',
    'Página',
    'Clics',
    (f) => f.whatsapp,
  ),
  ranking(
    'no-encontrados',
    'Buscaron y no encontraron',
    'Marcas y modelos que pidieron y no están en la lista de precios.',
    'Buscado',
    'Veces',
    (f) => f.notFound,
  ),
  ranking(
    'presupuestos',
    'Presupuestos para el seguro',
    'Presupuestos emitidos de cada modelo y versión: quien lo pide suele volver con la orden del seguro.',
    'Cristal',
    'Presupuestos',
    (f) => f.quotes,
  ),
  {
    id: 'conversion',
    title: 'Clics por vista',
    hint: 'Qué modelos hacen escribir: clics a WhatsApp por cada visita a su página.',
    columns: ['Modelo', 'Vistas', 'Clics', 'Clics por vista'],
    rows: (f) =>
      f.conversion.map((r) => [
        text(r.label),
        count(r.views),
        count(r.clicks),
        { text: clickRate(r), sheet: clickRate(r).replace(/\s?%$/, ''), numeric: true },
      ]),
  },
  {
    id: 'por-dia',
    title: 'Día por día',
    hint: 'Los números del gráfico.',
    columns: ['Día', 'Vistas', 'Clics a WhatsApp'],
    rows: (f) => f.daily.map((d) => [text(dayLabel(d.day)), count(d.views), count(d.clicks)]),
  },
];

/** `2026-11-25` → `25/11/2026`. */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}
