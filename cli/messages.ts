/**
 * The contact form's inbox for the owner, where the site runs (also on a production install):
 *   npm run messages -- list | export | delete --email <dirección> | purge --older-than <días>
 * Reads the same database as the server: SQLite in DATA_DIR, or PostgreSQL with DATABASE_URL.
 *   0  done     2  wrong command or option, or the database cannot be opened
 */
import { writeFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { CommanderError, Option } from 'commander';
import { openContactStore } from '../store/open.ts';
import { MESSAGE_STATUSES, type MessageStatus } from '../store/schema.ts';
import { storeSettingsFrom } from '../store/settings.ts';
import type { ContactStore } from '../store/messages.ts';
import { formatList, toCsv, toJson } from './messages-format.ts';
import { isEntry, ownerCwd, spanishProgram, UsageError } from './owner-shell.ts';
import { projectRootOf } from '../catalogue/file.ts';

const RUN = 'npm run messages --';
const EXIT = { ok: 0, usage: 2 } as const;
const COMMAND_LIST = 'list, export, delete o purge';

const STATUS: Record<string, MessageStatus> = {
  pending: 'pending',
  pendiente: 'pending',
  pendientes: 'pending',
  sent: 'sent',
  enviado: 'sent',
  enviados: 'sent',
  failed: 'failed',
  fallido: 'failed',
  fallidos: 'failed',
};

const PROGRAM_HELP = `
Los mensajes están en la base de datos del sitio: el archivo contact/messages.sqlite
dentro de DATA_DIR (la carpeta data del proyecto si no se indica), o PostgreSQL si
está DATABASE_URL.

Ejemplos:
  ${RUN} list                          todos los mensajes, del más viejo al más nuevo
  ${RUN} list --status failed          los que el servidor de e-mail rechazó
  ${RUN} export --output mensajes.csv  para abrir con Excel
  ${RUN} delete --email ana@gmail.com  borra todo lo que mandó esa persona
  ${RUN} purge --older-than 365        borra lo recibido hace más de un año

Resultado (código de salida): 0 salió bien; 2 el comando está mal escrito o no se
pudo abrir la base de datos.
`;

type Io = {
  stdout: (t: string) => void;
  stderr: (t: string) => void;
  cwd: string;
  /** DATA_DIR and DATABASE_URL: where the messages are. */
  env: NodeJS.ProcessEnv;
};

function parseStatus(value: string): MessageStatus {
  const status = STATUS[value.toLowerCase()];
  if (!status) {
    throw new UsageError(
      `--status puede ser pending (sin enviar), sent (enviados) o failed (rechazados), no "${value}".`,
    );
  }
  return status;
}

function parseDays(value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1) {
    throw new UsageError(`--older-than es una cantidad de días (1 o más), no "${value}".`);
  }
  return Number(value);
}

