/**
 * What both of the owner's CLIs need from the shell they run in: where the owner typed the
 * command, and the error that means "the command was used wrong".
 */
import { Command } from 'commander';

/** A failure that is not the data's fault (exit status 2); `message` is for the owner. */
export class UsageError extends Error {}

/**
 * The folder the owner typed the command in. `npm run` moves to the project folder and
 * leaves that folder in INIT_CWD, so `npm run catalogue -- build precios.csv` finds the file
 * he is looking at. Run any other way, it is the working folder.
 */
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
