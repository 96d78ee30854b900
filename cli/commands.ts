/** What each command does, once commander has parsed the arguments; returns the exit status. */
import { basename, isAbsolute, relative, resolve } from 'node:path';
import { catalogueSchema, type BuildStamp, type Catalogue } from '../catalogue/schema.ts';
import {
  DEFAULT_VALID_DAYS,
  MAX_VALID_DAYS,
  formatDateAR,
  shopDate,
} from '../catalogue/validity.ts';
import { buildFromFile, type BuildResult } from '../sheet/build.ts';
import { SHEET_LIMITS } from '../sheet/limits.ts';
import { problems as sheetProblems } from '../sheet/problems.ts';
import { countsOf, describeModels } from '../sheet/counts.ts';
import { describeChanges } from '../sheet/diff.ts';
import {
  readCatalogueFile,
  readInputFile,
  writeFileAtomic,
  type PreviousCatalogue,
} from './files.ts';
import { UsageError } from './owner-shell.ts';
import { previewChanges, summarize } from '../sheet/preview.ts';
import { publishToFile } from '../store/catalogue-files.ts';
import { createCatalogueQueries, type PublishedEntry } from '../store/catalogues.ts';
import type { SiteDatabase } from '../store/schema.ts';
import { count } from '../sheet/format.ts';
import type { Problem } from '../sheet/problems.ts';

export type CliIo = {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Where relative paths typed by the owner are resolved from. */
  cwd: string;
  /** The catalogue written and compared with when no path is given (CATALOGUE_FILE, absolute). */
  catalogueFile: string;
  /** The build time written into the catalogue (SOURCE_DATE_EPOCH in tests). */
  now: () => Date;
  /** With DATABASE_URL: the site's database, where `build` also publishes for every instance. */
  openDatabase?: () => Promise<SiteDatabase>;
};

export const EXIT = { ok: 0, badInput: 1, usage: 2 } as const;
export const RUN = 'npm run catalogue --';

export type Paths = {
  input: (file: string) => string;
  output: (given: string | undefined) => string;
  shown: (path: string) => string;
};

export function pathsFor(io: CliIo): Paths {
  return {
    input: (file) => resolve(io.cwd, file),
    output: (given) => (given === undefined ? io.catalogueFile : resolve(io.cwd, given)),
    shown: (path) => {
      const rel = relative(io.cwd, path);
      return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? path : rel;
    },
  };
}

/** `--vigencia 30` → 30; anything else is the owner's typo, told in Spanish. */
export function validDays(given: string | undefined): number {
  if (given === undefined) return DEFAULT_VALID_DAYS;
  const days = /^\d+$/.test(given.trim()) ? Number(given.trim()) : Number.NaN;
  if (!(days >= 1 && days <= MAX_VALID_DAYS)) {
    throw new UsageError(
      `La vigencia "${given}" no sirve: tiene que ser una cantidad de días entre 1 y ${MAX_VALID_DAYS}. Por ejemplo: --vigencia ${DEFAULT_VALID_DAYS}`,
    );
  }
  return days;
}

async function load(
  io: CliIo,
  paths: Paths,
  file: string,
  stamp: BuildStamp = { builtAt: io.now(), validDays: DEFAULT_VALID_DAYS },
): Promise<BuildResult> {
  const input = await readInputFile(paths.input(file), file, SHEET_LIMITS.maxFileBytes);
  const result: BuildResult =
    'tooBig' in input
      ? { ok: false, problems: [sheetProblems.tooBig(input.tooBig, SHEET_LIMITS.maxFileBytes)] }
      : await buildFromFile(input.bytes, stamp);
  if (!result.ok) reportProblems(io, file, result.problems);
  return result;
}

function reportProblems(io: CliIo, file: string, problems: readonly Problem[]): void {
  const lines = [
    `La planilla "${file}" tiene ${count(problems.length, 'error', 'errores')}; el catálogo no se modificó.`,
    ...problems.map((problem) => `  ${problem.message}`),
    'Corregí la planilla, guardala y volvé a correr el comando.',
  ];
  io.stderr(`${lines.join('\n')}\n`);
}

function summary(catalogue: Catalogue): string {
  return `${count(catalogue.marcas.length, 'marca', 'marcas')}, ${describeModels(countsOf(catalogue))}`;
}

/** The previous catalogue to compare with, plus a warning when it cannot be read. */
function previousFor(
  io: CliIo,
  paths: Paths,
  path: string,
  previous: PreviousCatalogue,
): Catalogue | undefined {
  if (previous.status === 'invalid') {
    io.stdout(
      `Aviso: el catálogo anterior (${paths.shown(path)}) ${previous.reason}; no se puede comparar con él.\n`,
    );
  }
  return previous.status === 'ok' ? previous.catalogue : undefined;
}

