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
  /** How many models matched (the hits are the best `limit` of them). */
  readonly total: number;
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
  readonly brandWords: readonly string[];
  readonly modelWords: readonly string[];
  /** Words of the versions' names ("Gol Trend", "SRV"). */
  readonly versionWords: readonly string[];
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
  /** The whole name of the brand or of the model, its words in order. */
  phrase: 1,
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
          brandWords: searchWords(marca.marca),
          modelWords,
          versionWords: [
            ...new Set(
              (modelo.versiones ?? []).flatMap((v) => (v.version ? searchWords(v.version) : [])),
            ),
          ],
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

  // How many postings the words before each position hold: a prefix's size without a walk.
  const before = [0];
  for (const word of words) before.push((before.at(-1) ?? 0) + (postings.get(word)?.length ?? 0));

  /** The range of `words` starting with `prefix`, and how many postings it holds. */
  function range(prefix: string) {
    const first = (from: number, below: (w: string) => boolean) => {
      let lo = from;
      let hi = words.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (below(words[mid] ?? '')) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    const lo = first(0, (w) => w < prefix);
    const hi = first(lo, (w) => w.startsWith(prefix));
    return { lo, hi, size: (before[hi] ?? 0) - (before[lo] ?? 0) };
  }

  /** Entries with a word in the range. */
  function entriesIn({ lo, hi }: { lo: number; hi: number }): Set<number> {
    const found = new Set<number>();
    for (let k = lo; k < hi; k += 1)
      for (const n of postings.get(words[k] ?? '') ?? []) found.add(n);
    return found;
  }

  const startsWith = (list: readonly string[], word: string) =>
    list.some((w) => w.startsWith(word));

  function wordScore(entry: Entry, word: string): number {
    if (entry.modelWords.includes(word)) return WEIGHT.modelExact;
    if (startsWith(entry.modelWords, word) || entry.compact.startsWith(word))
      return WEIGHT.modelPrefix;
    if (entry.brandWords.includes(word)) return WEIGHT.brandExact;
    if (startsWith(entry.brandWords, word)) return WEIGHT.brandPrefix;
    if (entry.versionWords.includes(word)) return WEIGHT.versionExact;
    if (startsWith(entry.versionWords, word)) return WEIGHT.versionPrefix;
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
      if (named.length === 0) return { hits: [], total: 0, year: undefined };

      // Models with every word: the rarest word's models, checked for the others. When none
      // has them all, those with any word of three letters or more ("zz a" would list every
      // model with an "a"), best first.
      const ranges = named.map(range);
      const rarest = ranges.reduce((a, b) => (b.size < a.size ? b : a));
      const every = [...entriesIn(rarest)].filter((n) => {
        const entry = entries[n];
        return entry !== undefined && named.every((word) => wordScore(entry, word) > 0);
      });
      const candidates =
        every.length > 0
          ? every
          : [
              ...new Set(
                ranges
                  .filter((_, k) => (named[k] ?? '').length >= 3)
                  .flatMap((r) => [...entriesIn(r)]),
              ),
            ];
      // The brand's or the model's whole name, word for word ("marca 12", not "12 … marca").
      const phrase = ` ${named.join(' ')} `;
      const scored = candidates
        .map((n) => ({ n, entry: entries[n] }))
        .filter((c): c is { n: number; entry: Entry } => c.entry !== undefined)
        .filter(({ entry }) => pieces.length === 0 || pieces.includes(entry.pieza))
        .filter(({ entry }) => year === undefined || fitsYear(entry, year))
        .map(({ n, entry }) => ({
          n,
          entry,
          score:
            named.reduce((sum, word) => sum + wordScore(entry, word), 0) +
            (phrase.includes(` ${entry.brandWords.join(' ')} `) ? WEIGHT.phrase : 0) +
            (phrase.includes(` ${entry.modelWords.join(' ')} `) ? WEIGHT.phrase : 0) +
            (entry.pieza === 'parabrisas' ? 0.1 : 0) +
            (year !== undefined && entry.years.length > 0 ? 0.5 : 0),
        }));
      // Equal scores keep the catalogue's order (brand, then model, windshields first).
      scored.sort((a, b) => b.score - a.score || a.n - b.n);
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
        total: scored.length,
        year,
      };
    },
  };
}
