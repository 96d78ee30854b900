import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { panelPaths, queryParams } from '../../../client/paths.ts';
import { SESSION_TIMEOUTS } from '../../../server/panel/session.ts';
import { PANEL_LINKS } from '../../../store/panel.ts';
import { SITE_URL } from '../../helpers/app.ts';
import { OWNER_EMAIL, panelSite, sessionCookieValue } from '../../helpers/panel.ts';
import { TEST_NOW } from '../../helpers/sample.ts';

const MINUTE = 60_000;

async function clockSite() {
  let now = TEST_NOW;
  const panel = await panelSite({ now: () => now });
  return {
    ...panel,
    move(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
}

describe('panel sessions', () => {
  it('sets a __Host- cookie with every flag, and a new id at every sign-in', async () => {
    const { site, store } = await clockSite();
    const { person } = await store.grantAccess(OWNER_EMAIL, 'Dueño', TEST_NOW);
    const token = await store.createToken(
      'sign-in',
      person.id,
      TEST_NOW,
      PANEL_LINKS['sign-in'].ttlMs,
    );
    const first = await request(site.listener)
      .post(panelPaths.link)
      .set('Origin', SITE_URL)
      .type('form')
      .send({ [queryParams.panelToken]: token })
      .expect(303);
    const header = first.headers['set-cookie'];
    const line = (Array.isArray(header) ? header : [header]).find((l) =>
      l?.startsWith('__Host-panel='),
    );
    expect(line).toBeDefined();
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; Secure/i);
    expect(line).toMatch(/; SameSite=Strict/i);
    expect(line).toMatch(/; Path=\/(;|$)/);
    expect(line).not.toMatch(/Domain=/i);
    const firstId = sessionCookieValue(header);
    expect(firstId).toMatch(/^[\w-]{43}$/); // 256 bits, base64url

    // Signing in again from the same browser: a new id; the old one no longer opens anything.
    const again = await store.createToken(
      'sign-in',
      person.id,
      TEST_NOW,
      PANEL_LINKS['sign-in'].ttlMs,
    );
    const second = await request(site.listener)
      .post(panelPaths.link)
      .set('Origin', SITE_URL)
      .set('Cookie', `__Host-panel=${firstId}`)
      .type('form')
      .send({ [queryParams.panelToken]: again })
      .expect(403); // signed in: the form must carry the session's token
    expect(second.headers['set-cookie']).toBeUndefined();
    const session = await store.findSession(firstId ?? '', TEST_NOW, SESSION_TIMEOUTS.idleMs);
    const rotated = await request(site.listener)
      .post(panelPaths.link)
      .set('Origin', SITE_URL)
      .set('Cookie', `__Host-panel=${firstId}`)
      .type('form')
      .send({ [queryParams.panelToken]: again, _csrf: session?.csrfToken ?? '' })
      .expect(303);
    const secondId = sessionCookieValue(rotated.headers['set-cookie']);
    expect(secondId).toBeDefined();
    expect(secondId).not.toBe(firstId);
    await request(site.listener)
      .get(panelPaths.messages)
      .set('Cookie', `__Host-panel=${firstId}`)
      .expect(303);
    await request(site.listener)
      .get(panelPaths.messages)
      .set('Cookie', `__Host-panel=${secondId}`)
      .expect(200);
  });

  it('stores only the hash of the session id', async () => {
    const { signIn, database } = await clockSite();
    const owner = await signIn();
    const rows = await database.db.selectFrom('panel_sessions').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(owner.id);
  });

  it('ends a session idle for longer than the idle timeout', async () => {
    const { signIn, move } = await clockSite();
    const owner = await signIn();
    move(SESSION_TIMEOUTS.idleMs - MINUTE);
    await owner.get(panelPaths.messages).expect(200); // activity restarts the idle time
    move(SESSION_TIMEOUTS.idleMs - MINUTE);
    await owner.get(panelPaths.messages).expect(200);
    move(SESSION_TIMEOUTS.idleMs + MINUTE);
    const res = await owner.get(panelPaths.messages).expect(303);
    expect(res.headers.location).toBe(panelPaths.signIn);
  });

  it('ends a session at its absolute timeout however active it is', async () => {
    const { signIn, move } = await clockSite();
    const owner = await signIn();
    const step = SESSION_TIMEOUTS.idleMs / 2;
    let elapsed = 0;
    while (elapsed + step < SESSION_TIMEOUTS.absoluteMs) {
      move(step);
      elapsed += step;
      await owner.get(panelPaths.messages).expect(200);
    }
    move(SESSION_TIMEOUTS.absoluteMs - elapsed + MINUTE);
    await owner.get(panelPaths.messages).expect(303);
  });

  it('"Cerrar sesión" ends this session; "Cerrar todas las sesiones" ends every one', async () => {
    const { signIn } = await clockSite();
    const phone = await signIn();
    const computer = await signIn();
    const other = await signIn();
    const out = await phone.post(panelPaths.signOut).expect(303);
    expect(out.headers.location).toBe(`${panelPaths.signIn}?${queryParams.panelNotice}=salida`);
    expect(String(out.headers['set-cookie'])).toMatch(/__Host-panel=;/);
    await phone.get(panelPaths.messages).expect(303);
    await computer.get(panelPaths.messages).expect(200);
    await computer.post(panelPaths.signOutAll).expect(303);
    await computer.get(panelPaths.messages).expect(303);
    await other.get(panelPaths.messages).expect(303);
  });

  it('a POST that needs a session and has none is 401, whatever the token', async () => {
    const { site } = await clockSite();
    await request(site.listener)
      .post(panelPaths.messages)
      .set('Origin', SITE_URL)
      .type('form')
      .send({ accion: 'borrar', id: 'x' })
      .expect(401);
  });
});
