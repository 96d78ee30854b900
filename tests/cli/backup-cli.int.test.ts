/**
 * `npm run backup` and `npm run restore` as the operator runs them (cli/backup.ts,
 * cli/restore.ts): where the copy goes, what they say, their exit codes, the refusals that
 * change nothing, and PostgreSQL (pg_dump when installed, how to get it when not).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../store/open.ts';
import { createContactStore } from '../../store/messages.ts';
import { projectRoot } from '../../server/paths.ts';
import { runBackupCli } from '../../cli/backup.ts';
import { runRestoreCli } from '../../cli/restore.ts';
import { dataWorthKeeping, fingerprint } from '../helpers/backup.ts';
import { runCli } from '../helpers/cli.ts';
import { freshSettings, removeTempDirs } from '../helpers/contact-engines.ts';
import { postgresBinDir } from '../helpers/postgres.ts';

const roots: string[] = [];
afterAll(() => {
  roots.forEach((r) => rmSync(r, { recursive: true, force: true }));
  removeTempDirs();
});
function tempRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'backup-cli-'));
  roots.push(root);
  return root;
}

function envOf(root: string) {
  const places = dataWorthKeeping(root);
  return { DATA_DIR: places.dataDir, CATALOGUE_FILE: places.catalogueFile, BACKUP_DIR: '' };
}

/**
 * The backup or restore CLI in this process (runBackupCli, runRestoreCli) with the environment
 * a child would get; the folder typed in (INIT_CWD) and the exit codes are tested on the built
 * bundle (runCli).
 */
function inProcess(name: 'backup' | 'restore', args: string[], env: NodeJS.ProcessEnv) {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: (text: string) => (stdout += text),
    stderr: (text: string) => (stderr += text),
    env: { ...process.env, ...env },
    cwd: projectRoot,
  };
  const status = name === 'backup' ? runBackupCli(args, io) : runRestoreCli(args, io);
  return Promise.resolve({ status, stdout, stderr });
}

const NAMED = /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.sqlite$/;