export async function runMessagesCli(argv: readonly string[], io: Io): Promise<number> {
  let dataDirOption: string | undefined;
  let store: ContactStore | undefined;
  const open = async () => {
    const settings = storeSettingsFrom(
      {
        DATA_DIR: dataDirOption ? resolve(io.cwd, dataDirOption) : io.env.DATA_DIR,
        DATABASE_URL: io.env.DATABASE_URL,
      },
      projectRootOf(import.meta.url),
    );
    store = await openContactStore(settings, {
      onImport: (r) =>
        io.stderr(
          `Importé ${r.messages} mensaje(s) del archivo anterior ${r.file} (quedó como .imported).\n`,
        ),
    });
    return store;
  };

  const program = spanishProgram(RUN, 'Los mensajes del formulario de contacto de la web.', io)
    .option(
      '--data-dir <carpeta>',
      'carpeta de datos (si no: DATA_DIR o la carpeta data del proyecto)',
    )
    .hook('preAction', (command) => {
      dataDirOption = command.opts<{ dataDir?: string }>().dataDir;
    })
    .addHelpText('after', PROGRAM_HELP);

  const statusOption = () =>
    new Option(
      '--status <estado>',
      'solo pending (sin enviar), sent (enviados) o failed (rechazados)',
    ).argParser(parseStatus);

  program
    .command('list')
    .summary('muestra los mensajes guardados')
    .description(
      'Muestra los mensajes guardados, del más viejo al más nuevo, y si se enviaron por e-mail.',
    )
    .addOption(statusOption())
    .action(async (options: { status?: MessageStatus }) => {
      const db = await open();
      const rows = await db.list({ status: options.status });
      if (rows.length === 0 && options.status) {
        const counts = await db.countByStatus();
        const total = MESSAGE_STATUSES.reduce((sum, s) => sum + counts[s], 0);
        if (total > 0) {
          const word = { pending: 'pendiente', sent: 'enviado', failed: 'rechazado' }[
            options.status
          ];
          io.stdout(
            `Ningún mensaje ${word} (hay ${total} guardado${total === 1 ? '' : 's'} en total).\n`,
          );
          return;
        }
      }
      io.stdout(formatList(rows, db.location));
    });

  program
    .command('export')
    .summary('los guarda en CSV (para Excel) o JSON')
    .description(
      'Guarda los mensajes en CSV (separado por ";", se abre con Excel) o en JSON. Sin --output los muestra en pantalla (para redirigir con ">", usá npm run -s).',
    )
    .addOption(
      new Option('--format <formato>', 'csv o json').default('csv').argParser((v) => {
        const format = v.toLowerCase();
        if (format !== 'csv' && format !== 'json') {
          throw new UsageError(`--format puede ser csv o json, no "${v}".`);
        }
        return format;
      }),
    )
    .addOption(statusOption())
    .option('-o, --output <archivo>', 'archivo donde guardar el export')
    .action(
      async (options: { format: 'csv' | 'json'; status?: MessageStatus; output?: string }) => {
        const rows = await (await open()).list({ status: options.status });
        const text = options.format === 'json' ? toJson(rows) : toCsv(rows);
        if (options.output === undefined) {
          io.stdout(text);
          return;
        }
        const output = isAbsolute(options.output)
          ? options.output
          : resolve(io.cwd, options.output);
        try {
          writeFileSync(output, text, { mode: 0o600 });
        } catch (error) {
          throw new UsageError(
            `No pude guardar ${output}: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
        io.stderr(`Guardé ${rows.length} mensaje(s) en ${output}\n`);
      },
    );

  program
    .command('delete')
    .summary('borra todos los mensajes de una dirección de e-mail')
    .description(
      'Borra todos los mensajes enviados desde una dirección de e-mail (el derecho de supresión de la Ley 25.326). No se puede deshacer.',
    )
    .requiredOption('--email <dirección>', 'la dirección de e-mail de la persona')
    .action(async (options: { email: string }) => {
      const email = options.email.trim();
      if (!/^[^@\s]+@[^@\s]+$/.test(email)) {
        throw new UsageError(
          `--email necesita una dirección, como ana@gmail.com (no "${options.email}").`,
        );
      }
      const deleted = await (await open()).deleteByEmail(email);
      io.stdout(
        deleted === 0
          ? `No hay mensajes de ${email}.\n`
          : `Borré ${deleted} mensaje(s) de ${email}.\n`,
      );
    });

  program
    .command('purge')
    .summary('borra los mensajes más viejos que una cantidad de días')
    .description(
      'Borra los mensajes recibidos hace más de esa cantidad de días. Los que todavía no se enviaron por e-mail se conservan.',
    )
    .addOption(
      new Option('--older-than <días>', 'antigüedad en días')
        .makeOptionMandatory()
        .argParser(parseDays),
    )
    .action(async (options: { olderThan: number }) => {
      const before = new Date(Date.now() - options.olderThan * 24 * 60 * 60_000);
      const { deleted, keptPending } = await (await open()).purgeReceivedBefore(before);
      io.stdout(`Borré ${deleted} mensaje(s) recibidos hace más de ${options.olderThan} días.\n`);
      if (keptPending > 0) {
        io.stdout(
          `Conservé ${keptPending} igual de viejo(s) que todavía no se enviaron por e-mail: revisá la configuración de e-mail (list --status pending).\n`,
        );
      }
    });

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`${error.message}\nPara ver cómo se usa: ${RUN} --help\n`);
      return EXIT.usage;
    }
    if (error instanceof CommanderError) return commanderExit(error, argv, io);
    io.stderr(
      `No se pudo abrir o leer la base de datos de mensajes: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return EXIT.usage;
  } finally {
    await store?.close();
  }
}

function commanderExit(error: CommanderError, argv: readonly string[], io: Io): number {
  if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version')
    return EXIT.ok;
  if (
    error.code === 'commander.help' &&
    argv.some((a) => a === 'help' || a === '--help' || a === '-h')
  ) {
    return EXIT.ok;
  }
  // A UsageError thrown by an option's parser reaches here wrapped by commander.
  if (error.code === 'commander.invalidArgument') {
    const reason = /\. (.*)$/s.exec(error.message)?.[1] ?? error.message;
    io.stderr(`${reason}\nPara ver cómo se usa: ${RUN} --help\n`);
    return EXIT.usage;
  }
  const quoted = /'([^']*)'/.exec(error.message)?.[1] ?? '';
  const messages: Record<string, string> = {
    'commander.help': `Falta el comando: ${COMMAND_LIST}.`,
    'commander.unknownCommand': `No existe el comando "${quoted}": usá ${COMMAND_LIST}.`,
    'commander.unknownOption': `No conozco la opción "${quoted}".`,
    'commander.missingMandatoryOptionValue': `Falta la opción ${/--[\w-]+/.exec(quoted)?.[0] ?? quoted}.`,
    'commander.optionMissingArgument': `A la opción ${/--[\w-]+/.exec(quoted)?.[0] ?? quoted} le falta el valor.`,
    'commander.excessArguments': 'Sobran datos en el comando.',
  };
  io.stderr(
    `${messages[error.code] ?? `No entendí el comando (${error.message.replace(/^error: /, '')}).`}\nPara ver cómo se usa: ${RUN} --help\n`,
  );
  return EXIT.usage;
}

if (isEntry(import.meta.url)) {
  process.exitCode = await runMessagesCli(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd: ownerCwd('messages'),
    env: process.env,
  });
}
