/**
 * Entry point: `npm run catalogue -- <build|check|diff> <archivo.csv>`. See ./run.ts.
 */
import { projectRootOf } from './project-root.ts';
import { runCli } from './run.ts';

// `npm run` changes to the project folder; INIT_CWD is where the owner typed the command,
// so `npm run catalogue -- build precios.csv` finds the file he is looking at.
const cwd =
  process.env.npm_lifecycle_event === 'catalogue' && process.env.INIT_CWD
    ? process.env.INIT_CWD
    : process.cwd();

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd,
  projectRoot: projectRootOf(import.meta.url),
});
