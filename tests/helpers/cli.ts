/**
 * One of the owner's CLIs as a child process: the bundle `npm run build` made in dist/cli/,
 * which `npm run <name> -- …` runs on a production install (scripts/cli.mjs). It starts in
 * half the time of the TypeScript source through tsx; a test whose subject is not the process
 * calls the CLI's run*Cli function instead.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../server/paths.ts';

export type CliResult = { status: number | null; stdout: string; stderr: string };

/** dist/cli/<name>.js, or a throw saying to build first. */
export function builtCli(name: string): string {
  const file = join(projectRoot, 'dist', 'cli', `${name}.js`);
  if (!existsSync(file)) throw new Error(`No build: run \`npm run build\` first (${file})`);
  return file;
}

/** Asynchronous, so the test's own servers and requests keep going. */
export function runCli(
  name: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  cwd = projectRoot,
): Promise<CliResult> {
  const child = spawn(process.execPath, [builtCli(name), ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => (stderr += String(d)));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
