/**
 * Where the catalogue file is, for the server and the CLI alike (Node only: the client never
 * imports this). Both find the project the same way, from their own module: they run from
 * source (`server/`, `cli/`) and bundled (`dist/server/`, `dist/cli/`), so a fixed `..`
 * would be wrong in one of the two.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the CLI writes the catalogue and the server reads it, unless CATALOGUE_FILE says otherwise. */
export const DEFAULT_CATALOGUE_FILE = 'catalogue/catalogue.json';

/** The project root: the nearest folder with package.json above the module at `moduleUrl`. */
export function projectRootOf(moduleUrl: string): string {
  let dir = dirname(fileURLToPath(moduleUrl));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

/** CATALOGUE_FILE (relative to the project folder, or absolute), or the default. */
export function catalogueFileIn(projectRoot: string, setting: string | undefined): string {
  return resolve(projectRoot, setting?.trim() || DEFAULT_CATALOGUE_FILE);
}
