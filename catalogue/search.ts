/**
 * Search by name ("hilux 2018", "gol trend", "208gt"): an index built once per catalogue, so a
 * query costs a few binary searches over the distinct words, not a scan of every model.
 * Accents and case are ignored; a year narrows the results to models with a version that
 * fits it (docs/decisions/2026-11-25-light-pages.md).
 */
import { modelsOf, type Catalogue } from './schema.ts';
import { PIEZAS, type Pieza } from './pieces.ts';

/** One model found: what the results page lists and links to. */
export type SearchHit = {
  readonly pieza: Pieza;
  readonly marca: string;
  readonly nombre: string;
  /** The product page (root-relative, canonical). */
  readonly path: string;
  /** Cash price in centavos: the lowest version's when there are several. */
  readonly precio: number;
  readonly versiones: number;
};

export type SearchResults = {
  readonly hits: readonly SearchHit[];
  /** A year the query gave and the hits were narrowed by. */
  readonly year: number | undefined;
};

export type SearchIndex = { search(query: string, limit?: number): SearchResults };

/** The most words of a query read; the rest is ignored. */
export const MAX_QUERY_WORDS = 6;
/** The most characters of a query read. */
export const MAX_QUERY_LENGTH = 80;
const DEFAULT_LIMIT = 30;

/** Words that say nothing about which car (dropped), and the ones that name the piece. */
const FILLER = new Set(['de', 'del', 'el', 'la', 'para', 'mi', 'auto', 'precio', 'vidrio']);
const PIECE_WORDS: Readonly<Record<string, Pieza>> = {
  parabrisa: 'parabrisas',
  parabrisas: 'parabrisas',
  luneta: 'luneta',
  lunetas: 'luneta',
};

/** Lower case, no accents, letters and digits split apart ("208GT" -> 208 gt). */
export function searchWords(text: string): string[] {
  return text
    .slice(0, MAX_QUERY_LENGTH)
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z])/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

/** The query as its words, the form a results page is kept under ('' when it has none). */
export function canonicalQuery(text: string): string {
  return searchWords(text).slice(0, MAX_QUERY_WORDS).join(' ');
}

const isYear = (word: string) => /^(19|20)\d\d$/.test(word);

type Entry = SearchHit & {
  readonly brandWords: ReadonlySet<string>;
  readonly modelWords: ReadonlySet<string>;
  /** Words of the versions' names ("Gol Trend", "SRV"). */
  readonly versionWords: ReadonlySet<string>;
  /** The model's name without separators ("hrv", "208gt"). */
  readonly compact: string;
  /** Each version's years (open ends 0 and MAX); empty: one plain glass (fits any year). */
  readonly years: readonly (readonly [number, number])[];
};

/** Where a word matched, best first; its weight in the score. */
const WEIGHT = {
  modelExact: 4,
  modelPrefix: 3,
  brandExact: 2,
  brandPrefix: 1.5,
  versionExact: 1,
  versionPrefix: 0.75,
} as const;

