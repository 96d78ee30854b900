import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { catalogueOf, keptDatabases, SITE_URL } from '../../helpers/app.ts';
import { VISITOR_UA } from '../../helpers/site.ts';
import { TEST_NOW } from '../../helpers/sample.ts';
import { versionRows } from '../../fixtures/versions.ts';
import { whatsappChat, whatsappMessageId } from '../../../client/content/business.ts';
import { defaultFacts } from '../../../client/facts/defaults.ts';
import { warrantyPage } from '../../../client/content/warranty.ts';
import { answerPages } from '../../../client/paths.ts';

const source = catalogueOf(versionRows);
const corolla = source.current().lookup.findProduct('toyota', 'corolla');
const version = corolla?.modelo.versiones?.[1];
const CHAT = `https://wa.me/${defaultFacts.contact.whatsappNumber}`;
const SELF_CHECK =
  '/reparar-o-cambiar?tamano=moneda&fisura=no&impactos=1&borde=no&vision=no&sensor=no';

const sitesWithDatabase = keptDatabases();

async function site(now = TEST_NOW) {
  const { site: built, database } = await sitesWithDatabase({ catalogue: source, now: () => now });
  const get = (path: string, referer?: string) =>
    request(built.listener)
      .get(path)
      .set({ 'User-Agent': VISITOR_UA, ...(referer ? { Referer: referer } : {}) })
      .redirects(0);
  const clicks = async () => {
    await built.stop();
    const rows = await database.db
      .selectFrom('demand_counts')
      .select(['key', 'count'])
      .where('kind', '=', 'whatsapp')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.key, r.count]));
  };
  return { listener: built.listener, get, clicks };
}

/** The text wa.me would prefill, from a redirect's Location. */
const textOf = (location: string) => new URL(location).searchParams.get('text');

describe('/ir/whatsapp', () => {
  it('counts the click and sends it on with a 303 to the chat, not cached, not indexed', async () => {
    const { get, clicks } = await site();
    const res = await get('/ir/whatsapp', `${SITE_URL}/garantia`).expect(303);
    expect(res.headers.location).toBe(CHAT);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    await get('/ir/whatsapp', `${SITE_URL}/`).expect(303);
    await get('/ir/whatsapp').expect(303);
    await get('/ir/whatsapp', 'https://otro.example/parabrisas').expect(303);
    expect(await clicks()).toEqual({ '/garantia': 1, '/': 1, '': 2 });
  });

  it('a purchase link: the message built from the live catalogue, counted per version', async () => {
    const { get, clicks } = await site();
    expect(version).toBeDefined();
    const path = `/ir/whatsapp/comprar/parabrisas/toyota/corolla/${version?.id}`;
    const res = await get(path, `${SITE_URL}/parabrisa/toyota/corolla`).expect(303);
    const text = textOf(res.headers.location ?? '') ?? '';
    expect(res.headers.location?.startsWith(`${CHAT}?text=`)).toBe(true);
    expect(text).toContain('Toyota Corolla');
    expect(text).toContain(`código ${version?.codigo ?? ''}`.trim());
    await get('/ir/whatsapp/comprar/luneta/toyota/hilux').expect(303);
    expect(await clicks()).toEqual({
      [`/parabrisa/toyota/corolla?version=${version?.id}`]: 1,
      '/luneta/toyota/hilux': 1,
    });
  });

  it("a fixed message of the site's content, by its id", async () => {
    const { get } = await site();
    const id = whatsappMessageId(warrantyPage.whatsappMessage);
    const res = await get(`/ir/whatsapp/${id}`, `${SITE_URL}/garantia`).expect(303);
    expect(res.headers.location).toBe(
      whatsappChat(defaultFacts.contact.whatsappNumber, warrantyPage.whatsappMessage),
    );
  });

  it('an id the server cannot rebuild opens the chat without text', async () => {
    const { get } = await site();
    const res = await get('/ir/whatsapp/zzzzzz').expect(303);
    expect(res.headers.location).toBe(CHAT);
  });

  it('refuses an injected address: a 404, never a redirect elsewhere', async () => {
    const { get } = await site();
    const injected = [
      '/ir/whatsapp/https%3A%2F%2Fevil.example',
      '/ir/whatsapp/https://evil.example',
      '/ir/whatsapp//evil.example',
      '/ir/whatsapp/%2F%2Fevil.example',
      '/ir/whatsapp/comprar/parabrisas/evil.example/x',
      '/ir/whatsapp/comprar/https%3A%2F%2Fevil.example/toyota/corolla',
      '/ir/whatsapp/comprar/parabrisas/toyota/corolla/x/https%3A%2F%2Fevil.example',
      '/ir/whatsapp/wa.me.evil.example',
    ];
    for (const path of injected) {
      const res = await get(path);
      expect([400, 404], path).toContain(res.status);
      expect(res.headers.location, path).toBeUndefined();
    }
    // What the query says is never read: the address is the shop's chat.
    for (const path of [
      '/ir/whatsapp?url=https://evil.example',
      '/ir/whatsapp?text=Hola&to=https://evil.example',
    ]) {
      const res = await get(path).expect(303);
      expect(res.headers.location, path).toBe(CHAT);
    }
  });

  it('robots.txt disallows it', async () => {
    const { get } = await site();
    const res = await get('/robots.txt').expect(200);
    expect(res.text).toContain('Disallow: /ir/whatsapp\n');
  });
});

/** Every `/ir/whatsapp` link of a page, with its rel. */
function whatsappLinks(html: string): { href: string; rel: string | undefined }[] {
  return [...html.matchAll(/<a\b[^>]*>/g)].flatMap(([tag]) => {
    const href = /href="([^"]*)"/.exec(tag)?.[1]?.replaceAll('&amp;', '&');
    if (!href?.startsWith('/ir/whatsapp')) return [];
    return [{ href, rel: /rel="([^"]*)"/.exec(tag)?.[1] }];
  });
}

describe("the site's WhatsApp links", () => {
  const pages = [
    '/',
    '/parabrisas',
    '/parabrisa/toyota/corolla',
    '/parabrisa/peugeot/208-gt',
    '/luneta/toyota/hilux',
    ...answerPages,
    SELF_CHECK,
    '/contact',
    '/no-existe',
    '/parabrisa/chery/tiggo',
  ];

  it('go through our server, nofollow, and each opens the chat with the text the page meant', async () => {
    // 60 days on, prices are out of date: the pages then ask for the current price too.
    for (const now of [TEST_NOW, new Date(TEST_NOW.getTime() + 60 * 86_400_000)]) {
      const { get } = await site(now);
      for (const page of pages) {
        const res = await get(page);
        expect(res.text, page).not.toContain('https://wa.me/');
        const links = whatsappLinks(res.text);
        expect(links.length, page).toBeGreaterThan(0);
        for (const { href, rel } of links) {
          expect(rel, `${page} ${href}`).toContain('nofollow');
          const out = await get(href, `${SITE_URL}${page}`).expect(303);
          const location = out.headers.location ?? '';
          expect(location.startsWith(CHAT), `${page} ${href}`).toBe(true);
          // A link with a message id or a product must arrive with its text.
          if (href !== '/ir/whatsapp') expect(textOf(location), `${page} ${href}`).toBeTruthy();
        }
      }
    }
  });
});
