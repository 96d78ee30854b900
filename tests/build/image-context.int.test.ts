/**
 * The Docker image builds from its context: the checkout filtered by .dockerignore (Docker's own
 * matching, scripts/image-context.ts). A build configuration that reaches into a folder the
 * context leaves out (as vite.config.ts once did into tests/) fails here, not in an operator's
 * `docker build`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../server/paths.ts';
import { copyImageContext, imageContextFiles } from '../../scripts/image-context.ts';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

describe("the image's build context", () => {
  const files = imageContextFiles(projectRoot);

  it('holds the build inputs and leaves out tests, secrets and build output', () => {
    for (const needed of [
      'package.json',
      'package-lock.json',
      'vite.config.ts',
      'vite.cli.config.ts',
    ]) {
      expect(files).toContain(needed);
    }
    expect(files.some((file) => file.startsWith('client/'))).toBe(true);
    const leftOut = /^(tests|node_modules|dist|data|\.git|\.ci)\/|^\.env|^Dockerfile$/;
    expect(files.filter((file) => leftOut.test(file))).toEqual([]);
  });

  it('builds on its own: npm run build in a copy of exactly those files', () => {
    const root = mkdtempSync(join(tmpdir(), 'image-context-'));
    roots.push(root);
    copyImageContext(projectRoot, root);
    // The same packages as `npm ci` would put there (the deploy check runs the real npm ci).
    symlinkSync(join(projectRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
    let output = '';
    try {
      execFileSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      output = error instanceof Error && 'stderr' in error ? String(error.stderr) : String(error);
    }
    expect(output).toBe('');
    for (const built of [
      'dist/server/index.js',
      'dist/client/.vite/manifest.json',
      'dist/cli/catalogue.js',
    ]) {
      expect(existsSync(join(root, built)), built).toBe(true);
    }
  });
});
