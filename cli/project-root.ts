import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project root: the nearest folder with package.json above the calling module. The CLIs
 * run from source (`cli/*.ts`, dev install) and bundled (`dist/cli/*.js`, production install),
 * so a fixed `..` would be wrong in one of the two.
 */
export function projectRootOf(moduleUrl: string): string {
  let dir = dirname(fileURLToPath(moduleUrl));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}
