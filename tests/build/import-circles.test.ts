/**
 * No import circles in the code (type-only imports count too): a module can be read, tested
 * and loaded after what it imports, as the layer rules (eslint.config.js) keep the folders.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/paths.ts';

const FOLDERS = ['catalogue', 'cli', 'client', 'server', 'sheet', 'store', 'scripts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The relative imports and re-exports of a module, static or dynamic, resolved to files. */
function importsOf(file: string, text: string): string[] {
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"](\.\.?\/[^'"]+)['"]/gm),
    ...text.matchAll(/^\s*import\s*['"](\.\.?\/[^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"](\.\.?\/[^'"]+)['"]\s*\)/g),
  ].map(([, specifier = '']) => specifier);
  return specifiers.flatMap((specifier) => {
    const base = resolve(dirname(file), specifier);
    const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
      (path) => existsSync(path) && statSync(path).isFile(),
    );
    return found ? [found] : [];
  });
}

/** Every circle of the graph, once each, as the files in order (the first one again at the end). */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const circles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') circles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return circles;
}

describe('import circles', () => {
  it('are found, however long', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(importCircles(graph)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['e', 'e'],
    ]);
    expect(importCircles(new Map([['a', ['b']]]))).toEqual([]);
  });

  it('there are none in the code', () => {
    const files = FOLDERS.flatMap((folder) => sourceFiles(join(projectRoot, folder)));
    expect(files.length).toBeGreaterThan(200);
    const graph = new Map(files.map((file) => [file, importsOf(file, readFileSync(file, 'utf8'))]));
    expect([...graph.values()].flat().length).toBeGreaterThan(500);
    expect(
      importCircles(graph).map((circle) =>
        circle.map((file) => relative(projectRoot, file)).join(' -> '),
      ),
    ).toEqual([]);
  });
});
