/**
 * The disk dies (docs/decisions/2026-11-28-backups.md): the built server runs on SQLite with
 * a passkey registered and a price change published (so the catalogue has a history); messages
 * and bookings keep arriving while `npm run backup` copies the data; the server is killed
 * with SIGKILL and its DATA_DIR and catalogue are deleted; `npm run restore` puts the backup
 * back (after refusing while the server still ran); the server starts again on the same
 * origin. Every message and booking accepted before the backup began is there, the passkey
 * still signs in, the catalogue and its history are back, and the database passes
 * integrity_check. Needs `npm run build`.
 */
import { once } from 'node:events';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterAll, describe, expect, it } from 'vitest';
import { panelPaths } from '../../client/paths.ts';
import { historyFolder } from '../../store/catalogue-files.ts';
import { sqliteFile } from '../../store/settings.ts';
import { projectRoot } from '../../server/paths.ts';
import { fingerprint } from '../helpers/backup.ts';
import { runCli } from '../helpers/cli.ts';
import { ownerCommand } from '../helpers/panel.ts';
import { startBuiltServer, type RunningServer } from '../helpers/server.ts';
import { registerFromInvite, signInWithPasskey, softPasskey } from '../helpers/soft-passkey.ts';

const root = mkdtempSync(join(tmpdir(), 'disaster-'));
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  rmSync(root, { recursive: true, force: true });
});

/** The server's disk: DATA_DIR and the catalogue beside it. The backups live elsewhere. */
const disk = join(root, 'disk');
const env = {
  DATA_DIR: join(disk, 'data'),
  CATALOGUE_FILE: join(disk, 'catalogue', 'catalogue.json'),
  // Many posts from "many visitors" (X-Forwarded-For from loopback is believed).
  CONTACT_MAX_PER_HOUR: '100000',
  LOG_LEVEL: 'error',
};
const backupFile = join(root, 'backups', 'antes-del-desastre.sqlite');

type Accepted = { readonly kind: 'message' | 'booking'; readonly key: string; readonly at: number };

