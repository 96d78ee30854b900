import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../server/paths.ts';
import { createContactStore } from '../../server/contact/store.ts';
import { tempDataDir } from './support.ts';

const temp = tempDataDir();
afterAll(() => temp.remove());

function cli(args: string[], env: NodeJS.ProcessEnv = { DATA_DIR: temp.dir }) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(projectRoot, 'cli/messages.ts'), ...args],
    { cwd: projectRoot, env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const ids = {
  sent: '11111111-1111-4111-8111-111111111111',
  pending: '22222222-2222-4222-8222-222222222222',
};

beforeAll(async () => {
  const store = createContactStore(temp.dir);
  await store.append({
    id: ids.sent,
    receivedAt: '2026-03-14T12:05:00.000Z',
    name: 'Ana Gómez',
    email: 'ana@gmail.com',
    message: 'Parabrisas para Gol; "urgente"',
  });
  await store.append({
    id: ids.pending,
    receivedAt: '2026-03-15T23:30:00.000Z',
    name: '=HYPERLINK("http://x")',
    email: 'bot@example.com',
    message: 'Línea 1\nLínea 2 \u001b[31mrojo\u001b[0m',
  });
  await store.markSent(ids.sent, new Date('2026-03-14T12:06:00.000Z'));
}, 30_000);

describe('npm run messages', () => {
  it('lists every stored message in Spanish, with its e-mail status, as plain text', () => {
    const { status, stdout } = cli(['list']);
    expect(status).toBe(0);
    expect(stdout).toContain('Mensajes del formulario de contacto: 2 (1 sin enviar por e-mail)');
    expect(stdout).toContain(`Archivo: ${temp.dir}/contact/messages.jsonl`);
    expect(stdout).toContain('14/03/2026 09:05 · enviado por e-mail el 14/03/2026 09:06');
    expect(stdout).toContain('15/03/2026 20:30 · pendiente: todavía no se envió por e-mail');
    expect(stdout).toContain('De: Ana Gómez <ana@gmail.com>');
    expect(stdout).toContain('    Línea 1\n    Línea 2 [31mrojo[0m');
    expect(stdout).not.toContain('\u001b');
  });

  it('filters by status', () => {
    const pending = cli(['list', '--status', 'pending']).stdout;
    expect(pending).toContain(ids.pending);
    expect(pending).not.toContain(ids.sent);
    const sent = cli(['list', '--status', 'sent']).stdout;
    expect(sent).toContain(ids.sent);
    expect(sent).not.toContain(ids.pending);
  });

  it('exports CSV for Excel (es-AR): BOM, semicolons, CRLF, quotes doubled, formulas defused', () => {
    const { status, stdout } = cli(['export']);
    expect(status).toBe(0);
    expect(
      stdout.startsWith('\uFEFF"fecha";"nombre";"email";"mensaje";"estado";"enviado";"numero"\r\n'),
    ).toBe(true);
    expect(stdout).toContain(
      `"2026-03-14 09:05";"Ana Gómez";"ana@gmail.com";"Parabrisas para Gol; ""urgente""";"enviado";"2026-03-14 09:06";"${ids.sent}"\r\n`,
    );
    expect(stdout).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(stdout).toContain('"Línea 1\r\nLínea 2 ');
  });

  it('saves the export to a file with --output (npm prints its banner on stdout)', () => {
    const file = join(temp.dir, 'mensajes.csv');
    const { status, stderr } = cli(['export', '--output', file]);
    expect(status).toBe(0);
    expect(stderr).toContain(`Guardé 2 mensaje(s) en ${file}`);
    expect(readFileSync(file, 'utf8')).toBe(cli(['export']).stdout);
  });

  it('exports JSON', () => {
    const { status, stdout } = cli(['export', '--format', 'json', '--status', 'pending']);
    expect(status).toBe(0);
    const rows = JSON.parse(stdout) as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: ids.pending, status: 'pending', sentAt: null });
  });

  it('says so when there are no messages', () => {
    const empty = tempDataDir();
    try {
      const { status, stdout } = cli(['list', '--data-dir', empty.dir], {});
      expect(status).toBe(0);
      expect(stdout).toContain('No hay mensajes guardados.');
    } finally {
      empty.remove();
    }
  });

  it('explains a wrong command or option in Spanish, with exit status 2', () => {
    const wrong = cli(['borrar']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('No existe el comando "borrar"');
    const format = cli(['export', '--format', 'xlsx']);
    expect(format.status).toBe(2);
    expect(format.stderr).toContain('--format puede ser csv o json');
    const statusOption = cli(['list', '--status', 'todos']);
    expect(statusOption.status).toBe(2);
    expect(statusOption.stderr).toContain('--status puede ser pending');
  });
});
