/**
 * `npm run owner -- facts`: show prints the live facts as JSON, set checks a file with the
 * panel's checks (refused: status 1, nothing published), previews with --probar, publishes,
 * and a running site on the same database follows within seconds; history lists it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultDocument } from '../../client/facts/defaults.ts';
import { openDatabase } from '../../store/open.ts';
import { createPanelStore } from '../../store/panel.ts';
import { testSite } from '../helpers/app.ts';
import { tempDataDir, waitFor } from '../helpers/contact.ts';
import { runOwnerCli } from '../../cli/owner.ts';

const temp = tempDataDir();
afterAll(() => temp.remove());

/** The CLI in this process (runOwnerCli); cli/owner.ts's own test runs it as a process. */
async function owner(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const status = await runOwnerCli(args, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: { DATA_DIR: temp.dir },
  });
  return { status, stdout, stderr };
}

const file = (name: string, content: unknown) => {
  const path = join(temp.dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

describe('npm run owner -- facts', { timeout: 60_000 }, () => {
  it('show prints the first version as JSON before anything is published', async () => {
    const shown = await owner('facts', 'show');
    expect(shown.status).toBe(0);
    expect(JSON.parse(shown.stdout)).toEqual(defaultDocument);
    expect(shown.stderr).toContain('Versión 0');
  });

  it('set refuses a file with problems, each with its place, and publishes nothing', async () => {
    const bad = {
      ...defaultDocument,
      contact: { ...defaultDocument.contact, phone: '123' },
      fiscal: { ...defaultDocument.fiscal, cuit: '20123456785' },
    };
    const refused = await owner('facts', 'set', file('malo.json', bad));
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('El archivo tiene 2 problemas; no se publicó nada');
    expect(refused.stderr).toContain('contact.phone: Ese no es un teléfono de Argentina');
    expect(refused.stderr).toContain('fiscal.cuit: Ese CUIT no es válido');
    expect((await owner('facts', 'set', file('roto.json', '{"contact":'))).stderr).toContain(
      'No es JSON válido',
    );
    expect((await owner('facts', 'history')).stdout).toContain('Todavía no se publicaron datos');
  });

  it('set --probar says what would change; set publishes it, and a running site follows', async () => {
    const database = await openDatabase({ dataDir: temp.dir, databaseUrl: undefined });
    const site = await testSite({ database, env: { DATA_DIR: temp.dir }, now: () => new Date() });
    try {
      const before = await request(site.listener).get('/').expect(200);
      expect(before.text).toContain('tel:+5493884123456');
      const changed = {
        ...defaultDocument,
        contact: { ...defaultDocument.contact, phone: '(0388) 15 498-7654' },
      };
      const path = file('datos.json', changed);

      const tried = await owner('facts', 'set', path, '--probar');
      expect(tried.status).toBe(0);
      expect(tried.stdout).toContain(
        'El teléfono pasa de (0388) 15 412-3456 a (0388) 15 498-7654.',
      );
      expect(tried.stdout).toContain('Prueba: no se publicó nada.');
      expect((await owner('facts', 'history')).stdout).toContain('Todavía no se publicaron datos');

      const done = await owner('facts', 'set', path);
      expect(done.status).toBe(0);
      expect(done.stdout).toContain('Publicada la versión 1');
      const at = Date.now();
      await waitFor(
        async () => (await request(site.listener).get('/')).text.includes('tel:+5493884987654'),
        { timeoutMs: 5_000, what: 'the running site showing the new phone' },
      );
      expect(Date.now() - at).toBeLessThan(5_000);
      expect((await owner('facts', 'set', path)).stdout).toContain('No cambia nada');
      expect((await owner('facts', 'history')).stdout).toMatch(
        /^1 {2}\S+ {2}servidor \(npm run owner\) \(cli\) {2}Contacto: El teléfono pasa de/,
      );
      expect(JSON.parse((await owner('facts', 'show')).stdout)).toEqual(changed);
      const activity = await createPanelStore(database).listActivity(10);
      expect(activity.map((a) => a.action)).toContain('datos del negocio publicados');
    } finally {
      await site.stop();
    }
  });
});