export function createSearchIndex(catalogue: Catalogue): SearchIndex {
  const entries: Entry[] = [];
  for (const marca of catalogue.marcas) {
    for (const pieza of PIEZAS) {
      for (const modelo of modelsOf(marca, pieza)) {
        const modelWords = searchWords(modelo.nombre);
        entries.push({
          pieza,
          marca: marca.marca,
          nombre: modelo.nombre,
          path: modelo.meta.canonical,
          precio: modelo.precio,
          versiones: modelo.versiones?.length ?? 1,
          brandWords: new Set(searchWords(marca.marca)),
          modelWords: new Set(modelWords),
          versionWords: new Set(
            (modelo.versiones ?? []).flatMap((v) => (v.version ? searchWords(v.version) : [])),
          ),
          compact: modelWords.join(''),
          years: (modelo.versiones ?? []).map(
            (v) => [v.anioDesde ?? 0, v.anioHasta ?? Number.MAX_SAFE_INTEGER] as const,
          ),
        });
      }
    }
  }
  // Every distinct word (brand, model, compact name), sorted: a prefix is a range in it.
  const postings = new Map<string, number[]>();
  entries.forEach((entry, n) => {
    const all = [...entry.brandWords, ...entry.modelWords, entry.compact, ...entry.versionWords];
    for (const word of new Set(all)) {
      const list = postings.get(word);
      if (list) list.push(n);
      else postings.set(word, [n]);
    }
  });
  const words = [...postings.keys()].sort();

  /** Entries with a word starting with `prefix`. */
  function withPrefix(prefix: string): Set<number> {
    const found = new Set<number>();
    let lo = 0;
    let hi = words.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((words[mid] ?? '') < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < words.length; k += 1) {
      const word = words[k] ?? '';
      if (!word.startsWith(prefix)) break;
      for (const n of postings.get(word) ?? []) found.add(n);
    }
    return found;
  }

  function wordScore(entry: Entry, word: string): number {
    if (entry.modelWords.has(word)) return WEIGHT.modelExact;
    if ([...entry.modelWords].some((w) => w.startsWith(word)) || entry.compact.startsWith(word))
      return WEIGHT.modelPrefix;
    if (entry.brandWords.has(word)) return WEIGHT.brandExact;
    if ([...entry.brandWords].some((w) => w.startsWith(word))) return WEIGHT.brandPrefix;
    if (entry.versionWords.has(word)) return WEIGHT.versionExact;
    if ([...entry.versionWords].some((w) => w.startsWith(word))) return WEIGHT.versionPrefix;
    return 0;
  }

  const fitsYear = (entry: Entry, year: number) =>
    entry.years.length === 0 || entry.years.some(([from, to]) => from <= year && year <= to);

  return {
    search(query, limit = DEFAULT_LIMIT) {
      const all = searchWords(query).slice(0, MAX_QUERY_WORDS);
      const pieces = all.flatMap((w) => PIECE_WORDS[w] ?? []);
      const meaningful = all.filter((w) => !FILLER.has(w) && PIECE_WORDS[w] === undefined);
      const text = meaningful.filter((w) => !isYear(w));
      // A year alone is read as a name (the Peugeot 2008); beside a name it narrows.
      const yearWord = text.length > 0 ? meaningful.find(isYear) : undefined;
      const year = yearWord === undefined ? undefined : Number(yearWord);
      const named = yearWord === undefined ? meaningful : text;
      if (named.length === 0) return { hits: [], year: undefined };

      // Models with every word; when none has them all, those with any (best first).
      const found = named.map(withPrefix);
      const [first = new Set<number>(), ...rest] = found;
      const every = [...first].filter((n) => rest.every((set) => set.has(n)));
      // (Not by a word of one or two letters: "zz a" would list every model with an "a".)
      const partial = found.filter((_, k) => (named[k] ?? '').length >= 3);
      const candidates =
        every.length > 0 ? every : [...new Set(partial.flatMap((set) => [...set]))];
      const scored = candidates
        .map((n) => entries[n])
        .filter((entry): entry is Entry => entry !== undefined)
        .filter((entry) => pieces.length === 0 || pieces.includes(entry.pieza))
        .filter((entry) => year === undefined || fitsYear(entry, year))
        .map((entry) => ({
          entry,
          score:
            named.reduce((sum, word) => sum + wordScore(entry, word), 0) +
            (entry.pieza === 'parabrisas' ? 0.1 : 0) +
            (year !== undefined && entry.years.length > 0 ? 0.5 : 0),
        }));
      scored.sort(
        (a, b) =>
          b.score - a.score ||
          a.entry.marca.localeCompare(b.entry.marca, 'es') ||
          a.entry.nombre.localeCompare(b.entry.nombre, 'es', { numeric: true }),
      );
      return {
        hits: scored
          .slice(0, limit)
          .map(({ entry: { pieza, marca, nombre, path, precio, versiones } }) => ({
            pieza,
            marca,
            nombre,
            path,
            precio,
            versiones,
          })),
        year,
      };
    },
  };
}
