/** `npm start` rebuilds when code changed, not when only the prices did. */
import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../../server/paths.ts';

const module = pathToFileURL(join(projectRoot, 'scripts/build-freshness.mjs')).href;
const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A project folder whose build is from t = 1000 s and whose code is older. */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'start-freshness-'));
  roots.push(root);
  const files = [
    'dist/server/index.js',
    'client/routes.tsx',
    'server/app.ts',
    'catalogue/schema.ts',
    'catalogue/catalogue.json',
    'catalogue/precios.csv',
    'package.json',
  ];
  for (const file of files) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), 'x');
    touch(root, file, file.startsWith('dist/') ? 1000 : 500);
  }
  return root;
}

function touch(root: string, file: string, seconds: number) {
  utimesSync(join(root, file), seconds, seconds);
}

function needsBuild(root: string): boolean {
  const out = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(module)}); console.log(m.needsBuild(${JSON.stringify(root)}));`,
    ],
    { encoding: 'utf8' },
  );
  return out.trim() === 'true';
}

describe('npm start build freshness', () => {
  it('does not rebuild when the build is newer than the code', () => {
    expect(needsBuild(project())).toBe(false);
  });

  it.each(['catalogue/catalogue.json', 'catalogue/precios.csv'])(
    'does not rebuild when only %s changed',
    (file) => {
      const root = project();
      touch(root, file, 2000);
      expect(needsBuild(root)).toBe(false);
    },
  );

  it.each(['catalogue/schema.ts', 'client/routes.tsx', 'server/app.ts', 'package.json'])(
    'rebuilds when %s changed',
    (file) => {
      const root = project();
      touch(root, file, 2000);
      expect(needsBuild(root)).toBe(true);
    },
  );

  it('builds when there is no build', () => {
    const root = project();
    rmSync(join(root, 'dist'), { recursive: true });
    expect(needsBuild(root)).toBe(true);
  });
});
