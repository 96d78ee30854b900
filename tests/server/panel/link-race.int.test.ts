/**
 * A link is used once, even when it is used twice at the same moment (a double tap, a mail
 * client and a browser both opening it): on SQLite and on PostgreSQL, where the POSTs run on
 * separate connections of the pool and the database alone decides which one wins.
 */
import request from 'supertest';
import { afterEach, expect, it } from 'vitest';
import { panelPaths, queryParams } from '../../../client/paths.ts';
import { openDatabase } from '../../../store/open.ts';
import { createPanelStore, PANEL_LINKS } from '../../../store/panel.ts';
import type { SiteDatabase } from '../../../store/schema.ts';
import type { Site } from '../../../server/site.ts';
import { SITE_URL } from '../../helpers/app.ts';
import {
  ENGINES,
  freshSettings,
  removeTempDirs,
  describeEngines,
} from '../../helpers/contact-engines.ts';
import { OWNER_EMAIL, panelSite, sessionCookieValue } from '../../helpers/panel.ts';
import { TEST_NOW } from '../../helpers/sample.ts';

const AT_ONCE = 8;

let open: { site?: Site; database: SiteDatabase }[] = [];
afterEach(async () => {
  for (const { site, database } of open) {
    await site?.stop();
    await database.close();
  }
  open = [];
  removeTempDirs();
});

async function database(engine: (typeof ENGINES)[number]) {
  const db = await openDatabase(await freshSettings(engine));
  const entry: { site?: Site; database: SiteDatabase } = { database: db };
  open.push(entry);
  return { db, entry };
}

describeEngines('a link used several times at once, on %s', (engine) => {
  it(`the sign-in link opens exactly one session (${AT_ONCE} POSTs at once)`, async () => {
    const { db, entry } = await database(engine);
    // The site must not close the database the test still reads.
    const panel = await panelSite({ database: { ...db, close: async () => {} } });
    entry.site = panel.site;
    const { person } = await panel.store.grantAccess(OWNER_EMAIL, 'Dueño', TEST_NOW);
    const token = await panel.store.createToken(
      'sign-in',
      person.id,
      TEST_NOW,
      PANEL_LINKS['sign-in'].ttlMs,
    );
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        request(panel.site.listener)
          .post(panelPaths.link)
          .set('Origin', SITE_URL)
          // Each from its own address: the failure throttle is not what stops the others.
          .set('X-Forwarded-For', `203.0.113.${i + 1}`)
          .type('form')
          .send({ [queryParams.panelToken]: token }),
      ),
    );
    const sessions = answers.map((res) => sessionCookieValue(res.headers['set-cookie']));
    expect(answers.map((res) => res.status)).toEqual(Array(AT_ONCE).fill(303));
    expect(sessions.filter((id) => id !== undefined)).toHaveLength(1);
    const rows = await db.db.selectFrom('panel_sessions').select('person_id').execute();
    expect(rows).toEqual([{ person_id: person.id }]);
  });

  it(`an invitation is taken by exactly one of ${AT_ONCE} at once`, async () => {
    const { db } = await database(engine);
    const store = createPanelStore(db);
    const { person } = await store.grantAccess(OWNER_EMAIL, 'Dueño', TEST_NOW);
    const token = await store.createToken('invite', person.id, TEST_NOW, PANEL_LINKS.invite.ttlMs);
    const taken = await Promise.all(
      Array.from({ length: AT_ONCE }, () => store.consumeToken('invite', token, TEST_NOW)),
    );
    expect(taken.filter((p) => p !== undefined).map((p) => p?.id)).toEqual([person.id]);
  });
});
