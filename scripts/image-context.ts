/**
 * The Docker image's build context: the checkout as `docker build .` sends it, filtered by
 * `.dockerignore` with Docker's own matching rules (@balena/dockerignore, a port of Docker's
 * matcher). scripts/deploy-check.sh builds the image's `npm ci` + `npm run build` in a copy of
 * exactly these files, so a file the build needs and the context lacks fails there, not in an
 * operator's `docker build`.
 *
 *   tsx scripts/image-context.ts <empty folder>   copies the context there, prints its size
 */
import { copyFileSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import dockerignore from '@balena/dockerignore';

/** The context's files, as paths relative to `root` with `/`, sorted. */
export function imageContextFiles(root: string): string[] {
  const rules = readFileSync(join(root, '.dockerignore'), 'utf8');
  const ignored = dockerignore().add(rules);
  // Docker walks into an ignored folder only when a `!` rule could bring something back.
  const hasExceptions = rules.split('\n').some((line) => line.trim().startsWith('!'));
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = dir ? posix.join(dir, entry.name) : entry.name;
      if (entry.isDirectory()) {
        if (!ignored.ignores(path) || hasExceptions) walk(path);
      } else if (!ignored.ignores(path)) {
        files.push(path);
      }
    }
  };
  walk('');
  return files.sort();
}

/** Copies the context of `root` into `dest`; returns the files copied. */
export function copyImageContext(root: string, dest: string): string[] {
  const files = imageContextFiles(root);
  for (const file of files) {
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    copyFileSync(join(root, file), join(dest, file));
  }
  return files;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dest = process.argv[2];
  if (!dest) {
    console.error('usage: tsx scripts/image-context.ts <empty folder>');
    process.exit(2);
  }
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const files = copyImageContext(root, resolve(dest));
  console.log(`${files.length} files`);
}
