/**
 * The docs cannot drift silently: every `npm run` script the README and docs/ name exists,
 * every path they name (in backticks or as a link) exists, and every pointer into docs/
 * from a code comment leads somewhere.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/paths.ts';

/** Paths from the project's top folders; a bare `schema.ts` in a table row is relative to its row. */
const ROOTED_PATH =
  /^(?:server|client|cli|catalogue|store|tests|scripts|docs|public|\.ci)\/[\w./-]*$/;
/** Placeholders and globs name no one file (`tests/**`, `/fotos/<hash>.webp`, `{marca}`). */
const PATTERN = /[*{}<>]/;

type Check = { readonly scripts: ReadonlySet<string>; readonly exists: (path: string) => boolean };

/** What a Markdown file at `file` names that does not exist. */
export function docProblems(file: string, text: string, check: Check): string[] {
  const problems: string[] = [];
  for (const [, script = ''] of text.matchAll(/npm run ([\w:-]+)/g)) {
    if (!check.scripts.has(script)) problems.push(`${file}: npm run ${script} (no such script)`);
  }
  for (const [, quoted = ''] of text.matchAll(/`([^`\s]+)`/g)) {
    const path = quoted.replace(/[),.:;]+$/, '');
    if (ROOTED_PATH.test(path) && !PATTERN.test(path) && !check.exists(path)) {
      problems.push(`${file}: ${path} (no such file or folder)`);
    }
  }
  for (const [, target = ''] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
    if (/^[a-z]+:/i.test(target)) continue;
    const path = join(dirname(file), target);
    if (!check.exists(path)) problems.push(`${file}: link to ${target} (no such file)`);
  }
  return problems;
}

/** Pointers into docs/ from code (`docs/decisions/….md`) that lead nowhere. */
export function pointerProblems(file: string, text: string, check: Check): string[] {
  return [...text.matchAll(/docs\/[\w./-]*[\w/]/g)]
    .map(([path]) => path)
    .filter((path) => !PATTERN.test(path) && !check.exists(path))
    .map((path) => `${file}: ${path} (no such doc)`);
}

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(projectRoot, dir))) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(join(projectRoot, path)).isDirectory()) out.push(...filesUnder(path, keep));
    else if (keep(name)) out.push(path);
  }
  return out;
}

const project: Check = {
  scripts: new Set(
    Object.keys(
      (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts: object })
        .scripts,
    ),
  ),
  exists: (path) => existsSync(join(projectRoot, path)),
};
const read = (path: string) => readFileSync(join(projectRoot, path), 'utf8');

describe('the checker', () => {
  const made: Check = {
    scripts: new Set(['test']),
    exists: (path) => path === 'server/site.ts' || path === 'docs/architecture.md',
  };

  it('finds a script, a path and a link that do not exist, and passes those that do', () => {
    const page = [
      'Run `npm test`, then `npm run test` and `npm run bench:client`.',
      'Start at `server/site.ts` and `server/gone.ts`; globs like `tests/**/*.ts` name no file.',
      'See [architecture](architecture.md) and [old](decisions/old.md#why).',
    ].join('\n');
    expect(docProblems('docs/product.md', page, made)).toEqual([
      'docs/product.md: npm run bench:client (no such script)',
      'docs/product.md: server/gone.ts (no such file or folder)',
      'docs/product.md: link to decisions/old.md (no such file)',
    ]);
  });

  it('finds a code comment pointing at a doc that does not exist', () => {
    const code = '// Why: docs/architecture.md and docs/decisions/2026-01-01-gone.md.';
    expect(pointerProblems('server/x.ts', code, made)).toEqual([
      'server/x.ts: docs/decisions/2026-01-01-gone.md (no such doc)',
    ]);
  });
});

describe('the docs tell the truth', () => {
  const markdown = ['README.md', ...filesUnder('docs', (name) => name.endsWith('.md'))];

  it.each(markdown)('%s names only scripts, paths and links that exist', (file) => {
    expect(docProblems(file, read(file), project)).toEqual([]);
  });

  it('every pointer into docs/ from the code leads to a doc', () => {
    const code = ['server', 'client', 'cli', 'catalogue', 'store', 'scripts', 'tests']
      .flatMap((dir) => filesUnder(dir, (name) => /\.(ts|tsx|mjs|js|sh|css)$/.test(name)))
      .filter((file) => relative('tests/build', file) !== 'docs.test.ts');
    const problems = code.flatMap((file) => pointerProblems(file, read(file), project));
    expect(problems).toEqual([]);
  });
});
