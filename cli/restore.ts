/**
 * Puts a backup of `npm run backup` back into DATA_DIR (and CATALOGUE_FILE), with the site
 * stopped (also on a production install and in the Docker image):
 *   npm run restore -- <archivo> [--force]
 * Checks the whole copy first (store/backup.ts), refuses while a server uses DATA_DIR and
 * over data already there without --force (store/restore.ts). An older backup is brought up
 * to date by the next start.
 *   0  restored     1  refused or failed (the message says why)     2  wrong command
 */
import { resolve } from 'node:path';
import { BackupError } from '../store/backup.ts';
import { restoreBackup } from '../store/restore.ts';
import { describeContents, jujuyTime, placesFrom, type Env } from './backup-report.ts';
import { isEntry, ownerCwd, spanishProgram, usageOutcome } from './owner-shell.ts';

const RUN = 'npm run restore --';
const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

const PROGRAM_HELP = `
Vuelve a poner una copia hecha con npm run backup: la base de datos en DATA_DIR, el
catálogo de precios en CATALOGUE_FILE (con su historial) y el token de Instagram.
Primero revisa que la copia esté entera; no cambia nada si la web está funcionando
(parala antes) ni si DATA_DIR ya tiene datos, salvo con --force.

Ejemplos:
  ${RUN} /backups/backup-2026-11-28T06-00-00Z.sqlite
  ${RUN} web.sqlite --force          reemplaza los datos que hay

Con DATABASE_URL (PostgreSQL) se restaura con pg_restore.
Resultado (código de salida): 0 restaurada; 1 no se restauró (dice por qué); 2 el comando
está mal escrito.
`;

type Io = {
  stdout: (t: string) => void;
  stderr: (t: string) => void;
  env: Env;
  cwd: string;
};

class Refused extends Error {}

export function runRestoreCli(argv: readonly string[], io: Io): number {
  const program = spanishProgram(RUN, 'Vuelve a poner una copia de seguridad de la web.', io)
    .usage('<archivo> [--force]')
    .argument('<archivo>', 'la copia hecha con npm run backup')
    .option('--force', 'reemplaza los datos que ya hay en DATA_DIR')
    .helpCommand(false)
    .addHelpText('after', PROGRAM_HELP)
    .action((file: string, options: { force?: boolean }) => {
      const places = placesFrom(io.env);
      if (places.databaseUrl) {
        throw new Refused(
          [
            'La base de datos está en PostgreSQL (DATABASE_URL): se restaura con pg_restore, sobre la base parada o vacía:',
            `  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${file}`,
          ].join('\n'),
        );
      }
      const result = restoreBackup(resolve(io.cwd, file), places, { force: options.force });
      io.stdout(
        `Restauré la copia del ${jujuyTime(result.takenAt)} (hora de Jujuy) en ${places.dataDir}.\n`,
      );
      io.stdout(`${describeContents(result)}\n`);
      if (result.replaced.length > 0) {
        io.stdout(`  Reemplacé lo que había (${result.replaced.length} archivos y carpetas).\n`);
      }
      io.stdout(
        'Ya se puede arrancar la web; si la copia es de una versión anterior, al arrancar se pone al día.\n',
      );
    });

  try {
    program.parse([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof BackupError || error instanceof Refused) {
      io.stderr(`${error.message}\n`);
      return EXIT.failed;
    }
    const usage = usageOutcome(error, argv, RUN, io.stderr);
    if (usage !== undefined) return usage;
    throw error;
  }
}

if (isEntry(import.meta.url)) {
  process.exitCode = runRestoreCli(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    cwd: ownerCwd('restore'),
  });
}
