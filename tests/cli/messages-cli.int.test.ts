import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../server/paths.ts';
import { openContactStore } from '../../store/open.ts';
import { runMessagesCli } from '../../cli/messages.ts';
import { tempDataDir } from '../helpers/contact.ts';
import { builtCli } from '../helpers/cli.ts';

const temp = tempDataDir();
afterAll(() => temp.remove());

/** The CLI in this process (runMessagesCli), with the environment it would get. */
async function cli(args: string[], env: NodeJS.ProcessEnv = { DATA_DIR: temp.dir }) {
  let stdout = '';
  let stderr = '';
  const status = await runMessagesCli(args, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    cwd: projectRoot,
    env,
  });
  return { status, stdout, stderr };
}

/** The CLI as the owner runs it: the built bundle, a child process. */
function cliProcess(args: string[]) {
  const result = spawnSync(process.execPath, [builtCli('messages'), ...args], {
    cwd: projectRoot,
    env: { ...process.env, DATA_DIR: temp.dir },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const ids = {
  sent: '11111111-1111-4111-8111-111111111111',
  pending: '22222222-2222-4222-8222-222222222222',
  failed: '33333333-3333-4333-8333-333333333333',
};

beforeAll(async () => {
  const store = await openContactStore({ dataDir: temp.dir, databaseUrl: undefined });
  await store.insert({
    id: ids.sent,
    receivedAt: '2026-03-14T12:05:00.000Z',
    name: 'Ana Gómez',
    email: 'ana@gmail.com',
    message: 'Parabrisas para Gol; "urgente"',
  });
  await store.insert({
    id: ids.pending,
    receivedAt: '2026-03-15T23:30:00.000Z',
    name: '=HYPERLINK("http://x")',
    email: 'bot@example.com',
    message: 'Línea 1\nLínea 2 \u001b[31mrojo\u001b[0m',
  });
  await store.markSent(ids.sent, new Date('2026-03-14T12:06:00.000Z'));
  await store.insert({
    id: ids.failed,
    receivedAt: '2026-03-16T10:00:00.000Z',
    name: 'Rechazado',
    email: 'nadie@example.com',
    message: 'No llega',
  });
  await store.markFailed(ids.failed, '550 5.1.1 mailbox unavailable');
  await store.close();
}, 30_000);

describe('npm run messages', { timeout: 60_000 }, () => {
  it('lists every stored message in Spanish, with its e-mail status, as plain text', async () => {
    const { status, stdout } = await cli(['list']);
    expect(status).toBe(0);
    expect(stdout).toContain(
      'Mensajes del formulario de contacto: 3 (1 sin enviar por e-mail, 1 que no se pudieron enviar)',
    );
    expect(stdout).toContain(`Base de datos: ${temp.dir}/contact/messages.sqlite`);
    expect(stdout).toContain('NO SE PUDO ENVIAR: el servidor de e-mail lo rechazó (0 intentos)');
    expect(stdout).toContain('Error: 550 5.1.1 mailbox unavailable');
    expect(stdout).toContain('14/03/2026 09:05 · enviado por e-mail el 14/03/2026 09:06');
    expect(stdout).toContain('15/03/2026 20:30 · pendiente: todavía no se envió por e-mail');
    expect(stdout).toContain('De: Ana Gómez <ana@gmail.com>');
    expect(stdout).toContain('    Línea 1\n    Línea 2 [31mrojo[0m');
    expect(stdout).not.toContain('\u001b');
  });

  it('filters by status', async () => {
    const pending = (await cli(['list', '--status', 'pending'])).stdout;
    expect(pending).toContain(ids.pending);
    expect(pending).not.toContain(ids.sent);
    const sent = (await cli(['list', '--status', 'sent'])).stdout;
    expect(sent).toContain(ids.sent);
    expect(sent).not.toContain(ids.pending);
    const failed = (await cli(['list', '--status', 'failed'])).stdout;
    expect(failed).toContain(ids.failed);
    expect(failed).not.toContain(ids.sent);
  });

  it('exports CSV for Excel (es-AR): BOM, semicolons, CRLF, quotes doubled, formulas defused', async () => {
    const { status, stdout } = await cli(['export']);
    expect(status).toBe(0);
    expect(
      stdout.startsWith(
        '\uFEFF"fecha";"nombre";"email";"mensaje";"estado";"enviado";"numero";"error"\r\n',
      ),
    ).toBe(true);
    expect(stdout).toContain(
      `"2026-03-14 09:05";"Ana Gómez";"ana@gmail.com";"Parabrisas para Gol; ""urgente""";"enviado";"2026-03-14 09:06";"${ids.sent}";""\r\n`,
    );
    expect(stdout).toContain(`"fallido";"";"${ids.failed}";"550 5.1.1 mailbox unavailable"\r\n`);
    expect(stdout).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(stdout).toContain('"Línea 1\r\nLínea 2 ');
  });

  it('saves the export to a file with --output (npm prints its banner on stdout)', async () => {
    const file = join(temp.dir, 'mensajes.csv');
    const { status, stderr } = await cli(['export', '--output', file]);
    expect(status).toBe(0);
    expect(stderr).toContain(`Guardé 3 mensaje(s) en ${file}`);
    expect(readFileSync(file, 'utf8')).toBe((await cli(['export'])).stdout);
  });

  it('exports JSON', async () => {
    const { status, stdout } = await cli(['export', '--format', 'json', '--status', 'pending']);
    expect(status).toBe(0);
    const rows = JSON.parse(stdout) as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: ids.pending, status: 'pending', sentAt: null });
  });

  it('says so when there are no messages', async () => {
    const empty = tempDataDir();
    try {
      const { status, stdout } = await cli(['list', '--data-dir', empty.dir], {});
      expect(status).toBe(0);
      expect(stdout).toContain('No hay mensajes guardados.');
    } finally {
      empty.remove();
    }
  });

  it('explains a wrong command or option in Spanish, with exit status 2', async () => {
    const wrong = await cli(['borrar']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('No existe el comando "borrar"');
    const noEmail = await cli(['delete']);
    expect(noEmail.status).toBe(2);
    expect(noEmail.stderr).toContain('Falta la opción --email');
    const days = await cli(['purge', '--older-than', 'mucho']);
    expect(days.status).toBe(2);
    expect(days.stderr).toContain('--older-than es una cantidad de días');
    const format = await cli(['export', '--format', 'xlsx']);
    expect(format.status).toBe(2);
    expect(format.stderr).toContain('--format puede ser csv o json');
    const statusOption = await cli(['list', '--status', 'todos']);
    expect(statusOption.status).toBe(2);
    expect(statusOption.stderr).toContain('--status puede ser pending');
  });

  it('as a process: Spanish help on stdout (exit 0), a wrong command on stderr (exit 2)', () => {
    const { status, stdout } = cliProcess(['--help']);
    expect(status).toBe(0);
    expect(stdout).toContain('Uso: npm run messages -- <comando> [opciones]');
    expect(stdout).toContain('borra todos los mensajes de una dirección de e-mail');
    const wrong = cliProcess(['borrar']);
    expect(wrong.status).toBe(2);
    expect(wrong.stdout).toBe('');
    expect(wrong.stderr).toContain('No existe el comando "borrar"');
  });

  it('says so when the database cannot be opened, with exit status 2', async () => {
    const { status, stderr } = await cli(['list'], {
      DATA_DIR: temp.dir,
      DATABASE_URL: 'postgres://nadie@127.0.0.1:1/nada',
    });
    expect(status).toBe(2);
    expect(stderr).toContain('No se pudo abrir o leer la base de datos de mensajes');
  });
});

describe('npm run messages: deleting personal data', { timeout: 60_000 }, () => {
  it('deletes one person’s messages and purges old ones, keeping the unsent', async () => {
    const own = tempDataDir();
    try {
      const env = { DATA_DIR: own.dir };
      const store = await openContactStore({ dataDir: own.dir, databaseUrl: undefined });
      const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
      const recent = new Date().toISOString();
      const rows = [
        ['a1', old, 'ana@gmail.com', true],
        ['a2', recent, 'Ana@Gmail.com', true],
        ['b1', old, 'bruno@gmail.com', true],
        ['c1', old, 'carla@gmail.com', false],
        ['d1', recent, 'dani@gmail.com', true],
      ] as const;
      for (const [id, at, email, sent] of rows) {
        await store.insert({ id, receivedAt: at, name: id, email, message: `hola ${id}` });
        if (sent) await store.markSent(id, new Date());
      }
      await store.close();

      const deleted = await cli(['delete', '--email', 'ana@gmail.com'], env);
      expect(deleted.status).toBe(0);
      expect(deleted.stdout).toContain('Borré 2 mensaje(s) de ana@gmail.com.');
      expect((await cli(['delete', '--email', 'ana@gmail.com'], env)).stdout).toContain(
        'No hay mensajes de ana@gmail.com.',
      );
      const purged = await cli(['purge', '--older-than', '30'], env);
      expect(purged.status).toBe(0);
      expect(purged.stdout).toContain('Borré 1 mensaje(s) recibidos hace más de 30 días.');
      expect(purged.stdout).toContain('Conservé 1');
      const left = JSON.parse((await cli(['export', '--format', 'json'], env)).stdout) as Array<{
        id: string;
      }>;
      expect(left.map((r) => r.id)).toEqual(['c1', 'd1']);
    } finally {
      own.remove();
    }
  });
});
