/**
 * Avisos in the panel (`/panel/avisos`) through the real site with a signed-in session: the
 * subscription call behind the session and CSRF guards, the endpoint allow-list, each device's
 * choices, "Probar", "Quitar", revoking a person; the manifest, icons and service worker that
 * make the panel installable, linked from panel pages only. Nu 0 on the page.
 */
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import sharp from 'sharp';
import { panelPaths } from '../../../client/paths.ts';
import { createPushStore } from '../../../store/push.ts';
import { createAvisoMailStore } from '../../../store/aviso-mail.ts';
import { SITE_URL } from '../../helpers/app.ts';
import { textOf } from '../../helpers/html.ts';
import { panelSite } from '../../helpers/panel.ts';
import { nuErrors } from '../../helpers/nu-checker.ts';
import { startTestPushService } from '../../helpers/push-service.ts';

const PUSH_ORIGIN = 'https://push.test.example';

async function setup() {
  const panel = await panelSite({ env: { PUSH_SERVICE_ORIGINS: PUSH_ORIGIN } });
  const owner = await panel.signIn();
  const push = createPushStore(panel.database);
  // Real browser keys (a P-256 point and 16 bytes), from the test push service's device maker.
  const service = await startTestPushService();
  const { keys } = service.device('x').subscription;
  await service.close();
  const subscribe = (fields: Record<string, string>, headers: Record<string, string> = {}) => {
    let req = request(panel.site.listener)
      .post(panelPaths.pushSubscribe)
      .set('Cookie', owner.cookie)
      .set('Origin', SITE_URL)
      .set('x-csrf-token', owner.csrfToken);
    for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
    return req.send({ ...keys, nombre: 'Teléfono de prueba', ...fields });
  };
  return { ...panel, owner, push, subscribe };
}

