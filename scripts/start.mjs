// `npm start`: build when the build is missing or older than the sources, then serve.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const built = 'dist/server/index.js';
const sources = ['client', 'server', 'catalogue', 'public', 'vite.config.ts', 'package.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

if (!existsSync(built) || newestMtime(built) < Math.max(...sources.map(newestMtime))) {
  console.log('Building the site (first start or sources changed)...');
  const build = spawnSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
await import(`./../${built}`);
