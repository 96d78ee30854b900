/**
 * The contact form's inbox for the owner: `npm run messages -- list|export`.
 * Reads DATA_DIR/contact/ (the same folder the server writes) and never changes it.
 *   0  done     2  wrong command or option, or the messages cannot be read
 */
import { writeFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../server/config.ts';
import { createContactStore } from '../server/contact/store.ts';
import {
  formatList,
  readRows,
  toCsv,
  toJson,
  type MessageStatus,
} from '../server/contact/export.ts';

const RUN = 'npm run messages --';
const HELP = `Mensajes del formulario de contacto de la web.

Uso:
  ${RUN} list [--status pending|sent]
      muestra los mensajes guardados, del más viejo al más nuevo
  ${RUN} export [--format csv|json] [--status pending|sent] [--output mensajes.csv]
      los guarda en CSV (separado por ";", se abre con Excel) o en JSON; sin
      --output los muestra en pantalla (para redirigir con ">", usá npm run -s)

Opciones:
  --status pending   solo los que todavía no se enviaron por e-mail
  --status sent      solo los que ya se enviaron por e-mail
  --format csv|json  formato de export (csv si no se indica)
  --output <archivo> archivo donde guardar el export
  --data-dir <dir>   carpeta de datos (si no, DATA_DIR o la carpeta data del proyecto)
  -h, --help         esta ayuda
`;

class UsageError extends Error {}

const STATUS: Record<string, MessageStatus> = {
  pending: 'pending',
  pendiente: 'pending',
  pendientes: 'pending',
  sent: 'sent',
  enviado: 'sent',
  enviados: 'sent',
};

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        format: { type: 'string' },
        status: { type: 'string' },
        'data-dir': { type: 'string' },
        output: { type: 'string', short: 'o' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(`No entiendo esa opción (${(error as Error).message}).`);
  }
  const { values, positionals } = parsed;
  const command = positionals[0];
  if (values.help || command === 'help' || command === undefined) {
    process.stdout.write(HELP);
    return command === undefined && !values.help ? 2 : 0;
  }
  if (command !== 'list' && command !== 'export') {
    throw new UsageError(`No existe el comando "${command}": usá list o export.`);
  }
  if (positionals.length > 1) throw new UsageError(`Sobra "${positionals[1]}".`);
  const status = values.status === undefined ? undefined : STATUS[values.status.toLowerCase()];
  if (values.status !== undefined && !status) {
    throw new UsageError(
      `--status puede ser pending (sin enviar) o sent (enviados), no "${values.status}".`,
    );
  }
  const format = values.format?.toLowerCase() ?? 'csv';
  if (command === 'list' && (values.format !== undefined || values.output !== undefined)) {
    throw new UsageError('--format y --output son para export; list muestra texto en pantalla.');
  }
  if (format !== 'csv' && format !== 'json') {
    throw new UsageError(`--format puede ser csv o json, no "${values.format}".`);
  }

  const store = createContactStore(typedPath(values['data-dir']) ?? defaultDataDir());
  const { rows, damagedLines } = await readRows(store);
  const selected = status ? rows.filter((r) => r.status === status) : rows;
  if (damagedLines > 0) {
    process.stderr.write(
      `Atención: ${damagedLines} línea(s) de ${store.messagesFile} no se pudieron leer y se saltearon.\n`,
    );
  }
  if (command === 'list') {
    process.stdout.write(
      selected.length === 0 && rows.length > 0
        ? `Ningún mensaje ${status === 'sent' ? 'enviado' : 'pendiente'} (hay ${rows.length} guardado${rows.length === 1 ? '' : 's'} en total).\n`
        : formatList(selected, store.messagesFile),
    );
    return 0;
  }
  const text = format === 'json' ? toJson(selected) : toCsv(selected);
  const output = typedPath(values.output);
  if (!output) {
    process.stdout.write(text);
    return 0;
  }
  try {
    writeFileSync(output, text, { mode: 0o600 });
  } catch (error) {
    throw new UsageError(`No pude guardar ${output}: ${(error as Error).message}`);
  }
  process.stderr.write(`Guardé ${selected.length} mensaje(s) en ${output}\n`);
  return 0;
}

/** A path typed by the owner is relative to where he typed it (`npm run` moves to the project). */
function typedPath(option: string | undefined): string | undefined {
  if (option === undefined) return undefined;
  const cwd =
    process.env.npm_lifecycle_event === 'messages' && process.env.INIT_CWD
      ? process.env.INIT_CWD
      : process.cwd();
  return isAbsolute(option) ? option : resolve(cwd, option);
}

/** The server's own DATA_DIR rule. */
function defaultDataDir(): string {
  return readConfig({ DATA_DIR: process.env.DATA_DIR }).dataDir;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n\n${HELP}`);
  } else {
    process.stderr.write(`No se pudieron leer los mensajes: ${(error as Error).message}\n`);
  }
  process.exitCode = 2;
}