describe('/panel/avisos', () => {
  it(
    'shows the activation button and the devices; Nu 0',
    { tags: ['java'], timeout: 60_000 },
    async () => {
      const { owner, subscribe } = await setup();
      await subscribe({ endpoint: `${PUSH_ORIGIN}/push/a` }).expect(200);
      const res = await owner.get(panelPaths.push).expect(200);
      const text = textOf(res.text);
      expect(text).toContain('Activar avisos en este teléfono');
      expect(text).toContain('Teléfono de prueba');
      expect(text).toContain('Turnos nuevos y cancelados');
      expect(res.text).toContain(`<link rel="manifest" href="${panelPaths.manifest}"`);
      expect(res.text).toContain('data-island="pushActivate"');
      // The nav names the screen.
      expect(res.text).toContain(`href="${panelPaths.push}"`);
      expect(await nuErrors({ avisos: res.text })).toEqual([]);
    },
  );

  it('stores a subscription only with the session and its CSRF token, and only for allowed push services', async () => {
    const { subscribe, push, owner, site } = await setup();
    const answer = await subscribe({ endpoint: `${PUSH_ORIGIN}/push/a` }).expect(200);
    expect(answer.body).toEqual({ ok: true, next: panelPaths.push });
    const [device] = await push.devicesOf(owner.person.id);
    expect(device).toMatchObject({
      name: 'Teléfono de prueba',
      service: PUSH_ORIGIN,
      agendaHour: '19:00',
    });
    expect([...(device?.kinds ?? [])].sort()).toEqual([
      'agenda',
      'mensajes',
      'opiniones',
      'presupuestos',
      'turnos',
    ]);

    // No CSRF token: refused by the guard, nothing stored.
    await request(site.listener)
      .post(panelPaths.pushSubscribe)
      .set('Cookie', owner.cookie)
      .set('Origin', SITE_URL)
      .send({ endpoint: `${PUSH_ORIGIN}/push/b`, p256dh: 'x', auth: 'y' })
      .expect(403);
    // No session: 401.
    await request(site.listener)
      .post(panelPaths.pushSubscribe)
      .set('Origin', SITE_URL)
      .send({ endpoint: `${PUSH_ORIGIN}/push/c`, p256dh: 'x', auth: 'y' })
      .expect(401);
    // Another origin's page: 403.
    await subscribe(
      { endpoint: `${PUSH_ORIGIN}/push/d` },
      { Origin: 'https://evil.example' },
    ).expect(403);
    // Not a push service we know: 400 with the reason, nothing stored.
    for (const endpoint of [
      'http://fcm.googleapis.com/x',
      'https://127.0.0.1/x',
      'https://evil.example/x',
    ]) {
      const refused = await subscribe({ endpoint }).expect(400);
      expect(refused.body.ok).toBe(false);
      expect(refused.body.message).toMatch(/servicio de avisos/);
    }
    expect(await push.devicesOf(owner.person.id)).toHaveLength(1);
  });

  it('each device chooses its kinds and hour; "Probar" queues one push; "Quitar" forgets it; revoking a person drops theirs', async () => {
    const { subscribe, push, owner, database, store } = await setup();
    await subscribe({ endpoint: `${PUSH_ORIGIN}/push/a` }).expect(200);
    const [device] = await push.devicesOf(owner.person.id);
    if (!device) throw new Error('no device');

    await owner
      .post(panelPaths.push, {
        dispositivo: device.id,
        accion: 'elegir',
        tipo: 'mensajes',
        hora: '07:30',
      })
      .expect(303);
    const [chosen] = await push.devicesOf(owner.person.id);
    expect([...(chosen?.kinds ?? [])]).toEqual(['mensajes']);
    expect(chosen?.agendaHour).toBe('07:30');

    await owner.post(panelPaths.push, { dispositivo: device.id, accion: 'probar' }).expect(303);
    const queued = await database.db.selectFrom('push_deliveries').selectAll().execute();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ subscription_id: device.id, title: 'Prueba de avisos' });

    // Another person's device cannot be removed or tested by this one.
    const other = await store.grantAccess('otra@parabrisas.test', 'Otra', new Date());
    const theirs = await push.saveDevice(
      {
        personId: other.person.id,
        name: 'Suyo',
        endpoint: `${PUSH_ORIGIN}/push/theirs`,
        p256dh: device.id,
        auth: 'x',
        kinds: new Set(['turnos']),
        agendaHour: '19:00',
      },
      new Date(),
    );
    await owner.post(panelPaths.push, { dispositivo: theirs.id, accion: 'quitar' }).expect(303);
    expect(await push.devicesOf(other.person.id)).toHaveLength(1);

    await owner.post(panelPaths.push, { dispositivo: device.id, accion: 'quitar' }).expect(303);
    expect(await push.devicesOf(owner.person.id)).toEqual([]);
    expect(await database.db.selectFrom('push_deliveries').selectAll().execute()).toEqual([]);

    await store.revoke('otra@parabrisas.test', new Date());
    expect(await push.devicesOf(other.person.id)).toEqual([]);
  });

  it('e-mail per person: chosen with SMTP (the Personas address by default, or another), refused without', async () => {
    const withSmtp = await panelSite({
      env: { SMTP_URL: 'smtp://127.0.0.1:9', CONTACT_TO: 'taller@parabrisas.test' },
    });
    const owner = await withSmtp.signIn();
    const mail = createAvisoMailStore(withSmtp.database);
    const page = textOf((await owner.get(panelPaths.push).expect(200)).text);
    expect(page).toContain('Por e-mail');
    expect(page).not.toContain('No disponible');
    const save = (fields: Record<string, string>) =>
      owner.post(panelPaths.push, { accion: 'correo', tipo: 'turnos', hora: '07:30', ...fields });
    const saved = await save({ correo: owner.person.email }).expect(303);
    expect(saved.headers.location).toBe(`${panelPaths.push}?aviso=correo`);
    const chosen = await mail.choiceOf(owner.person.id);
    expect(chosen?.email).toBeUndefined();
    expect(chosen?.address).toBe(owner.person.email);
    expect([...(chosen?.kinds ?? [])]).toEqual(['turnos']);
    expect(chosen?.agendaHour).toBe('07:30');
    await save({ correo: 'Celular@Example.com' }).expect(303);
    expect((await mail.choiceOf(owner.person.id))?.address).toBe('celular@example.com');
    const tried = await owner.post(panelPaths.push, { accion: 'correo-probar' }).expect(303);
    expect(tried.headers.location).toBe(`${panelPaths.push}?aviso=correo-probado`);
    const queued = await withSmtp.database.db.selectFrom('aviso_mails').selectAll().execute();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ person_id: owner.person.id, title: 'Prueba de avisos' });
    const bad = await save({ correo: 'no es un mail' }).expect(303);
    expect(bad.headers.location).toBe(`${panelPaths.push}?aviso=correo-invalido`);
    expect((await mail.choiceOf(owner.person.id))?.address).toBe('celular@example.com');

    const withoutSmtp = await panelSite();
    const other = await withoutSmtp.signIn();
    const off = textOf((await other.get(panelPaths.push).expect(200)).text);
    expect(off).toContain('No disponible: El servidor no tiene configurado el envío de e-mails');
    const refused = await other
      .post(panelPaths.push, { accion: 'correo', tipo: 'turnos', correo: '' })
      .expect(303);
    expect(refused.headers.location).toBe(`${panelPaths.push}?aviso=correo-no`);
    await other.post(panelPaths.push, { accion: 'correo-probar' }).expect(303);
    expect(await withoutSmtp.database.db.selectFrom('aviso_mails').selectAll().execute()).toEqual(
      [],
    );
    expect(await createAvisoMailStore(withoutSmtp.database).choiceOf(other.person.id)).toBe(
      undefined,
    );
  });

  it('the manifest, icons and service worker are served without a session, scoped to /panel/', async () => {
    const { site } = await setup();
    const manifest = await request(site.listener).get(panelPaths.manifest).expect(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    const body: Record<string, unknown> = JSON.parse(manifest.text);
    expect(body).toMatchObject({
      id: '/panel/',
      start_url: '/panel/',
      scope: '/panel/',
      display: 'standalone',
      short_name: 'Panel',
    });
    for (const [path, size] of [
      [panelPaths.icon192, 192],
      [panelPaths.icon512, 512],
      [panelPaths.iconMaskable, 512],
    ] as const) {
      const res = await request(site.listener)
        .get(path)
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(res.headers['content-type']).toBe('image/png');
      const meta = await sharp(res.body).metadata();
      expect([meta.width, meta.height]).toEqual([size, size]);
    }
    const worker = await request(site.listener).get(panelPaths.serviceWorker).expect(200);
    expect(worker.headers['content-type']).toContain('text/javascript');
    expect(worker.text).toContain("addEventListener('push'");
    expect(worker.text).toContain("addEventListener('notificationclick'");
  });

  it('public pages link no manifest and register no worker', async () => {
    const { site } = await setup();
    for (const path of ['/', '/turnos', '/parabrisa/ford/fiesta']) {
      const res = await request(site.listener).get(path);
      expect(res.status, path).toBeLessThan(400);
      expect(res.text, path).not.toContain('rel="manifest"');
      expect(res.text, path).not.toContain('pushActivate');
      expect(res.text, path).not.toContain('sw.js');
    }
  });
});
