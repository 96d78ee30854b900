/**
 * What publishing a new catalogue would change, as the panel shows it before anyone else sees
 * it: the counts, every change against the live catalogue with the biggest first, and the
 * likely typos in words (a price that moved by more than half or lost or gained a digit, a
 * model that disappears with all its versions). Built on the CLI's diff (./diff.ts), so the
 * panel and `npm run catalogue -- diff` never disagree about what changed.
 */
import { modelsOf, type Catalogue } from '../catalogue/schema.ts';
import { PIEZAS } from '../catalogue/pieces.ts';
import { formatARSPlain } from '../catalogue/money.ts';
import { countsOf, type Counts } from './counts.ts';
import { diffCatalogues, otherChangeNotes, percentChange, type Entry } from './diff.ts';
import { count } from './format.ts';

export type PreviewChange =
  | { kind: 'added'; name: string; precio: number; flags: string[] }
  | { kind: 'removed'; name: string; precio: number; flags: string[] }
  | {
      kind: 'price';
      name: string;
      before: number;
      after: number;
      /** `+10,0 %`. */
      percent: string;
      flags: string[];
    }
  | { kind: 'other'; name: string; notes: string[]; flags: string[] };

export type Preview = {
  counts: Counts;
  /** The live catalogue's counts; undefined when there is none yet. */
  before: Counts | undefined;
  /** True when publishing would change no price, link, availability or entry. */
  unchanged: boolean;
  /** Entries (a model's plain price, or one version) that stay as they are. */
  unchangedCount: number;
  /** Every change, biggest first. */
  changes: PreviewChange[];
  /** Every flag in words, in the order of `changes`, then the models that disappear. */
  flags: string[];
};

/** A price moved by more than this share of the old one is flagged. */
const BIG_MOVE = 0.5;

/** `$ 59.800`, or `$ 59.800,50` when there are centavos. */
export function shortMoney(centavos: number): string {
  return formatARSPlain(centavos).replace(/,00$/, '');
}

/** Why a price change looks like a typo, in words; undefined when it looks deliberate. */
export function priceFlag(before: number, after: number): string | undefined {
  const ratio = after / before;
  const shown = `${shortMoney(after)}, antes ${shortMoney(before)}`;
  const near = (target: number) => Math.abs(ratio / target - 1) <= 0.12;
  if (near(0.1)) return `${shown}: ¿falta un cero?`;
  if (near(0.01)) return `${shown}: ¿faltan dos ceros?`;
  if (near(10)) return `${shown}: ¿sobra un cero?`;
  if (near(100)) return `${shown}: ¿sobran dos ceros?`;
  if (Math.abs(after - before) / before > BIG_MOVE) {
    return `${shown}: el precio cambia ${percentChange(before, after)}, más de la mitad. Revisá que esté bien.`;
  }
  return undefined;
}

/** How big a change is, to list the biggest first: the share of the old price that moved. */
function weight(change: PreviewChange): number {
  switch (change.kind) {
    case 'price':
      return Math.abs(change.after - change.before) / change.before;
    case 'added':
    case 'removed':
      return 1;
    case 'other':
      return 0;
  }
}

export function previewChanges(live: Catalogue | undefined, next: Catalogue): Preview {
  const counts = countsOf(next);
  if (!live) {
    return {
      counts,
      before: undefined,
      unchanged: false,
      unchangedCount: 0,
      changes: [],
      flags: [],
    };
  }
  const diff = diffCatalogues(live, next);
  const changes: PreviewChange[] = [
    ...diff.priceChanges.map((change): PreviewChange => {
      const flag = priceFlag(change.before, change.after);
      return {
        kind: 'price',
        name: change.name,
        before: change.before,
        after: change.after,
        percent: percentChange(change.before, change.after),
        flags: flag ? [flag] : [],
      };
    }),
    ...diff.removed.map((entry): PreviewChange => ({
      kind: 'removed',
      name: entry.name,
      precio: entry.precio,
      flags: [],
    })),
    ...diff.added.map((entry): PreviewChange => ({
      kind: 'added',
      name: entry.name,
      precio: entry.precio,
      flags: [],
    })),
    ...diff.otherDetails.map((change): PreviewChange => ({
      kind: 'other',
      name: change.name,
      notes: otherChangeNotes(change),
      flags: [],
    })),
  ];

  const modelFlags = vanishedModels(diff.removed, next);
  for (const change of changes) {
    if (change.kind !== 'removed') continue;
    const entry = diff.removed.find((removed) => removed.name === change.name);
    const flag = entry ? modelFlags.get(entry.model) : undefined;
    if (flag) change.flags.push(flag);
  }
  const order = { price: 0, removed: 1, added: 2, other: 3 } as const;
  changes.sort(
    (a, b) =>
      b.flags.length - a.flags.length ||
      weight(b) - weight(a) ||
      order[a.kind] - order[b.kind] ||
      a.name.localeCompare(b.name, 'es'),
  );
  const flags = [...new Set(changes.flatMap((change) => change.flags))];
  return {
    counts,
    before: countsOf(live),
    unchanged: changes.length === 0,
    unchangedCount: diff.unchanged,
    changes,
    flags,
  };
}

/**
 * Models whose every entry was removed and that are not in the new catalogue at all, keyed by
 * model, with the flag in words (one per model, shown beside each of its removed entries).
 */
function vanishedModels(removed: readonly Entry[], next: Catalogue): Map<string, string> {
  const remaining = new Set<string>();
  for (const marca of next.marcas) {
    for (const pieza of PIEZAS) {
      for (const modelo of modelsOf(marca, pieza)) {
        remaining.add(`${pieza}/${marca.slug}/${modelo.slug}`);
      }
    }
  }
  const byModel = new Map<string, Entry[]>();
  for (const entry of removed) {
    if (remaining.has(entry.model)) continue;
    byModel.set(entry.model, [...(byModel.get(entry.model) ?? []), entry]);
  }
  const flags = new Map<string, string>();
  for (const [model, entries] of byModel) {
    const name = entries[0]?.modelName ?? model;
    const plain = entries.length === 1 && entries[0]?.name === name;
    const versions = plain
      ? ''
      : entries.length === 1
        ? ' con su única versión'
        : ` con sus ${count(entries.length, 'versión', 'versiones')}`;
    flags.set(
      model,
      `${name} desaparece del sitio${versions}: ¿falta en la planilla? Si lo dejaste de vender, está bien.`,
    );
  }
  return flags;
}

/** One line for the history: `3 precios cambiados, 1 nuevo, 2 quitados` or `Sin cambios`. */
export function summarize(preview: Preview): string {
  if (!preview.before)
    return `Catálogo nuevo: ${count(preview.counts.versiones, 'precio', 'precios')}`;
  const kinds = { price: 0, added: 0, removed: 0, other: 0 };
  for (const change of preview.changes) kinds[change.kind] += 1;
  const parts = [
    kinds.price > 0 ? count(kinds.price, 'precio cambiado', 'precios cambiados') : '',
    kinds.added > 0 ? count(kinds.added, 'nuevo', 'nuevos') : '',
    kinds.removed > 0 ? count(kinds.removed, 'quitado', 'quitados') : '',
    kinds.other > 0 ? count(kinds.other, 'otro cambio', 'otros cambios') : '',
  ].filter((part) => part !== '');
  return parts.length === 0 ? 'Sin cambios' : parts.join(', ');
}