/** Posts a contact message and a booking in turns until stopped; keeps what got its 303. */
function visitors(site: string) {
  const accepted: Accepted[] = [];
  let n = 0;
  let stopped = false;
  const address = () => `198.51.100.${(n % 250) + 1}`;
  const windows: string[] = [];

  /** A form POST from the next "visitor" (their own address, believed from loopback). */
  const post = (path: string, fields: Record<string, string>) =>
    fetch(site + path, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: site,
        'x-forwarded-for': address(),
      },
      body: new URLSearchParams(fields).toString(),
    });

  async function message() {
    n += 1;
    const key = `Mensaje de la tormenta ${n}`;
    const res = await post('/contact', {
      name: `Visitante ${n}`,
      email: `visitante${n}@example.com`,
      message: key,
      website: '',
    });
    if (res.status === 303) accepted.push({ kind: 'message', key, at: Date.now() });
  }

  async function booking() {
    n += 1;
    const query = new URLSearchParams({
      que: 'parabrisas',
      marca: 'ford',
      modelo: 'fiesta',
      lugar: 'taller',
    });
    const form = await (
      await fetch(`${site}/turnos?${query}`, { headers: { 'x-forwarded-for': address() } })
    ).text();
    const token = /name="token" value="([\w-]{43})"/.exec(form)?.[1];
    if (windows.length === 0)
      windows.push(
        ...[...form.matchAll(/value="(\d{4}-\d{2}-\d{2}\/(?:manana|tarde))"/g)].map(
          (m) => m[1] ?? '',
        ),
      );
    const turno = windows[n % windows.length];
    if (!token || !turno) throw new Error('the booking form has no token or no window');
    const res = await post('/turnos', {
      ...Object.fromEntries(query),
      token,
      turno,
      nombre: `Cliente ${n}`,
      telefono: '0388 15 412-3456',
      patente: '',
      notas: '',
    });
    // A full window answers with the form again: only a 303 is a booking.
    const page = res.headers.get('location');
    if (res.status === 303 && page)
      accepted.push({ kind: 'booking', key: page.replace(/\?.*$/, ''), at: Date.now() });
  }

  const loop = (async () => {
    while (!stopped) {
      try {
        await message();
        await booking();
      } catch {
        // The server was killed mid-request: that post was never accepted.
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  })();
  return {
    accepted,
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

async function waitUntil(check: () => boolean, what: string) {
  const deadline = Date.now() + 30_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the disaster', () => {
  it(
    'SIGKILL, DATA_DIR deleted, restore, start: nothing accepted before the backup is lost',
    { timeout: 240_000 },
    async () => {
      mkdirSync(join(disk, 'catalogue'), { recursive: true });
      copyFileSync(join(projectRoot, 'catalogue/catalogue.json'), env.CATALOGUE_FILE);
      const first = await startBuiltServer(env, { host: 'localhost' });
      servers.push(first);
      const site = first.url;

      // The owner's passkey, from an invitation, and a price change (the catalogue's history).
      const owner = ownerCommand(() => ({ ...env, SITE_URL: site }));
      const passkey = softPasskey(site);
      await registerFromInvite(
        site,
        owner('invite', 'duenio@example.com', '--nombre', 'Dueño'),
        passkey,
      );
      const sheet = join(root, 'precios.csv');
      writeFileSync(
        sheet,
        readFileSync(join(projectRoot, 'catalogue/precios.csv'), 'utf8').replace(
          /^Ford;Fiesta;[^;]*;/m,
          'Ford;Fiesta;$ 211.111,11;',
        ),
      );
      const built = await runCli('catalogue', ['build', sheet], env);
      expect(built.status, built.stderr).toBe(0);
      const catalogueBefore = fingerprint(join(disk, 'catalogue'));
      expect(Object.keys(catalogueBefore)).toContain('catalogue-historial/historial.jsonl');

      // Visitors keep writing while the backup is taken.
      const crowd = visitors(site);
      await waitUntil(() => crowd.accepted.length >= 12, 'a first dozen posts');
      const backupBegan = Date.now();
      const backup = await runCli('backup', [backupFile], env);
      expect(backup.status, backup.stderr).toBe(0);
      expect(backup.stdout).toContain(`Copia de seguridad guardada en ${backupFile}`);
      const during = crowd.accepted.length;
      await waitUntil(() => crowd.accepted.length >= during + 4, 'posts after the backup');

      // While the server runs, a restore is refused, even with --force.
      const refused = await runCli('restore', [backupFile, '--force'], env);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('Hay un servidor (u otro programa) usando la base de datos');

      // The disk dies mid-traffic.
      first.process.kill('SIGKILL');
      await once(first.process, 'exit');
      await crowd.stop();
      rmSync(disk, { recursive: true, force: true });

      const restored = await runCli('restore', [backupFile], env);
      expect(restored.status, restored.stderr).toBe(0);
      expect(restored.stdout).toContain('Restauré la copia del');
      const db = new Database(sqliteFile(env.DATA_DIR));
      const check = db.prepare('pragma integrity_check').all();
      const messages = new Set(
        db
          .prepare('select message from contact_messages')
          .all()
          .map((row) => String(Object(row).message)),
      );
      db.close();
      expect(check.map((row) => Object(row).integrity_check)).toEqual(['ok']);

      const second = await startBuiltServer(env, { host: 'localhost', port: first.port });
      servers.push(second);
      expect(second.url).toBe(site);

      const beforeBackup = crowd.accepted.filter((a) => a.at < backupBegan);
      expect(beforeBackup.filter((a) => a.kind === 'message').length).toBeGreaterThanOrEqual(6);
      expect(beforeBackup.filter((a) => a.kind === 'booking').length).toBeGreaterThanOrEqual(6);
      for (const { key } of beforeBackup.filter((a) => a.kind === 'message')) {
        expect(messages.has(key), key).toBe(true);
      }
      for (const { key } of beforeBackup.filter((a) => a.kind === 'booking')) {
        const page = await fetch(site + key);
        expect(page.status, key).toBe(200);
      }

      // The passkey registered before the backup signs in, and the panel shows the messages.
      const cookie = await signInWithPasskey(site, passkey);
      const inbox = await fetch(site + panelPaths.messages, { headers: { cookie } });
      expect(inbox.status).toBe(200);
      expect(await inbox.text()).toContain(beforeBackup.find((a) => a.kind === 'message')?.key);

      // The catalogue and its history, byte for byte, and the price they publish.
      expect(fingerprint(join(disk, 'catalogue'))).toEqual(catalogueBefore);
      expect(fingerprint(historyFolder(env.CATALOGUE_FILE))).not.toEqual({});
      expect(await (await fetch(`${site}/parabrisa/ford/fiesta`)).text()).toContain('211.111,11');
      const history = await fetch(site + panelPaths.pricesHistory, { headers: { cookie } });
      expect(await history.text()).toContain('precios.csv');
    },
  );
});
