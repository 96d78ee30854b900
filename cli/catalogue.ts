/**
 * Entry point: `npm run catalogue -- <build|check|diff> <archivo.csv>`. See ./run.ts.
 */
import { catalogueFileIn, projectRootOf } from '../catalogue/file.ts';
import { buildTime } from './build-time.ts';
import { ownerCwd } from './owner-shell.ts';
import { runCli } from './run.ts';
import { openDatabase } from '../store/open.ts';
import { storeSettingsFrom } from '../store/settings.ts';

const projectRoot = projectRootOf(import.meta.url);

const cwd = ownerCwd('catalogue');

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd,
  // The same file the server watches (CATALOGUE_FILE, relative to the project folder).
  catalogueFile: catalogueFileIn(projectRoot, process.env.CATALOGUE_FILE),
  now: () => buildTime(process.env.SOURCE_DATE_EPOCH),
  // With DATABASE_URL, `build` also publishes where every instance of the site looks.
  openDatabase: process.env.DATABASE_URL?.trim()
    ? () => openDatabase(storeSettingsFrom(process.env, projectRoot))
    : undefined,
});
