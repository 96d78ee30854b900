/**
 * What a new catalogue changes for the shoppers: models and versions added and removed,
 * prices, links, availability. A model with one plain price is one entry, as before versions
 * existed; a model with versions is one entry per version, matched by its id.
 */
import { modelsOf, type Catalogue, type Availability, type Version } from '../catalogue/schema.ts';
import { formatARSPlain as money } from '../catalogue/money.ts';
import { PIEZAS } from '../catalogue/pieces.ts';
import { COLUMN_TITLES } from './columns.ts';
import { countsOf, describeModels, onlyPlainModels } from './counts.ts';
import { count, formatInteger } from './format.ts';

/** `url` only when the spreadsheet gives one; otherwise the button opens WhatsApp. */
export type Entry = {
  /** The model it belongs to (`parabrisas/toyota/hilux`): its versions share it. */
  model: string;
  /** The model as the owner reads it (`Luneta Toyota Hilux`). */
  modelName: string;
  name: string;
  precio: number;
  url: string | undefined;
  disponibilidad: string | undefined;
};

export type PriceChange = { name: string; before: number; after: number };

/** What else changed in one entry; each field only when it changed. */
export type OtherChange = {
  name: string;
  renamedFrom?: string;
  url?: { before: string | undefined; after: string | undefined };
  disponibilidad?: { before: string | undefined; after: string | undefined };
};

export type CatalogueDiff = {
  added: Entry[];
  removed: Entry[];
  priceChanges: PriceChange[];
  /** Renamed spellings, changed purchase links and availability, one text per entry. */
  otherChanges: string[];
  /** The same changes as `otherChanges`, field by field (the panel's preview shows them so). */
  otherDetails: OtherChange[];
  unchanged: number;
};

/** `2016-2020, Cabina doble, sensor de lluvia, cámara, original, Pilkington`. */
export function describeVersion(version: Version): string {
  const { anioDesde: from, anioHasta: to } = version;
  const years =
    from !== undefined && to !== undefined
      ? `${from}-${to}`
      : from !== undefined
        ? `desde ${from}`
        : to !== undefined
          ? `hasta ${to}`
          : undefined;
  const parts = [
    years,
    version.version,
    ...version.caracteristicas.map((feature) => COLUMN_TITLES[feature].toLowerCase()),
    version.calidad,
    version.marcaVidrio,
    version.codigo,
  ].filter((part) => part !== undefined);
  return parts.length > 0 ? parts.join(', ') : 'estándar';
}

function availabilityText(disponibilidad: Availability | undefined): string | undefined {
  if (disponibilidad === undefined) return undefined;
  if (disponibilidad.tipo === 'stock') return 'en stock';
  return disponibilidad.dias === undefined
    ? 'a pedido'
    : `a pedido ${count(disponibilidad.dias, 'día', 'días')}`;
}

function entries(catalogue: Catalogue): Map<string, Entry> {
  const map = new Map<string, Entry>();
  for (const marca of catalogue.marcas) {
    for (const pieza of PIEZAS) {
      for (const modelo of modelsOf(marca, pieza)) {
        const key = `${pieza}/${marca.slug}/${modelo.slug}`;
        const name = `${pieza === 'luneta' ? 'Luneta ' : ''}${marca.marca} ${modelo.nombre}`;
        if (!modelo.versiones) {
          map.set(key, {
            model: key,
            modelName: name,
            name,
            precio: modelo.precio,
            url: modelo.url,
            disponibilidad: undefined,
          });
          continue;
        }
        for (const version of modelo.versiones) {
          map.set(`${key}/${version.id}`, {
            model: key,
            modelName: name,
            name: `${name} (${describeVersion(version)})`,
            precio: version.precio,
            url: version.url,
            disponibilidad: availabilityText(version.disponibilidad),
          });
        }
      }
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
    otherDetails: [],
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
    if (other) {
      diff.otherDetails.push(other);
      diff.otherChanges.push(describeOtherChange(other));
    }
    if (previous.precio === entry.precio && !other) diff.unchanged += 1;
  }
  for (const [key, entry] of old) if (!now.has(key)) diff.removed.push(entry);
  return diff;
}

function otherChange(before: Entry, after: Entry): OtherChange | undefined {
  const change: OtherChange = { name: after.name };
  if (before.name !== after.name) change.renamedFrom = before.name;
  if (before.url !== after.url) change.url = { before: before.url, after: after.url };
  if (before.disponibilidad !== after.disponibilidad) {
    change.disponibilidad = { before: before.disponibilidad, after: after.disponibilidad };
  }
  const changed = change.renamedFrom ?? change.url ?? change.disponibilidad;
  return changed === undefined ? undefined : change;
}

/** Each changed field in words: `antes se escribía "…"`, the link, the availability. */
export function otherChangeNotes(change: OtherChange): string[] {
  const notes: string[] = [];
  if (change.renamedFrom !== undefined) notes.push(`antes se escribía "${change.renamedFrom}"`);
  if (change.url) {
    const shown = (url: string | undefined) => url ?? 'WhatsApp';
    notes.push(
      `el botón Comprar ahora lleva a ${shown(change.url.after)} (antes ${shown(change.url.before)})`,
    );
  }
  if (change.disponibilidad) {
    const shown = (text: string | undefined) => text ?? 'sin indicar';
    notes.push(
      `disponibilidad ${shown(change.disponibilidad.after)} (antes ${shown(change.disponibilidad.before)})`,
    );
  }
  return notes;
}

function describeOtherChange(change: OtherChange): string {
  return `${change.name}: ${otherChangeNotes(change).join('; ')}`;
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
  const counts = countsOf(after);
  const brands = count(counts.marcas, 'marca', 'marcas');
  if (!before) return [`Catálogo nuevo: ${describeModels(counts)} de ${brands}.`];
  // Old sheets count models, as they always have; with versions, each priced glass counts.
  const [one, many, added, removed] =
    onlyPlainModels(counts) && onlyPlainModels(countsOf(before))
      ? ['modelo', 'modelos', 'Modelos nuevos', 'Modelos quitados']
      : ['versión', 'versiones', 'Nuevos', 'Quitados'];
  const diff = diffCatalogues(before, after);
  const { priceChanges, otherChanges } = diff;
  if (diff.added.length + diff.removed.length + priceChanges.length + otherChanges.length === 0) {
    return [`Sin cambios: ${count(diff.unchanged, one, many)} igual que antes.`];
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
    added,
    diff.added.map((entry) => `+ ${entry.name}: ${money(entry.precio)}`),
  );
  section(
    removed,
    diff.removed.map((entry) => `- ${entry.name} (tenía ${money(entry.precio)})`),
  );
  section('Precios cambiados', priceChanges.map(formatPriceChange));
  section('Otros cambios', otherChanges);
  lines.push(`  Sin cambios: ${count(diff.unchanged, one, many)}.`);
  return lines;
}
