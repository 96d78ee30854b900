/**
 * A backup of the site's data, taken while the site serves (also on a production install and
 * in the Docker image):
 *   npm run backup -- [archivo]
 * SQLite (no DATABASE_URL): the database, the catalogue and its history and the Instagram
 * token in one file (store/backup.ts); without a file name it goes to BACKUP_DIR, or to the
 * folder where the command was typed. PostgreSQL (DATABASE_URL): pg_dump, when installed.
 *   0  done     1  the copy could not be made     2  wrong command
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { backupFileName, BackupError, writeBackup } from '../store/backup.ts';
import { describeContents, fileSize, placesFrom, type Env } from './backup-report.ts';
import { isEntry, ownerCwd, spanishProgram, usageOutcome } from './owner-shell.ts';

const RUN = 'npm run backup --';
const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

const PROGRAM_HELP = `
Copia todo lo que la web no puede volver a armar sola: la base de datos (mensajes, turnos,
personas y llaves de acceso del panel, estadísticas), el catálogo de precios publicado y su
historial, y el token de Instagram. Se puede correr con la web funcionando.

Ejemplos:
  ${RUN}                                  en BACKUP_DIR (o en esta carpeta), con fecha y hora
  ${RUN} /mnt/pendrive/web.sqlite         en ese archivo

Para volver a ponerla: npm run restore -- <archivo> (con la web parada).
Con DATABASE_URL (PostgreSQL) la copia la hace pg_dump, si está instalado.
Resultado (código de salida): 0 salió bien; 1 no se pudo hacer la copia; 2 el comando está
mal escrito.
`;

type Io = {
  stdout: (t: string) => void;
  stderr: (t: string) => void;
  env: Env & { readonly PATH?: string };
  cwd: string;
  now?: () => Date;
};

class Failed extends Error {}

export function runBackupCli(argv: readonly string[], io: Io): number {
  const now = io.now ?? (() => new Date());
  const program = spanishProgram(RUN, 'Copia de seguridad de los datos de la web.', io)
    .usage('[archivo]')
    .argument('[archivo]', 'dónde guardar la copia (si no: BACKUP_DIR o esta carpeta)')
    .helpCommand(false)
    .addHelpText('after', PROGRAM_HELP)
    .action((file: string | undefined) => {
      const places = placesFrom(io.env);
      const at = now();
      const folder = io.env.BACKUP_DIR?.trim() ? resolve(io.cwd, io.env.BACKUP_DIR.trim()) : io.cwd;
      if (places.databaseUrl) {
        const target = file
          ? resolve(io.cwd, file)
          : resolve(folder, backupFileName(at).replace(/\.sqlite$/, '.dump'));
        postgresDump(places.databaseUrl, target, io);
        return;
      }
      const target = file ? resolve(io.cwd, file) : resolve(folder, backupFileName(at));
      const contents = writeBackup(places, target, at);
      io.stdout(`Copia de seguridad guardada en ${target} (${fileSize(statSync(target).size)}).\n`);
      io.stdout(`${describeContents(contents)}\n`);
      io.stdout(`Para volver a ponerla (con la web parada): npm run restore -- ${target}\n`);
    });

  try {
    program.parse([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof BackupError || error instanceof Failed) {
      io.stderr(`${error.message}\n`);
      return EXIT.failed;
    }
    const usage = usageOutcome(error, argv, RUN, io.stderr);
    if (usage !== undefined) return usage;
    throw error;
  }
}

/** PostgreSQL is copied by its own tool; the command says so, and runs it when it is installed. */
function postgresDump(databaseUrl: string, target: string, io: Io): void {
  io.stdout(
    'La base de datos está en PostgreSQL (DATABASE_URL): la copia la hace pg_dump, el programa de PostgreSQL.\n',
  );
  const run = spawnSync(
    'pg_dump',
    ['--format=custom', '--no-owner', `--file=${target}`, databaseUrl],
    {
      env: { ...process.env, PATH: io.env.PATH ?? process.env.PATH },
      encoding: 'utf8',
    },
  );
  if (run.error && 'code' in run.error && run.error.code === 'ENOENT') {
    throw new Failed(
      [
        'No encuentro pg_dump en este equipo. Instalalo (Debian/Ubuntu: apt-get install postgresql-client,',
        'de la misma versión que el servidor o más nueva) y corré de nuevo, o copiá la base desde otro equipo:',
        `  pg_dump --format=custom --no-owner --file=${target} "$DATABASE_URL"`,
        'El catálogo de precios y su historial están en la base de datos: entran en esa copia.',
      ].join('\n'),
    );
  }
  if (run.status !== 0) {
    throw new Failed(
      `pg_dump no pudo hacer la copia: ${(run.stderr || run.error?.message || '').trim()}`,
    );
  }
  io.stdout(`Copia de seguridad guardada en ${target} (${fileSize(statSync(target).size)}).\n`);
  io.stdout(
    `Para volver a ponerla: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" ${target}\n`,
  );
}

if (isEntry(import.meta.url)) {
  process.exitCode = runBackupCli(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    cwd: ownerCwd('backup'),
  });
}
