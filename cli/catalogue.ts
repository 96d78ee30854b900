/**
 * Entry point: `npm run catalogue -- <build|check|diff> <archivo.csv>`. See ./run.ts.
 */
import { resolve } from 'node:path';
import { DEFAULT_CATALOGUE_FILE } from '../catalogue/paths.ts';
import { buildTime } from './build-time.ts';
import { projectRootOf } from './project-root.ts';
import { runCli } from './run.ts';

// `npm run` changes to the project folder; INIT_CWD is where the owner typed the command,
// so `npm run catalogue -- build precios.csv` finds the file he is looking at.
const cwd =
  process.env.npm_lifecycle_event === 'catalogue' && process.env.INIT_CWD
    ? process.env.INIT_CWD
    : process.cwd();

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd,
  // The same file the server watches (CATALOGUE_FILE, relative to the project folder).
  catalogueFile: resolve(
    projectRootOf(import.meta.url),
    process.env.CATALOGUE_FILE?.trim() || DEFAULT_CATALOGUE_FILE,
  ),
  now: () => buildTime(process.env.SOURCE_DATE_EPOCH),
});
