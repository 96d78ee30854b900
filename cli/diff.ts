/** What a new catalogue changes for the shoppers: models added and removed, prices, links. */
import type { Catalogue } from '../catalogue/schema.ts';
import { formatARSPlain as money } from '../catalogue/money.ts';
import { count, formatInteger } from './format.ts';

/** `url` only when the spreadsheet gives one; otherwise the button opens WhatsApp. */
type Entry = { name: string; precio: number; url: string | undefined };

export type PriceChange = { name: string; before: number; after: number };

export type CatalogueDiff = {
  added: Entry[];
  removed: Entry[];
  priceChanges: PriceChange[];
  /** Renamed spellings and changed purchase links, one text per model. */
  otherChanges: string[];
  unchanged: number;
};

function entries(catalogue: Catalogue): Map<string, Entry> {
  const map = new Map<string, Entry>();
  for (const marca of catalogue.marcas) {
    for (const modelo of marca.modelos) {
      map.set(`${marca.slug}/${modelo.slug}`, {
        name: `${marca.marca} ${modelo.nombre}`,
        precio: modelo.precio,
        url: modelo.url,
      });
    }
  }
  return map;
}

export function diffCatalogues(before: Catalogue, after: Catalogue): CatalogueDiff {
  const old = entries(before);
  const now = entries(after);
  const diff: CatalogueDiff = {
    added: [],
    removed: [],
    priceChanges: [],
    otherChanges: [],
    unchanged: 0,
  };
  for (const [key, entry] of now) {
    const previous = old.get(key);
    if (!previous) {
      diff.added.push(entry);
      continue;
    }
    const other = otherChange(previous, entry);
    if (previous.precio !== entry.precio) {
      diff.priceChanges.push({ name: entry.name, before: previous.precio, after: entry.precio });
    }
    if (other) diff.otherChanges.push(other);
    if (previous.precio === entry.precio && !other) diff.unchanged += 1;
  }
  for (const [key, entry] of old) if (!now.has(key)) diff.removed.push(entry);
  return diff;
}

function otherChange(before: Entry, after: Entry): string | undefined {
  const notes: string[] = [];
  if (before.name !== after.name) notes.push(`antes se escribía "${before.name}"`);
  if (before.url !== after.url) {
    const shown = (url: string | undefined) => url ?? 'WhatsApp';
    notes.push(`el botón Comprar ahora lleva a ${shown(after.url)} (antes ${shown(before.url)})`);
  }
  return notes.length === 0 ? undefined : `${after.name}: ${notes.join('; ')}`;
}

/** `+10,0 %`: the change in tenths of a percent, rounded half away from zero, integer maths. */
export function percentChange(before: number, after: number): string {
  const delta = BigInt(after - before) * 1000n;
  const base = BigInt(before);
  const magnitude = ((delta < 0n ? -delta : delta) * 2n + base) / (2n * base);
  const sign = delta < 0n ? '-' : '+';
  return `${sign}${formatInteger(magnitude / 10n)},${magnitude % 10n} %`;
}

export function formatPriceChange(change: PriceChange): string {
  return `${change.name}: ${money(change.before)} → ${money(change.after)} (${percentChange(change.before, change.after)})`;
}

/** The summary printed after a build, a dry run or `diff`. */
export function describeChanges(before: Catalogue | undefined, after: Catalogue): string[] {
  const models = after.marcas.reduce((sum, marca) => sum + marca.modelos.length, 0);
  if (!before) {
    return [
      `Catálogo nuevo: ${count(models, 'modelo', 'modelos')} de ${count(after.marcas.length, 'marca', 'marcas')}.`,
    ];
  }
  const diff = diffCatalogues(before, after);
  const { added, removed, priceChanges, otherChanges } = diff;
  if (added.length + removed.length + priceChanges.length + otherChanges.length === 0) {
    return [`Sin cambios: ${count(diff.unchanged, 'modelo', 'modelos')} igual que antes.`];
  }
  const lines = ['Cambios respecto del catálogo anterior:'];
  const section = (title: string, items: string[]) => {
    if (items.length === 0) return;
    lines.push(
      `  ${title} (${formatInteger(items.length)}):`,
      ...items.map((item) => `    ${item}`),
    );
  };
  section(
    'Modelos nuevos',
    added.map((entry) => `+ ${entry.name}: ${money(entry.precio)}`),
  );
  section(
    'Modelos quitados',
    removed.map((entry) => `- ${entry.name} (tenía ${money(entry.precio)})`),
  );
  section('Precios cambiados', priceChanges.map(formatPriceChange));
  section('Otros cambios', otherChanges);
  lines.push(`  Sin cambios: ${count(diff.unchanged, 'modelo', 'modelos')}.`);
  return lines;
}
