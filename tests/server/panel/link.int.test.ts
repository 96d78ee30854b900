import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { panelHome, panelPaths, queryParams } from '../../../client/paths.ts';
import { FREE_FAILURES, MAILS_PER_WINDOW } from '../../../server/panel/throttle.ts';
import { PANEL_FORM_LIMIT } from '../../../server/panel/guard.ts';
import { PANEL_LINKS } from '../../../store/panel.ts';
import { SITE_URL } from '../../helpers/app.ts';
import { startSmtp, waitFor, type SmtpSink } from '../../helpers/contact.ts';
import { OWNER_EMAIL, panelSite, sessionCookieValue } from '../../helpers/panel.ts';
import { TEST_NOW } from '../../helpers/sample.ts';

let smtp: SmtpSink | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

async function clockSite(env: NodeJS.ProcessEnv = {}) {
  let now = TEST_NOW;
  const panel = await panelSite({ now: () => now, env });
  const { person } = await panel.store.grantAccess(OWNER_EMAIL, 'Dueño', TEST_NOW);
  const link = () =>
    panel.store.createToken('sign-in', person.id, now, PANEL_LINKS['sign-in'].ttlMs);
  const use = (token: string, ip = '203.0.113.7') =>
    request(panel.site.listener)
      .post(panelPaths.link)
      .set('Origin', SITE_URL)
      .set('X-Forwarded-For', ip)
      .type('form')
      .send({ [queryParams.panelToken]: token });
  return {
    ...panel,
    person,
    link,
    use,
    move(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
}

const INVALID = `${panelPaths.signIn}?${queryParams.panelNotice}=enlace`;

describe('the sign-in link', () => {
  it('is not used by a GET (mail scanners): the page shows a button that POSTs it', async () => {
    const { site, link, use } = await clockSite();
    const token = await link();
    for (let i = 0; i < 3; i++) {
      const page = await request(site.listener)
        .get(`${panelPaths.link}?${queryParams.panelToken}=${token}`)
        .expect(200);
      expect(page.headers['set-cookie']).toBeUndefined();
      expect(page.headers['referrer-policy']).toBe('same-origin');
      expect(page.text).toMatch(new RegExp(`<form [^>]*action="${panelPaths.link}" method="post"`));
      expect(page.text).toContain(`value="${token}"`);
    }
    const res = await use(token).expect(303);
    expect(res.headers.location).toBe(panelHome);
    expect(sessionCookieValue(res.headers['set-cookie'])).toBeDefined();
  });

  it('is used once', async () => {
    const { link, use } = await clockSite();
    const token = await link();
    await use(token).expect(303).expect('Location', panelHome);
    const again = await use(token).expect(303);
    expect(again.headers.location).toBe(INVALID);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('expires after 15 minutes', async () => {
    const { link, use, move } = await clockSite();
    const token = await link();
    move(PANEL_LINKS['sign-in'].ttlMs + 1000);
    const res = await use(token).expect(303);
    expect(res.headers.location).toBe(INVALID);
  });

  it('does nothing for a revoked person, and revoking voids every link', async () => {
    const { link, use, store } = await clockSite();
    const token = await link();
    await store.revoke(OWNER_EMAIL, TEST_NOW);
    expect((await use(token).expect(303)).headers.location).toBe(INVALID);
    // Given access again: the old link stays void.
    await store.grantAccess(OWNER_EMAIL, undefined, TEST_NOW);
    expect((await use(token).expect(303)).headers.location).toBe(INVALID);
  });

  it('is stored only as a hash', async () => {
    const { link, database } = await clockSite();
    const token = await link();
    const rows = await database.db.selectFrom('panel_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("without a session a sign-in call reads a form, never an upload: a file is refused past a form's size", async () => {
    const { site } = await clockSite();
    const res = await request(site.listener)
      .post(panelPaths.emailLink)
      .set('Origin', SITE_URL)
      .field('email', OWNER_EMAIL)
      .attach('archivo', Buffer.alloc(PANEL_FORM_LIMIT + 1), 'precios.xlsx')
      .expect(413);
    expect(res.text).toContain('El envío es demasiado grande');
  });

  it('"Enviarme un enlace" mails a known address and answers an unknown one the same', async () => {
    smtp = await startSmtp();
    const { site } = await clockSite({ SMTP_URL: smtp.url, CONTACT_TO: 'taller@example.com' });
    const ask = (email: string) =>
      request(site.listener)
        .post(panelPaths.emailLink)
        .set('Origin', SITE_URL)
        .type('form')
        .send({ email });
    const known = await ask(OWNER_EMAIL).expect(303);
    const unknown = await ask('extrano@example.com').expect(303);
    expect(unknown.headers.location).toBe(known.headers.location);
    expect(unknown.text).toBe(known.text);
    const mail = await waitFor(() => smtp?.received[0]);
    expect(mail.to).toEqual([OWNER_EMAIL]);
    const url = new RegExp(`${SITE_URL}${panelPaths.link}\\?t=[\\w-]+`).exec(
      mail.body.replace(/=\r?\n/g, ''),
    )?.[0];
    expect(url).toBeDefined();
    // The e-mailed link signs in (with its POST).
    const token = new URL(url ?? '').searchParams.get(queryParams.panelToken) ?? '';
    await request(site.listener)
      .post(panelPaths.link)
      .set('Origin', SITE_URL)
      .type('form')
      .send({ [queryParams.panelToken]: token })
      .expect(303)
      .expect('Location', panelHome);
    expect(smtp.received).toHaveLength(1);

    // At most a few e-mails per person in a while; the answer does not change.
    for (let i = 0; i < MAILS_PER_WINDOW + 2; i++) await ask(OWNER_EMAIL).expect(303);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.length).toBe(MAILS_PER_WINDOW);
  });
});

describe('throttling', () => {
  it('slows down a client that keeps failing, without locking the owner out', async () => {
    const { link, use, move } = await clockSite({ TRUST_PROXY: '1' });
    for (let i = 0; i < FREE_FAILURES; i++) {
      expect((await use('wrong-token', '203.0.113.66').expect(303)).headers.location).toBe(INVALID);
    }
    const slowed = await use('wrong-token', '203.0.113.66').expect(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    expect(slowed.text).toContain('Esperá');
    // The owner, from another connection, signs in at once, several times a minute.
    for (let i = 0; i < 5; i++) {
      await use(await link(), '198.51.100.9')
        .expect(303)
        .expect('Location', panelHome);
    }
    // The failing client may try again once the wait is over (slowed, not locked).
    move(60_000);
    await use(await link(), '203.0.113.66')
      .expect(303)
      .expect('Location', panelHome);
  });
});
