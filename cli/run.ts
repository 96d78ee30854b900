/**
 * The catalogue CLI as a testable function: `runCli(argv, io)` returns the exit status.
 *   0  done
 *   1  the spreadsheet has problems: all of them are listed and nothing is written
 *   2  anything else: unknown command or option, missing argument, CSV not found or
 *      unreadable, catalogue not writable, unexpected failure
 */
import { Command, CommanderError } from 'commander';
import { build, check, diff, pathsFor, EXIT, RUN, type CliIo } from './commands.ts';
import { spanishProgram, UsageError } from './owner-shell.ts';
import { COLUMNS_IN_WORDS } from '../sheet/columns.ts';
import { DEFAULT_VALID_DAYS } from '../catalogue/validity.ts';

export { EXIT, type CliIo };

const COMMANDS = ['build', 'check', 'diff'] as const;
const COMMAND_LIST = 'build, check o diff';

const PROGRAM_HELP = `
La planilla: en la fila 1 los títulos ${COLUMNS_IN_WORDS} (en
cualquier orden, con o sin mayúsculas o tildes); debajo, un modelo por fila. Precios
como 185000, 185.000 o $ 185.000,50 (la coma separa los centavos). Si la celda URL
queda vacía, el botón "Comprar ahora" abre WhatsApp.

Columnas opcionales, para versiones y lunetas (varias filas por modelo son sus
versiones): Pieza (parabrisas o luneta), Año desde, Año hasta, Versión, Sensor de
lluvia, Cámara, Calefaccionado, Acústico, Franja (sí o no), Calidad (original o
equivalente), Marca del vidrio, Disponibilidad (en stock, a pedido o a pedido 5 días)
y Código.

La planilla puede ser el archivo de Excel tal cual (.xlsx: la hoja "Precios", o la
primera) o un CSV exportado (Archivo > Guardar como > "CSV (delimitado por comas)").

Ejemplos:
  ${RUN} check precios.csv      revisa la planilla sin cambiar nada
  ${RUN} diff precios.csv       muestra qué precios cambiarían
  ${RUN} build precios.csv      guarda el catálogo nuevo
  ${RUN} help build             ayuda de un comando

Resultado (código de salida):
  0  salió bien
  1  la planilla tiene errores: se listan todos, con fila y columna, y no se
     cambia nada
  2  el comando está mal escrito, no se encontró o no se pudo leer la planilla,
     o no se pudo guardar el catálogo
`;

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let status: number = EXIT.ok;
  const program = createProgram(io, (code) => {
    status = code;
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return status;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`${error.message}\n`);
      return EXIT.usage;
    }
    if (error instanceof CommanderError) return commanderExit(error, argv, io);
    io.stderr(
      `Error inesperado: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return EXIT.usage;
  }
}

function createProgram(io: CliIo, setStatus: (code: number) => void): Command {
  // Commander's own English errors are replaced by Spanish ones in commanderExit.
  const program = spanishProgram(
    RUN,
    'Convierte la planilla de precios (el .xlsx de Excel o LibreOffice, o un CSV exportado desde Excel, LibreOffice o Google Sheets) en el catálogo de parabrisas y lunetas del sitio.',
    io,
  ).addHelpText('after', PROGRAM_HELP);

  const paths = pathsFor(io);
  // The file the site reads (CATALOGUE_FILE, or catalogue/catalogue.json in the project).
  const catalogue = paths.shown(io.catalogueFile);

  program
    .command('build')
    .summary('guarda el catálogo del sitio con los precios de la planilla')
    .usage('<archivo.csv> [opciones]')
    .description(
      'Guarda el catálogo del sitio con los precios de la planilla y muestra qué cambió. Si la planilla tiene errores los lista todos y no cambia nada.',
    )
    .argument('<archivo.csv>', 'la planilla de precios (.xlsx o .csv)')
    .option('--dry-run', 'solo muestra qué cambiaría, sin guardar nada')
    .option(
      '-o, --output <ruta>',
      `dónde guardar el catálogo (si no lo indicás: ${catalogue}, el que lee el sitio)`,
    )
    .option(
      '--vigencia <días>',
      `cuántos días valen los precios; después el sitio pide confirmarlos por WhatsApp (si no lo indicás: ${DEFAULT_VALID_DAYS})`,
    )
    .addHelpText(
      'after',
      `
Ejemplos:
  ${RUN} build precios.csv
  ${RUN} build precios.csv --dry-run
  ${RUN} build precios.csv --vigencia 15

El sitio en marcha muestra los precios nuevos en unos segundos, sin reiniciarlo.
`,
    )
    .action(
      async (file: string, options: { dryRun?: boolean; output?: string; vigencia?: string }) => {
        setStatus(await build(io, paths, file, options));
      },
    );

  program
    .command('check')
    .summary('revisa la planilla sin cambiar nada')
    .usage('<archivo.csv>')
    .description('Revisa la planilla y lista cada error, sin cambiar nada.')
    .argument('<archivo.csv>', 'la planilla de precios (.xlsx o .csv)')
    .addHelpText('after', `\nEjemplo:\n  ${RUN} check precios.csv\n`)
    .action(async (file: string) => {
      setStatus(await check(io, paths, file));
    });

  program
    .command('diff')
    .summary('muestra qué cambiaría en el catálogo, sin cambiar nada')
    .usage('<archivo.csv> [opciones]')
    .description(
      'Muestra qué cambiaría en el sitio con esta planilla (modelos y versiones nuevos y quitados, precios), sin cambiar nada.',
    )
    .argument('<archivo.csv>', 'la planilla de precios (.xlsx o .csv)')
    .option(
      '--against <ruta>',
      `catálogo con el que comparar (si no lo indicás: ${catalogue}, el que lee el sitio)`,
    )
    .addHelpText('after', `\nEjemplo:\n  ${RUN} diff precios.csv\n`)
    .action(async (file: string, options: { against?: string }) => {
      setStatus(await diff(io, paths, file, options));
    });

  return program;
}

/** Commander's parse failures, told in Spanish. Help and version end with their own code. */
function commanderExit(error: CommanderError, argv: readonly string[], io: CliIo): number {
  const askedForHelp = argv.some((arg) => arg === 'help' || arg === '--help' || arg === '-h');
  if (
    error.code === 'commander.helpDisplayed' ||
    error.code === 'commander.version' ||
    (error.code === 'commander.help' && askedForHelp)
  ) {
    return EXIT.ok;
  }
  const command = argv.find((arg): arg is (typeof COMMANDS)[number] =>
    (COMMANDS as readonly string[]).includes(arg),
  );
  const helpHint = `Para ver cómo se usa: ${RUN} ${command ? `${command} ` : ''}--help`;
  const suggestion = /\(Did you mean (?:one of )?(.+)\?\)/.exec(error.message)?.[1];
  const maybe = suggestion ? ` ¿Quisiste decir ${suggestion.replace(/, /g, ' o ')}?` : '';
  const quotedArg = /'([^']*)'/.exec(error.message)?.[1] ?? '';
  const flag = /--[\w-]+/.exec(quotedArg)?.[0] ?? quotedArg;

  let message: string;
  switch (error.code) {
    case 'commander.help':
      // Run without a command: commander already printed the help on stderr.
      message = `Falta el comando: ${COMMAND_LIST}.`;
      break;
    case 'commander.unknownCommand':
      message = `No conozco el comando "${quotedArg}".${maybe} Los comandos son ${COMMAND_LIST}.`;
      break;
    case 'commander.unknownOption':
      message = `No conozco la opción "${quotedArg}".${maybe}`;
      break;
    case 'commander.missingArgument':
      message = `Falta el archivo CSV. Por ejemplo: ${RUN} ${command ?? 'build'} precios.csv`;
      break;
    case 'commander.optionMissingArgument':
      message = `A la opción ${flag} le falta la ruta del archivo. Por ejemplo: ${flag} ${pathsFor(io).shown(io.catalogueFile)}`;
      break;
    case 'commander.excessArguments':
      message =
        'Sobran datos: pasá un solo archivo CSV. Si la ruta tiene espacios, ponela entre comillas ("mis precios.csv").';
      break;
    default:
      message = `No entendí el comando (${error.message.replace(/^error: /, '')}).`;
  }
  io.stderr(`${message}\n${helpHint}\n`);
  return EXIT.usage;
}
