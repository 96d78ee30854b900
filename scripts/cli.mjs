// `npm run catalogue|messages|owner|backup|restore -- ...`: runs an owner's CLI where the site runs.
// A development install has tsx: run the TypeScript source, so a change needs no build.
// A production install (`npm ci --omit=dev`, the Docker image) has no tsx: run the bundle
// that `npm run build` made in dist/cli/.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [name, ...args] = process.argv.slice(2);
const source = join(root, 'cli', `${name}.ts`);
const bundle = join(root, 'dist', 'cli', `${name}.js`);

function hasTsx() {
  try {
    createRequire(join(root, 'package.json')).resolve('tsx');
    return true;
  } catch {
    return false;
  }
}

if (existsSync(source) && hasTsx()) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', source, ...args], {
    stdio: 'inherit',
  });
  process.exit(run.status ?? 1);
} else if (existsSync(bundle)) {
  process.argv = [process.argv[0], bundle, ...args];
  await import(pathToFileURL(bundle).href);
} else {
  console.error(
    `No encuentro la herramienta "${name}": falta ${bundle}. Corré "npm run build" primero.`,
  );
  process.exit(2);
}
