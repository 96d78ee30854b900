/**
 * One of the owner's CLIs (cli/<name>.ts) as a child process, as `npm run <name> -- …` runs
 * it in development; asynchronous, so the test's own servers and requests keep going.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../../server/paths.ts';

export type CliResult = { status: number | null; stdout: string; stderr: string };

export function runCli(
  name: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  cwd = projectRoot,
): Promise<CliResult> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(projectRoot, 'cli', `${name}.ts`), ...args],
    {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => (stderr += String(d)));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
