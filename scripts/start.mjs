// `npm start`: build when the build is missing or older than the code, then serve.
import { spawnSync } from 'node:child_process';
import { builtEntry, needsBuild } from './build-freshness.mjs';

if (needsBuild(process.cwd())) {
  console.log('Building the site (first start or code changed)...');
  const build = spawnSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
await import(`./../${builtEntry}`);