describe('npm run backup', () => {
  it('without a file: into BACKUP_DIR, named by the time; says what it kept and how to restore it', async () => {
    const root = tempRoot();
    const env = { ...envOf(root), BACKUP_DIR: join(root, 'copias') };
    const run = await inProcess('backup', [], env);
    expect(run.status, run.stderr).toBe(0);
    const [name] = readdirSync(join(root, 'copias'));
    expect(name).toMatch(NAMED);
    const file = join(root, 'copias', name ?? '');
    expect(run.stdout).toContain(`Copia de seguridad guardada en ${file} (`);
    expect(run.stdout).toMatch(
      /mensajes y avisos de turnos 4, turnos 1, personas del panel 1, llaves de acceso 1/,
    );
    expect(run.stdout).toContain(
      'el catálogo (catalogue.json), 3 versiones del historial de precios, instagram-token.json',
    );
    expect(run.stdout).toContain('Las fotos de la galería no se copian');
    expect(run.stdout).toContain(`npm run restore -- ${file}`);
  });

  it('without BACKUP_DIR: in the folder where the command was typed; a file that exists is refused', async () => {
    const root = tempRoot();
    const here = join(root, 'aca');
    mkdirSync(here);
    const env = { ...envOf(root), npm_lifecycle_event: 'backup', INIT_CWD: here };
    expect((await runCli('backup', [], env)).status).toBe(0);
    expect(readdirSync(here)).toEqual([expect.stringMatching(NAMED)]);
    const named = await runCli('backup', ['copia.sqlite'], env);
    expect(named.status).toBe(0);
    expect(existsSync(join(here, 'copia.sqlite'))).toBe(true);
    const again = await runCli('backup', ['copia.sqlite'], env);
    expect(again.status).toBe(1);
    expect(again.stderr).toBe(`${join(here, 'copia.sqlite')} ya existe: elegí otro nombre.\n`);
  });

  it('with DATABASE_URL and no pg_dump: says how to copy PostgreSQL, exit 1', async () => {
    const root = tempRoot();
    const empty = join(root, 'vacio');
    mkdirSync(empty);
    const run = await inProcess('backup', [join(root, 'x.dump')], {
      DATABASE_URL: 'postgres://web@127.0.0.1:1/parabrisas',
      PATH: empty,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      'La base de datos está en PostgreSQL (DATABASE_URL): la copia la hace pg_dump',
    );
    expect(run.stderr).toContain(
      'No encuentro pg_dump en este equipo. Instalalo (Debian/Ubuntu: apt-get install postgresql-client',
    );
    expect(run.stderr).toContain(
      `pg_dump --format=custom --no-owner --file=${join(root, 'x.dump')} "$DATABASE_URL"`,
    );
  });

  it('with DATABASE_URL and pg_dump installed: runs it', { tags: ['postgres'] }, async () => {
    const settings = await freshSettings('postgres');
    const database = await openDatabase(settings);
    await createContactStore(database).insert({
      id: 'm-pg',
      receivedAt: '2026-11-28T12:00:00.000Z',
      name: 'Ana',
      email: 'ana@example.com',
      message: 'Guardado en PostgreSQL',
    });
    await database.close();
    const bin = postgresBinDir() ?? '';
    const file = join(tempRoot(), 'web.dump');
    const run = await inProcess('backup', [file], {
      DATABASE_URL: settings.databaseUrl,
      PATH: `${bin}:${process.env.PATH ?? ''}`,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Copia de seguridad guardada en ${file}`);
    expect(run.stdout).toContain(
      'pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL"',
    );
    // The command it prints puts the copy back, into another (empty) database here.
    const other = await freshSettings('postgres');
    const restored = spawnSync(
      join(bin, 'pg_restore'),
      ['--clean', '--if-exists', '--no-owner', `--dbname=${other.databaseUrl ?? ''}`, file],
      { encoding: 'utf8' },
    );
    expect(restored.status, restored.stderr).toBe(0);
    const back = await openDatabase(other);
    const rows = await back.db.selectFrom('contact_messages').select('message').execute();
    await back.close();
    expect(rows).toEqual([{ message: 'Guardado en PostgreSQL' }]);
  });
});

describe('npm run restore', () => {
  it('puts a backup back into an empty DATA_DIR', async () => {
    const root = tempRoot();
    const env = envOf(root);
    const file = join(root, 'copia.sqlite');
    expect((await inProcess('backup', [file], env)).status).toBe(0);
    const target = {
      DATA_DIR: join(root, 'nuevo', 'data'),
      CATALOGUE_FILE: join(root, 'nuevo', 'catalogue.json'),
    };
    const run = await inProcess('restore', [file], target);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^Restauré la copia del \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} \(hora de Jujuy\) en /,
    );
    expect(run.stdout).toContain(
      'si la copia es de una versión anterior, al arrancar se pone al día',
    );
    expect(readFileSync(target.CATALOGUE_FILE)).toEqual(readFileSync(env.CATALOGUE_FILE));
  });

  it('refuses a cut backup and a file that is not one, with a clear message, exit 1, nothing changed', async () => {
    const root = tempRoot();
    const env = envOf(root);
    const file = join(root, 'copia.sqlite');
    expect((await inProcess('backup', [file], env)).status).toBe(0);
    const cut = join(root, 'cortada.sqlite');
    writeFileSync(cut, readFileSync(file).subarray(0, 50_000));
    const before = fingerprint(root);

    const truncated = await inProcess('restore', [cut, '--force'], env);
    expect(truncated.status).toBe(1);
    expect(truncated.stderr).toMatch(
      new RegExp(
        `^${cut} está incompleto: tiene 50000 bytes de \\d+ \\(se cortó al copiarlo o al bajarlo\\)\\. Usá otra copia\\.\\n$`,
      ),
    );
    const foreign = await inProcess('restore', [join(projectRoot, 'README.md'), '--force'], env);
    expect(foreign.status).toBe(1);
    expect(foreign.stderr).toContain(
      'README.md no es una copia de seguridad de la web: no es un archivo de base de datos SQLite.',
    );
    const occupied = await inProcess('restore', [file], env);
    expect(occupied.status).toBe(1);
    expect(occupied.stderr).toMatch(
      /no está vacía .*Para reemplazar lo que hay con la copia, agregá --force\. No cambié nada\./,
    );
    expect(fingerprint(root)).toEqual(before);

    const usage = await inProcess('restore', [], env);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Para ver cómo se usa: npm run restore -- --help');
  });

  it('with DATABASE_URL: says to use pg_restore, exit 1', async () => {
    const run = await runCli('restore', ['web.dump'], {
      DATABASE_URL: 'postgres://web@127.0.0.1:1/parabrisas',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" web.dump',
    );
  });
});
