/**
 * What both of the owner's CLIs need from the shell they run in: where the owner typed the
 * command, where the project is, and the error that means "the command was used wrong".
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A failure that is not the data's fault (exit status 2); `message` is for the owner. */
export class UsageError extends Error {}

/**
 * The folder the owner typed the command in. `npm run` moves to the project folder and
 * leaves that folder in INIT_CWD, so `npm run catalogue -- build precios.csv` finds the file
 * he is looking at. Run any other way, it is the working folder.
 */
export function ownerCwd(npmScript: string): string {
  return process.env.npm_lifecycle_event === npmScript && process.env.INIT_CWD
    ? process.env.INIT_CWD
    : process.cwd();
}

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