export async function build(
  io: CliIo,
  paths: Paths,
  file: string,
  options: { dryRun?: boolean; output?: string; vigencia?: string },
): Promise<number> {
  const stamp = { builtAt: io.now(), validDays: validDays(options.vigencia) };
  const result = await load(io, paths, file, stamp);
  if (!result.ok) return EXIT.badInput;
  const target = paths.output(options.output);
  const previous = await readCatalogueFile(target);
  const changes = describeChanges(previousFor(io, paths, target, previous), result.catalogue);
  const lines = [`Planilla "${file}" sin errores: ${summary(result.catalogue)}.`];
  const dates = `Precios actualizados el ${formatDateAR(shopDate(stamp.builtAt))}, válidos hasta el ${formatDateAR(result.catalogue.vigenteHasta)} (${count(stamp.validDays, 'día', 'días')}; se cambia con --vigencia).`;

  if (options.dryRun) {
    lines.push(`Prueba (--dry-run): no se guardó nada en ${paths.shown(target)}.`, ...changes);
  } else if (previous.status === 'ok' && previous.text === result.json) {
    lines.push(`El catálogo ${paths.shown(target)} ya estaba al día; no hizo falta guardarlo.`);
  } else {
    if (target === io.catalogueFile) {
      // The live file: kept in the history beside it too, as the panel's publishes are.
      await publishLiveFile(target, result, file, previous);
    } else {
      await writeFileAtomic(target, result.json);
    }
    lines.push(
      `Catálogo guardado en ${paths.shown(target)}.`,
      ...changes,
      dates,
      'El sitio muestra los precios nuevos en unos segundos, sin reiniciarlo.',
    );
  }
  if (!options.dryRun && io.openDatabase && target === io.catalogueFile) {
    lines.push(await publishToDatabase(io.openDatabase, result, file));
  }
  io.stdout(`${lines.join('\n')}\n`);
  return EXIT.ok;
}

type Built = Extract<BuildResult, { ok: true }>;

/** The history's entry for a catalogue this command built from `file`. */
function cliEntry(
  built: Built,
  file: string,
  before: Catalogue | undefined,
): Omit<PublishedEntry, 'seq' | 'hash'> {
  return {
    publishedAt: built.catalogue.actualizado,
    publishedBy: 'comando catalogue build',
    source: 'cli',
    fileName: basename(file),
    summary: summarize(previewChanges(before, built.catalogue)),
    restoredFrom: undefined,
  };
}

async function publishLiveFile(
  target: string,
  built: Built,
  file: string,
  previous: PreviousCatalogue,
): Promise<void> {
  const before = previous.status === 'ok' ? previous.catalogue : undefined;
  try {
    await publishToFile(
      target,
      built.json,
      cliEntry(built, file, before),
      previous.status === 'ok'
        ? { body: previous.text, publishedAt: previous.catalogue.actualizado }
        : undefined,
    );
  } catch {
    // The history is a convenience: the catalogue itself must still be written.
    await writeFileAtomic(target, built.json);
  }
}

/** Publishes to the database every instance follows (DATABASE_URL); one line for the owner. */
async function publishToDatabase(
  open: () => Promise<SiteDatabase>,
  built: Built,
  file: string,
): Promise<string> {
  let database: SiteDatabase;
  try {
    database = await open();
  } catch (error) {
    throw new UsageError(
      `No pude abrir la base de datos (DATABASE_URL) para publicar: ${error instanceof Error ? error.message : String(error)}. El archivo sí se guardó.`,
    );
  }
  try {
    const queries = createCatalogueQueries(database);
    const latest = await queries.latest();
    if (latest?.body === built.json) return 'La base de datos ya tenía este catálogo.';
    let before: Catalogue | undefined;
    try {
      before = latest ? catalogueSchema.parse(JSON.parse(latest.body)) : undefined;
    } catch {
      before = undefined;
    }
    const outcome = await queries.publish({
      body: built.json,
      expectedHash: latest?.hash,
      ...cliEntry(built, file, before),
    });
    return outcome.ok
      ? `Publicado en la base de datos (versión ${outcome.entry.seq}): cada instancia del sitio lo muestra en unos segundos.`
      : 'Alguien publicó precios en la base de datos en este mismo momento: volvé a correr el comando.';
  } finally {
    await database.close();
  }
}

export async function check(io: CliIo, paths: Paths, file: string): Promise<number> {
  const result = await load(io, paths, file);
  if (!result.ok) return EXIT.badInput;
  io.stdout(
    `OK: la planilla "${file}" no tiene errores (${summary(result.catalogue)}).\nPara publicarla: ${RUN} build ${file}\n`,
  );
  return EXIT.ok;
}

export async function diff(
  io: CliIo,
  paths: Paths,
  file: string,
  options: { against?: string },
): Promise<number> {
  const result = await load(io, paths, file);
  if (!result.ok) return EXIT.badInput;
  const against = paths.output(options.against);
  const previous = await readCatalogueFile(against);
  if (previous.status === 'missing' && options.against !== undefined) {
    throw new UsageError(
      `No encontré el catálogo "${options.against}" para comparar (lo busqué en ${against}).`,
    );
  }
  const lines = [
    `Comparando "${file}" con ${paths.shown(against)} (no se guarda nada):`,
    ...describeChanges(previousFor(io, paths, against, previous), result.catalogue),
  ];
  io.stdout(`${lines.join('\n')}\n`);
  return EXIT.ok;
}
