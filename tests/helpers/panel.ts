/**
 * A signed-in panel session on a test site, through the real sign-in link (POST), for route
 * tests of panel screens:
 *
 *   const { site, signIn } = await panelSite();
 *   const owner = await signIn();
 *   await owner.get(panelPaths.messages).expect(200);
 *   await owner.post(panelPaths.messages, { accion: '...' }).expect(303);   // token + origin added
 *
 * The session cookie is sent by hand: it is `Secure`, and supertest's cookie jar keeps
 * Secure cookies away from http://127.0.0.1.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { panelPaths, queryParams } from '../../client/paths.ts';
import { openDatabase, openMemoryDatabase } from '../../store/open.ts';
import type { StoreSettings } from '../../store/settings.ts';
import { createPanelStore, PANEL_LINKS, type PanelStore, type Person } from '../../store/panel.ts';
import type { SiteDatabase } from '../../store/schema.ts';
import type { Site } from '../../server/site.ts';
import { catalogueFile } from '../../server/paths.ts';
import { openCatalogueStore, type CatalogueStore } from '../../server/catalogue-store.ts';
import { loadCatalogue } from '../../server/catalogue.ts';
import { createLogger } from '../../server/logger.ts';
import { SESSION_COOKIE, SESSION_TIMEOUTS } from '../../server/panel/session.ts';
import { SITE_URL, testSite, type TestSiteOverrides } from './app.ts';
import { TEST_NOW } from './sample.ts';
import { builtCli } from './cli.ts';

export const OWNER_EMAIL = 'duenio@parabrisas.test';

export type PanelSession = {
  readonly person: Person;
  /** The session id (the cookie's value). */
  readonly id: string;
  /** `__Host-panel=…`, for a Cookie header. */
  readonly cookie: string;
  readonly csrfToken: string;
  /** A GET with the session's cookie. */
  get(path: string): request.Test;
  /** A same-origin form POST with the cookie and the session's token (`_csrf`). */
  post(path: string, fields?: Record<string, string>): request.Test;
};

export type PanelTestSite = {
  readonly site: Site;
  readonly database: SiteDatabase;
  readonly store: PanelStore;
  /** Gives `email` access and signs in with a sign-in link, as a person would. */
  signIn(email?: string, name?: string): Promise<PanelSession>;
};

export async function panelSite(overrides: TestSiteOverrides = {}): Promise<PanelTestSite> {
  const database = overrides.database ?? (await openMemoryDatabase());
  const site = await testSite({ ...overrides, database });
  const store = createPanelStore(database);
  const now = overrides.now ?? (() => TEST_NOW);
  return {
    site,
    database,
    store,
    async signIn(email = OWNER_EMAIL, name = 'Dueño') {
      const { person } = await store.grantAccess(email, name, now());
      const token = await store.createToken(
        'sign-in',
        person.id,
        now(),
        PANEL_LINKS['sign-in'].ttlMs,
      );
      const res = await request(site.listener)
        .post(panelPaths.link)
        .set('Origin', SITE_URL)
        .type('form')
        .send({ [queryParams.panelToken]: token })
        .expect(303);
      const id = sessionCookieValue(res.headers['set-cookie']);
      if (!id) throw new Error('the sign-in link set no session cookie');
      const session = await store.findSession(id, now(), SESSION_TIMEOUTS.idleMs);
      if (!session) throw new Error('the session is not in the database');
      const cookie = `${SESSION_COOKIE}=${id}`;
      return {
        person,
        id,
        cookie,
        csrfToken: session.csrfToken,
        get: (path) => request(site.listener).get(path).set('Cookie', cookie),
        post: (path, fields = {}) =>
          request(site.listener)
            .post(path)
            .set('Cookie', cookie)
            .set('Origin', SITE_URL)
            .type('form')
            .send({ _csrf: session.csrfToken, ...fields }),
      };
    },
  };
}

/** The session id a response's Set-Cookie gives, if any. */
export function sessionCookieValue(setCookie: string[] | string | undefined): string | undefined {
  const lines = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const line of lines) {
    const match = new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(line);
    if (match?.[1]) return match[1];
  }
  return undefined;
}

/**
 * `npm run owner -- …` as the owner runs it on the server, against the environment `env()`
 * gives at each call (a built site's DATA_DIR and SITE_URL): its output, or a throw with
 * what it said on stderr.
 */
export function ownerCommand(env: () => NodeJS.ProcessEnv): (...args: string[]) => string {
  return (...args) => {
    const run = spawnSync(process.execPath, [builtCli('owner'), ...args], {
      env: { ...process.env, ...env() },
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`owner ${args.join(' ')}: ${run.stderr}`);
    return run.stdout.trim();
  };
}

/**
 * A panel session on a built server (another process): the sign-in link made in its database
 * and used by its POST, as a person would. The headers every panel request then carries, and
 * the session's form token.
 */
export async function signInBuilt(
  url: string,
  settings: StoreSettings,
): Promise<{ headers: Record<string, string>; csrf: string }> {
  const database = await openDatabase(settings);
  try {
    const store = createPanelStore(database);
    const now = new Date();
    const { person } = await store.grantAccess(OWNER_EMAIL, 'Dueño', now);
    const token = await store.createToken('sign-in', person.id, now, PANEL_LINKS['sign-in'].ttlMs);
    const signedIn = await fetch(`${url}${panelPaths.link}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: SITE_URL, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ [queryParams.panelToken]: token }),
    });
    const id = sessionCookieValue(signedIn.headers.getSetCookie());
    const session = id ? await store.findSession(id, now, SESSION_TIMEOUTS.idleMs) : undefined;
    if (!id || !session) throw new Error('the sign-in link opened no session');
    return {
      headers: { cookie: `${SESSION_COOKIE}=${id}`, origin: SITE_URL },
      csrf: session.csrfToken,
    };
  } finally {
    await database.close();
  }
}

export type PricesTestSite = PanelTestSite & {
  /** The live catalogue file (a copy of the sample's in the test's folder). */
  readonly file: string;
  readonly catalogues: CatalogueStore;
};

/**
 * A panel site whose prices can be published: the sample catalogue copied into `dir`, the
 * file-backed catalogue store on it, as production runs without DATABASE_URL. Close
 * `catalogues` and stop `site` when done.
 */
export async function pricesPanelSite(dir: string): Promise<PricesTestSite> {
  const file = join(dir, 'catalogue.json');
  copyFileSync(catalogueFile, file);
  const database = await openMemoryDatabase();
  const catalogues = await openCatalogueStore({
    file,
    initial: loadCatalogue(file),
    database,
    logger: createLogger('silent'),
    now: () => TEST_NOW,
  });
  const panel = await panelSite({ database, catalogue: catalogues, catalogueStore: catalogues });
  return { ...panel, file, catalogues };
}
