/**
 * The demand figures for the owner's panel: the stored counts of a period, named the way the
 * owner reads them (the live catalogue's brand and model names; a key no longer in the
 * catalogue keeps its path). Implements DemandFiguresService (client/panel/demand-figures.ts).
 */
import type { CatalogueLookup, ProductMatch } from '../../catalogue/lookup.ts';
import { PIECE_SEGMENTS } from '../../catalogue/paths.ts';
import { PIEZAS, type Pieza } from '../../catalogue/pieces.ts';
import { addDays, shopDate } from '../../catalogue/validity.ts';
import { featuresTitle, pieceNames, yearsLabel } from '../../client/content/glass.ts';
import { answerLinks } from '../../client/content/navigation.ts';
import type {
  ConversionRow,
  DailyPoint,
  DemandFigures,
  DemandFiguresService,
  StatsPeriod,
} from '../../client/panel/demand-figures.ts';
import { paths, queryParams } from '../../client/paths.ts';
import type { CountStore } from '../../store/counts.ts';
import type { CatalogueSource } from '../live-catalogue.ts';

/** Lines per ranking: the owner reads the top; the export has as many. */
const TOP = 50;

const PIECE_OF_SEGMENT = new Map<string, Pieza>(PIEZAS.map((p) => [PIECE_SEGMENTS[p], p]));

/** Names of the site's own pages, for WhatsApp clicks that came from one. */
const PAGE_NAMES = new Map<string, string>([
  [paths.home, 'Inicio'],
  [paths.priceList, 'Lista de precios'],
  [paths.picker, 'Buscador de modelos'],
  [paths.contact, 'Contacto'],
  [paths.booking, 'Turnos'],
  [paths.privacy, 'Privacidad'],
  ...answerLinks.map((link): [string, string] => [link.path, link.label]),
]);

export function createDemandFigures(options: {
  readonly store: CountStore;
  readonly catalogue: CatalogueSource;
  readonly now: () => Date;
}): DemandFiguresService {
  const { store, catalogue, now } = options;
  return {
    async figures(period: StatsPeriod): Promise<DemandFigures> {
      const to = shopDate(now());
      const from = addDays(to, -(period - 1));
      const range = { from, to };
      const lookup = catalogue.current().lookup;
      const [views, versions, whatsapp, notFound, quotes, daily] = await Promise.all([
        store.totals('view', range),
        store.totals('version', range, TOP),
        store.totals('whatsapp', range),
        store.totals('not-found', range, TOP),
        store.totals('quote', range, TOP),
        store.daily(['view', 'whatsapp'], range),
      ]);
      const name = (key: string) => keyLabel(key, lookup);
      const models = views.filter((r) => isProductPath(r.key));
      return {
        period,
        from,
        to,
        models: models.slice(0, TOP).map((r) => ({ ...r, label: name(r.key) })),
        versions: versions.map((r) => ({ ...r, label: name(r.key) })),
        whatsapp: whatsapp.slice(0, TOP).map((r) => ({ ...r, label: name(r.key) })),
        notFound: notFound.map((r) => ({ ...r, label: missingLabel(r.key) })),
        quotes: quotes.map((r) => ({ ...r, label: name(r.key) })),
        conversion: conversion(models, whatsapp, name),
        daily: everyDay(from, to, daily),
      };
    },
  };
}

/** Per product page: its views and the clicks from it and its versions, best converting first. */
function conversion(
  models: readonly { key: string; count: number }[],
  whatsapp: readonly { key: string; count: number }[],
  name: (key: string) => string,
): ConversionRow[] {
  const clicks = new Map<string, number>();
  for (const row of whatsapp) {
    const product = row.key.split('?')[0] ?? row.key;
    clicks.set(product, (clicks.get(product) ?? 0) + row.count);
  }
  return models
    .map((m) => ({
      key: m.key,
      label: name(m.key),
      views: m.count,
      clicks: clicks.get(m.key) ?? 0,
    }))
    .sort((a, b) => b.clicks / b.views - a.clicks / a.views || b.views - a.views)
    .slice(0, TOP);
}

function everyDay(
  from: string,
  to: string,
  rows: readonly { day: string; kind: string; count: number }[],
): DailyPoint[] {
  const days: DailyPoint[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const of = (kind: string) =>
      rows.filter((r) => r.day === day && r.kind === kind).reduce((n, r) => n + r.count, 0);
    days.push({ day, views: of('view'), clicks: of('whatsapp') });
  }
  return days;
}

function isProductPath(key: string): boolean {
  const segments = key.split('?')[0]?.split('/') ?? [];
  return segments.length === 4 && PIECE_OF_SEGMENT.has(segments[1] ?? '');
}

function productOf(key: string, lookup: CatalogueLookup): ProductMatch | undefined {
  const segments = (key.split('?')[0] ?? '').split('/');
  const pieza = segments.length === 4 ? PIECE_OF_SEGMENT.get(segments[1] ?? '') : undefined;
  return pieza ? lookup.findProduct(segments[2] ?? '', segments[3] ?? '', pieza) : undefined;
}

/** 'Parabrisas Toyota Corolla', '… · 2018 a 2020, XEi, Con sensor de lluvia', 'Garantía', or the key. */
export function keyLabel(key: string, lookup: CatalogueLookup): string {
  if (key === '') return 'Sin página de origen';
  const page = PAGE_NAMES.get(key);
  if (page) return page;
  const match = productOf(key, lookup);
  if (!match) return key;
  const product = `${pieceNames[match.pieza].name} ${match.marca.marca} ${match.modelo.nombre}`;
  const q = key.indexOf('?');
  if (q < 0) return product;
  const id = new URLSearchParams(key.slice(q + 1)).get(queryParams.version);
  const version = match.modelo.versiones?.find((v) => v.id === id);
  if (!version) return `${product} (versión que ya no está)`;
  const parts = [
    yearsLabel(version),
    version.version,
    featuresTitle(version.caracteristicas, match.pieza),
  ].filter((part): part is string => part !== undefined && part !== '');
  return `${product} · ${parts.join(', ')}`;
}

/** 'parabrisas/chery/tiggo-2' → 'Parabrisas Chery Tiggo 2'. */
export function missingLabel(key: string): string {
  const [pieza, ...names] = key.split('/');
  const piece = PIEZAS.find((p) => p === pieza);
  const words = names
    .join(' ')
    .split('-')
    .join(' ')
    .split(' ')
    .filter((w) => w !== '')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return [piece ? pieceNames[piece].name : pieza, ...words].join(' ');
}
