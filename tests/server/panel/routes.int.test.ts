/**
 * Every panel route, as a table: without a session, with an expired or revoked one, and
 * cross-site. The table is built from panelPaths and the routes in panelScreens, so a new
 * screen is covered here without a new line.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { panelPaths } from '../../../client/paths.ts';
import { panelScreens } from '../../../client/panel/routes.tsx';
import { SESSION_TIMEOUTS } from '../../../server/panel/session.ts';
import { createContactStore } from '../../../store/messages.ts';
import { SITE_URL } from '../../helpers/app.ts';
import { panelSite } from '../../helpers/panel.ts';
import { TEST_NOW } from '../../helpers/sample.ts';

function allPaths(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(allPaths);
  return [];
}

const screenPaths = panelScreens
  .map((route) => route.path)
  .filter((path): path is string => path !== undefined && path !== '*')
  .map((path) => `${panelPaths.signIn}/${path}`);

const PATHS = [...new Set([...allPaths(panelPaths), ...screenPaths])].sort();
/** Pages anyone may open: they show no panel data. */
const OPEN_PAGES = new Set<string>([panelPaths.signIn, panelPaths.link, panelPaths.invite]);
/**
 * The installable app's files (web app manifest, service worker, icons): open, since the
 * browser fetches them without the session; they hold no panel data and take no POST.
 */
const OPEN_FILES = new Set<string>([
  panelPaths.manifest,
  panelPaths.serviceWorker,
  panelPaths.icon192,
  panelPaths.icon512,
  panelPaths.iconMaskable,
]);
/** POSTs that answer without a session: the sign-in calls. */
const OPEN_POSTS = new Set<string>([
  panelPaths.link,
  panelPaths.emailLink,
  ...allPaths(panelPaths.passkeyApi),
]);

const SECRET_TEXT = 'Texto privado del mensaje 7f3a';

async function setup() {
  let now = TEST_NOW;
  const panel = await panelSite({ now: () => now });
  await createContactStore(panel.database).insert({
    id: '11111111-1111-4111-8111-111111111111',
    receivedAt: TEST_NOW.toISOString(),
    name: 'Ana Privada',
    email: 'ana.privada@example.com',
    message: SECRET_TEXT,
  });
  return {
    ...panel,
    move: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

function expectNoPanelData(text: string) {
  expect(text).not.toContain(SECRET_TEXT);
  expect(text).not.toContain('ana.privada@example.com');
  expect(text).not.toContain('duenio@parabrisas.test');
}

describe('every panel route', () => {
  it('has paths to test', () => {
    expect(PATHS.length).toBeGreaterThan(15);
    expect(PATHS).toContain(panelPaths.messages);
  });

  it.each(PATHS)(
    '%s without a session: GET 303 (or the open page), POST 401, no data',
    async (path) => {
      const { site } = await setup();
      const get = await request(site.listener).get(path);
      if (OPEN_FILES.has(path)) {
        expect(get.status).toBe(200);
        expectNoPanelData(get.text ?? '');
        const post = await request(site.listener)
          .post(path)
          .set('Origin', SITE_URL)
          .type('form')
          .send({ q: 'x' });
        expect(post.status).toBeGreaterThanOrEqual(400);
        return;
      }
      if (OPEN_PAGES.has(path)) {
        expect(get.status).toBe(200);
      } else {
        expect(get.status).toBe(303);
        expect(get.headers.location).toBe(panelPaths.signIn);
      }
      expect(get.headers['cache-control']).toMatch(/no-store/);
      expect(get.headers['x-robots-tag']).toMatch(/noindex/);
      expectNoPanelData(get.text);

      const post = await request(site.listener)
        .post(path)
        .set('Origin', SITE_URL)
        .type('form')
        .send({ q: 'x' });
      if (OPEN_POSTS.has(path)) expect([200, 303, 400, 403]).toContain(post.status);
      else expect(post.status).toBe(401);
      expectNoPanelData(post.text);
    },
  );

  it.each(PATHS.filter((p) => !OPEN_PAGES.has(p) && !OPEN_FILES.has(p)))(
    '%s with an expired or a revoked session: 303 to the sign-in page',
    async (path) => {
      const { signIn, store, move } = await setup();
      const idle = await signIn();
      move(SESSION_TIMEOUTS.idleMs + 1000);
      const expired = await idle.get(path);
      expect(expired.status).toBe(303);
      expectNoPanelData(expired.text);

      // A POST with the expired session's cookie and token: as without a session.
      const post = await idle.post(path, { id: '11111111-1111-4111-8111-111111111111' });
      if (OPEN_POSTS.has(path)) expect([200, 303, 400, 403]).toContain(post.status);
      else expect(post.status).toBe(401);
      expectNoPanelData(post.text);

      const revoked = await signIn('empleado@parabrisas.test', 'Empleado');
      await store.revoke('empleado@parabrisas.test', TEST_NOW);
      const after = await revoked.get(path);
      expect(after.status).toBe(303);
      expect(after.headers.location).toBe(panelPaths.signIn);
      const revokedPost = await revoked.post(path, { accion: 'borrar' });
      if (!OPEN_POSTS.has(path)) expect(revokedPost.status).toBe(401);
      expectNoPanelData(revokedPost.text);
    },
  );

  it.each(PATHS)('%s: a cross-site POST is 403 and changes nothing', async (path) => {
    const { site, signIn, store } = await setup();
    const owner = await signIn();
    for (const headers of [
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'null' },
    ]) {
      const res = await request(site.listener)
        .post(path)
        .set('Cookie', owner.cookie)
        .set(headers)
        .type('form')
        .send({ _csrf: owner.csrfToken, id: '11111111-1111-4111-8111-111111111111' });
      expect(res.status).toBe(403);
      expectNoPanelData(res.text);
    }
    // Still signed in, the message still there, no person changed.
    await owner.get(panelPaths.account).expect(200);
    expect((await store.listPeople(TEST_NOW)).every((p) => p.revokedAt === undefined)).toBe(true);
    const page = await owner.get(panelPaths.messages).expect(200);
    expect(page.text).toContain(SECRET_TEXT);
  });

  it.each(PATHS.filter((p) => !OPEN_POSTS.has(p)))(
    '%s: a same-origin POST without the session token is 403',
    async (path) => {
      const { site, signIn } = await setup();
      const owner = await signIn();
      const res = await request(site.listener)
        .post(path)
        .set('Cookie', owner.cookie)
        .set('Origin', SITE_URL)
        .type('form')
        .send({ _csrf: 'not-the-token' });
      expect(res.status).toBe(403);
      await owner.get(panelPaths.account).expect(200);
    },
  );
});
