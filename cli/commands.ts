/** What each command does, once commander has parsed the arguments; returns the exit status. */
import { isAbsolute, relative, resolve } from 'node:path';
import type { Catalogue } from '../catalogue/schema.ts';
import { buildFromCsv, countModels, type BuildResult } from './build.ts';
import { describeChanges } from './diff.ts';
import {
  readCatalogueFile,
  readInputFile,
  UsageError,
  writeFileAtomic,
  type PreviousCatalogue,
} from './files.ts';
import { count } from './format.ts';
import type { Problem } from './problems.ts';

export type CliIo = {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Where relative paths typed by the owner are resolved from. */
  cwd: string;
  /** The project folder: the default catalogue lives in its catalogue/ folder. */
  projectRoot: string;
};

export const EXIT = { ok: 0, badInput: 1, usage: 2 } as const;
export const RUN = 'npm run catalogue --';
export const DEFAULT_CATALOGUE = 'catalogue/catalogue.json';

export type Paths = {
  input: (file: string) => string;
  output: (given: string | undefined) => string;
  shown: (path: string) => string;
};

export function pathsFor(io: CliIo): Paths {
  return {
    input: (file) => resolve(io.cwd, file),
    output: (given) =>
      given === undefined ? resolve(io.projectRoot, DEFAULT_CATALOGUE) : resolve(io.cwd, given),
    shown: (path) => {
      const rel = relative(io.cwd, path);
      return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? path : rel;
    },
  };
}

async function load(io: CliIo, paths: Paths, file: string): Promise<BuildResult> {
  const result = buildFromCsv(await readInputFile(paths.input(file), file));
  if (!result.ok) reportProblems(io, file, result.problems);
  return result;
}

function reportProblems(io: CliIo, file: string, problems: readonly Problem[]): void {
  const lines = [
    `La planilla "${file}" tiene ${count(problems.length, 'error', 'errores')}; el catálogo no se modificó.`,
    ...problems.map((problem) => `  ${problem.message}`),
    'Corregí la planilla, exportala de nuevo como CSV y volvé a correr el comando.',
  ];
  io.stderr(`${lines.join('\n')}\n`);
}

function summary(catalogue: Catalogue): string {
  return `${count(catalogue.marcas.length, 'marca', 'marcas')}, ${count(countModels(catalogue), 'modelo', 'modelos')}`;
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
  options: { dryRun?: boolean; output?: string },
): Promise<number> {
  const result = await load(io, paths, file);
  if (!result.ok) return EXIT.badInput;
  const target = paths.output(options.output);
  const previous = await readCatalogueFile(target);
  const changes = describeChanges(previousFor(io, paths, target, previous), result.catalogue);
  const lines = [`Planilla "${file}" sin errores: ${summary(result.catalogue)}.`];

  if (options.dryRun) {
    lines.push(`Prueba (--dry-run): no se guardó nada en ${paths.shown(target)}.`, ...changes);
  } else if (previous.status === 'ok' && previous.text === result.json) {
    lines.push(`El catálogo ${paths.shown(target)} ya estaba al día; no hizo falta guardarlo.`);
  } else {
    await writeFileAtomic(target, result.json);
    lines.push(
      `Catálogo guardado en ${paths.shown(target)}.`,
      ...changes,
      'Reiniciá el sitio para que muestre los precios nuevos.',
    );
  }
  io.stdout(`${lines.join('\n')}\n`);
  return EXIT.ok;
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
