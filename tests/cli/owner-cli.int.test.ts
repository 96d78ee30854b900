import { spawnSync } from 'node:child_process';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { panelHome, panelPaths, queryParams } from '../../client/paths.ts';
import { projectRoot } from '../../server/paths.ts';
import { openDatabase } from '../../store/open.ts';
import { createPanelStore } from '../../store/panel.ts';
import { SITE_URL, testSite } from '../helpers/app.ts';
import { builtCli } from '../helpers/cli.ts';
import { tempDataDir } from '../helpers/contact.ts';
import { runOwnerCli } from '../../cli/owner.ts';

const temp = tempDataDir();
afterAll(() => temp.remove());

/** The CLI in this process (runOwnerCli), with the environment it would get. */
async function owner(args: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = '';
  let stderr = '';
  const status = await runOwnerCli(args, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: { DATA_DIR: temp.dir, SITE_URL, ...env },
  });
  return { status, stdout, stderr };
}

/** The CLI as the owner runs it: the built bundle, a child process. */
function ownerProcess(args: string[]) {
  const result = spawnSync(process.execPath, [builtCli('owner'), ...args], {
    cwd: projectRoot,
    env: { ...process.env, DATA_DIR: temp.dir, SITE_URL },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run owner', { timeout: 60_000 }, () => {
  it('invite prints a one-time link alone on its line, starting with SITE_URL', async () => {
    const first = await owner(['invite', 'Ana@Example.com', '--nombre', 'Ana']);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(new RegExp(`^${SITE_URL}${panelPaths.invite}\\?t=[\\w-]{43}\\n$`));
    expect(first.stderr).toContain('Invité a ana@example.com');
    // Already invited: a fresh link, the same person.
    const again = await owner(['invite', 'ana@example.com']);
    expect(again.status).toBe(0);
    expect(again.stdout).not.toBe(first.stdout);
    expect(again.stderr).toContain('Enlace nuevo para ana@example.com');
    expect((await owner(['list'])).stdout).toBe(
      'ana@example.com (Ana): 0 llaves, 0 sesiones abiertas\n',
    );
  });

  it('link prints a sign-in link that signs in on the site (its POST)', async () => {
    const printed = await owner(['link', 'ana@example.com']);
    expect(printed.status).toBe(0);
    const url = new URL(printed.stdout.trim());
    expect(`${url.origin}${url.pathname}`).toBe(`${SITE_URL}${panelPaths.link}`);
    const database = await openDatabase({ dataDir: temp.dir, databaseUrl: undefined });
    const site = await testSite({ database, env: { DATA_DIR: temp.dir }, now: () => new Date() });
    try {
      await request(site.listener)
        .post(panelPaths.link)
        .set('Origin', SITE_URL)
        .type('form')
        .send({ [queryParams.panelToken]: url.searchParams.get(queryParams.panelToken) ?? '' })
        .expect(303)
        .expect('Location', panelHome);
    } finally {
      await site.stop();
    }
    expect((await owner(['list'])).stdout).toContain('1 sesión abierta');
  });

  it('revoke ends the sessions and voids the links; link then refuses (exit 1)', async () => {
    const pending = (await owner(['link', 'ana@example.com'])).stdout.trim();
    const revoked = await owner(['revoke', 'ana@example.com']);
    expect(revoked.status).toBe(0);
    expect(revoked.stdout).toContain('ana@example.com ya no puede entrar al panel');
    expect((await owner(['list'])).stdout).toBe('ana@example.com (Ana): sin acceso (revocado)\n');
    const link = await owner(['link', 'ana@example.com']);
    expect(link.status).toBe(1);
    expect(link.stdout).toBe('');
    expect(link.stderr).toContain('no tiene acceso al panel');
    const database = await openDatabase({ dataDir: temp.dir, databaseUrl: undefined });
    try {
      const store = createPanelStore(database);
      const token = new URL(pending).searchParams.get(queryParams.panelToken) ?? '';
      expect(await store.consumeToken('sign-in', token, new Date())).toBeUndefined();
      const activity = await store.listActivity(20);
      expect(activity.map((a) => a.action)).toEqual(
        expect.arrayContaining(['invitación', 'enlace de entrada', 'acceso revocado', 'entrada']),
      );
    } finally {
      await database.close();
    }
  });

  it('says what is wrong, in Spanish, with exit 2', async () => {
    for (const args of [[], ['bogus'], ['invite', 'no-es-un-mail'], ['invite']]) {
      const result = await owner(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('npm run owner -- --help');
    }
    expect((await owner(['revoke', 'nadie@example.com'])).status).toBe(1);
    expect((await owner(['invite', 'x@example.com'], { SITE_URL: 'ftp://x' })).stderr).toContain(
      'SITE_URL no es una dirección web',
    );
  });

  it('as a process: the exit code, help on stdout, the problem on stderr', () => {
    const wrong = ownerProcess(['bogus']);
    expect(wrong.status).toBe(2);
    expect(wrong.stdout).toBe('');
    expect(wrong.stderr).toContain('npm run owner -- --help');
    const help = ownerProcess(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('invite');
    expect(help.stderr).toBe('');
  });
});
