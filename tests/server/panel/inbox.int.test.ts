/**
 * The inbox end to end on a real SQLite file in DATA_DIR: a message posted through the public
 * form appears in the panel, is marked answered, exported (a formula comes out neutralised)
 * and deleted, after which its text is in no file under DATA_DIR.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { panelPaths, queryParams } from '../../../client/paths.ts';
import { openContact } from '../../../server/contact/index.ts';
import { createLogger } from '../../../server/logger.ts';
import { openDatabase } from '../../../store/open.ts';
import { SITE_URL, testConfig } from '../../helpers/app.ts';
import { tempDataDir } from '../../helpers/contact.ts';
import { panelSite } from '../../helpers/panel.ts';
import { decodeEntities } from '../../helpers/html.ts';

const temp = tempDataDir();
afterAll(() => temp.remove());

const FORMULA = '=HYPERLINK("http://evil.example/zq9k","Ver fotos")';
const NAME = 'Visitante Zq9k Único';
const EMAIL = 'visitante.zq9k@example.com';

/** Every file under `dir`, as bytes. */
function filesUnder(dir: string): Array<{ path: string; bytes: Buffer }> {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [{ path, bytes: readFileSync(path) }];
  });
}

function filesContaining(dir: string, text: string): string[] {
  const needle = Buffer.from(text, 'utf8');
  return filesUnder(dir)
    .filter((f) => f.bytes.includes(needle))
    .map((f) => f.path);
}

describe('the inbox', () => {
  it('shows a posted message, marks it answered, exports it safely and deletes it for good', async () => {
    const config = testConfig({ DATA_DIR: temp.dir });
    const database = await openDatabase({ dataDir: temp.dir, databaseUrl: undefined });
    const contact = await openContact(config, createLogger('silent'), { database });
    const { site, signIn } = await panelSite({
      database,
      contact,
      env: { DATA_DIR: temp.dir },
    });
    try {
      // A visitor writes through the public form.
      await request(site.listener)
        .post('/contact')
        .set('Origin', SITE_URL)
        .type('form')
        .send({ name: NAME, email: EMAIL, message: FORMULA, website: '' })
        .expect(303);
      expect(filesContaining(temp.dir, 'evil.example/zq9k').length).toBeGreaterThan(0);

      const owner = await signIn();
      const first = await owner.get(panelPaths.messages).expect(200);
      const html = decodeEntities(first.text);
      expect(html).toContain(NAME);
      expect(html).toContain(FORMULA);
      expect(html).toContain('Nuevo');
      expect(html).toContain('Copia por e-mail: pendiente');
      expect(first.text).toContain(`href="mailto:${EMAIL}?subject=`);
      // Read once: no longer new.
      expect(decodeEntities((await owner.get(panelPaths.messages)).text)).not.toContain('>Nuevo<');

      // Search by name or e-mail; nothing for a stranger.
      const found = await owner.get(`${panelPaths.messages}?q=zq9k`).expect(200);
      expect(decodeEntities(found.text)).toContain(NAME);
      const none = await owner.get(`${panelPaths.messages}?q=nadie`).expect(200);
      expect(decodeEntities(none.text)).not.toContain(NAME);

      const page = decodeEntities(first.text);
      const id = /name="id" value="([0-9a-f-]{36})"/.exec(page)?.[1] ?? '';
      expect(id).not.toBe('');
      await owner
        .post(panelPaths.messages, { id, accion: 'respondido' })
        .expect(303)
        .expect('Location', panelPaths.messages);
      expect(decodeEntities((await owner.get(panelPaths.messages)).text)).toMatch(/Respondido el/);

      // The export: Excel's es-AR CSV, the formula neutralised.
      const csv = await owner.get(panelPaths.messagesExport).expect(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
      expect(csv.headers['cache-control']).toBe('no-store');
      expect(csv.headers['content-disposition']).toMatch(/attachment; filename="mensajes-/);
      const text = csv.text;
      expect(text.startsWith('\uFEFF')).toBe(true);
      expect(text.split('\r\n')[0]).toContain('"recibido";"nombre";"email";"mensaje"');
      expect(text).toContain(`"'=HYPERLINK(""http://evil.example/zq9k"",""Ver fotos"")"`);
      expect(text).not.toMatch(/(^|;)"=/m);

      // Delete: a confirm step first (a GET, no JavaScript), then the POST.
      const confirm = await owner.get(`${panelPaths.messages}?${queryParams.confirmDelete}=${id}`);
      expect(decodeEntities(confirm.text)).toContain(`¿Borrar el mensaje de ${NAME}?`);
      expect(confirm.text).toContain('value="borrar"');
      await owner.post(panelPaths.messages, { id, accion: 'borrar' }).expect(303);
      expect(decodeEntities((await owner.get(panelPaths.messages)).text)).not.toContain(NAME);
      const activity = decodeEntities((await owner.get(panelPaths.activity)).text);
      expect(activity).toContain('mensaje borrado');
      expect(activity).not.toContain(EMAIL);

      for (const text of ['evil.example/zq9k', NAME, EMAIL]) {
        expect(filesContaining(temp.dir, text)).toEqual([]);
      }
    } finally {
      await site.stop();
    }
  });

  it('pages 50 messages at a time, newest first', async () => {
    const { signIn, database } = await panelSite();
    const base = Date.parse('2026-11-01T12:00:00Z');
    for (let i = 0; i < 120; i++) {
      await database.db
        .insertInto('contact_messages')
        .values({
          id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          received_at: new Date(base + i * 60_000).toISOString(),
          name: `Persona ${i}`,
          email: `p${i}@example.com`,
          message: `Mensaje número ${i}`,
          status: 'sent',
          attempts: 1,
          next_attempt_at: new Date(base).toISOString(),
          read_at: null,
          answered_at: null,
          claimed_until: null,
          last_error: null,
          sent_at: null,
        })
        .execute();
    }
    const owner = await signIn();
    const first = decodeEntities((await owner.get(panelPaths.messages).expect(200)).text);
    expect(first).toContain('120 mensajes · página 1 de 3');
    expect(first.match(/Mensaje número \d+/g)?.length).toBe(50);
    expect(first.indexOf('Mensaje número 119')).toBeLessThan(first.indexOf('Mensaje número 118'));
    expect(first).not.toContain('Mensaje número 69<');
    const third = decodeEntities(
      (await owner.get(`${panelPaths.messages}?${queryParams.page}=3`).expect(200)).text,
    );
    expect(third.match(/Mensaje número \d+/g)?.length).toBe(20);
    expect(third).toContain('Mensaje número 0<');
  });
});
