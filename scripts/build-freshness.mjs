// Is the build older than its sources? Used by `npm start` (scripts/start.mjs).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';

export const builtEntry = 'dist/server/index.js';
const sources = ['client', 'server', 'catalogue', 'public', 'vite.config.ts', 'package.json'];

/**
 * The prices (catalogue/*.json, the sample precios.csv) are data, not code: the running
 * server reads and reloads the catalogue file itself, so a price change needs no build.
 */
function isData(path) {
  return path.startsWith(`catalogue${sep}`) && /\.(json|csv)$/i.test(path);
}

function newestMtime(root, path) {
  const full = join(root, path);
  if (!existsSync(full) || isData(path)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newestMtime(root, join(path, name))));
}

export function needsBuild(root) {
  const built = join(root, builtEntry);
  if (!existsSync(built)) return true;
  const newestSource = Math.max(...sources.map((path) => newestMtime(root, path)));
  return statSync(built).mtimeMs < newestSource;
}
