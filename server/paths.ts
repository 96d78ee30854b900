import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_CATALOGUE_FILE } from '../catalogue/paths.ts';

/** The project root: the nearest folder with package.json above this module (source or dist). */
function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const projectRoot = findRoot(dirname(fileURLToPath(import.meta.url)));
export const clientDistDir = resolve(projectRoot, 'dist/client');
/** The default catalogue; the server reads config.catalogueFile (CATALOGUE_FILE). */
export const catalogueFile = resolve(projectRoot, DEFAULT_CATALOGUE_FILE);
