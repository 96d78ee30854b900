/**
 * What both of the owner's CLIs need from the shell they run in: where the owner typed the
 * command, and the error that means "the command was used wrong".
 */
import { Command, CommanderError } from 'commander';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A failure that is not the data's fault (exit status 2); `message` is for the owner. */
export class UsageError extends Error {}

/**
 * The folder the owner typed the command in. `npm run` moves to the project folder and
 * leaves that folder in INIT_CWD, so `npm run catalogue -- build precios.csv` finds the file
 * he is looking at. Run any other way, it is the working folder.
 */
/**
 * Whether the module at `moduleUrl` is the program node was started with, and not a module a
 * test imported to call its run function.
 */
export function isEntry(moduleUrl: string): boolean {
  const started = process.argv[1];
  if (!started) return false;
  try {
    return realpathSync(started) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

export function ownerCwd(npmScript: string): string {
  return process.env.npm_lifecycle_event === npmScript && process.env.INIT_CWD
    ? process.env.INIT_CWD
    : process.cwd();
}

/** Commander's help titles, in Spanish. */
const HELP_TITLES: Record<string, string> = {
  'Usage:': 'Uso:',
  'Options:': 'Opciones:',
  'Commands:': 'Comandos:',
  'Arguments:': 'Datos:',
  'Global Options:': 'Opciones generales:',
};

/**
 * A commander program that speaks Spanish: help titles and options, output through `io`,
 * and no English error lines (each CLI words its own errors, then exits with its status).
 */
export function spanishProgram(
  name: string,
  description: string,
  io: { stdout: (text: string) => void; stderr: (text: string) => void },
): Command {
  return new Command()
    .name(name)
    .usage('<comando> [opciones]')
    .description(description)
    .configureOutput({
      writeOut: (text) => io.stdout(text),
      writeErr: (text) => io.stderr(text),
      outputError: () => {},
    })
    .configureHelp({
      styleTitle: (title) => HELP_TITLES[title] ?? title,
      subcommandTerm: (command) => `${command.name()} ${command.usage()}`.trim(),
    })
    .helpOption('-h, --help', 'muestra esta ayuda')
    .helpCommand('help [comando]', 'muestra la ayuda de un comando')
    .exitOverride();
}

/**
 * How a CLI ends when its program threw a usage problem: 0 for help asked for, else 2 after
 * saying in Spanish what was wrong and how to see the help (`noCommand` when none was given).
 * Undefined for any other error: the CLI handles those itself.
 */
export function usageOutcome(
  error: unknown,
  argv: readonly string[],
  run: string,
  write: (text: string) => void,
  noCommand = 'Falta el comando.',
): 0 | 2 | undefined {
  const hint = `Para ver cómo se usa: ${run} --help\n`;
  if (error instanceof UsageError) {
    write(`${error.message}\n${hint}`);
    return 2;
  }
  if (!(error instanceof CommanderError)) return undefined;
  const askedForHelp = argv.some((arg) => arg === 'help' || arg === '-h');
  if (
    error.code === 'commander.helpDisplayed' ||
    error.code === 'commander.version' ||
    (error.code === 'commander.help' && askedForHelp)
  ) {
    return 0;
  }
  write(
    `${error.code === 'commander.help' ? noCommand : `No entendí el comando (${error.message.replace(/^error: /, '')}).`}\n${hint}`,
  );
  return 2;
}
