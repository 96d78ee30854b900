import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { sql } from 'kysely';
import { catalogueOf, keptDatabases } from '../../helpers/app.ts';
import { VISITOR_UA } from '../../helpers/site.ts';
import { TEST_NOW } from '../../helpers/sample.ts';
import { versionRows } from '../../fixtures/versions.ts';
import { shopDate } from '../../../catalogue/validity.ts';
import { PageCache } from '../../../server/page-cache.ts';

const source = catalogueOf(versionRows);
const corolla = source.current().lookup.findProduct('toyota', 'corolla');
const versionId = corolla?.modelo.versiones?.[0]?.id ?? 'none';
const DAY = shopDate(TEST_NOW);
const BOT_UA = 'WhatsApp/2.23.20.0';

type Row = { day: string; kind: string; key: string; count: number };

const sitesWithDatabase = keptDatabases();

/** A site on a database the test reads after the site stopped (stop() flushes the counts). */
async function countingSite(options: { capPerClient?: number; pages?: PageCache } = {}) {
  const { site, database } = await sitesWithDatabase({
    catalogue: source,
    demand: { flushMs: 60_000, capPerClient: options.capPerClient },
    ...(options.pages ? { pages: options.pages } : {}),
  });
  const get = (path: string, headers: Record<string, string> = {}) =>
    request(site.listener)
      .get(path)
      .set({ 'User-Agent': VISITOR_UA, ...headers });
  /** Stops the site (which writes the pending counts) and reads every row. */
  const rows = async (): Promise<Row[]> => {
    await site.stop();
    return database.db
      .selectFrom('demand_counts')
      .selectAll()
      .orderBy('kind')
      .orderBy('key')
      .execute();
  };
  return { site, database, get, rows };
}

const only = (rows: Row[], kind: string) =>
  Object.fromEntries(rows.filter((r) => r.kind === kind).map((r) => [r.key, r.count]));

describe('what is counted', () => {
  it('counts product pages by canonical path, version links, the price list, answer pages and picker results', async () => {
    const { get, rows } = await countingSite();
    await get('/parabrisa/toyota/corolla').expect(200);
    await get('/parabrisa/TOYOTA/Corolla').expect(200);
    await get(`/parabrisa/toyota/corolla?version=${versionId}`).expect(200);
    await get('/luneta/toyota/hilux').expect(200);
    await get('/parabrisas').expect(200);
    await get('/garantia').expect(200);
    await get('/reparar-o-cambiar?tamano=moneda').expect(200);
    await get('/parabrisas/buscar?modelo=toyota/corolla').expect(303);
    await get('/buscar?q=corolla').expect(200);
    await get('/').expect(200);
    await get('/contact').expect(200);
    const all = await rows();
    expect(all.every((r) => r.day === DAY)).toBe(true);
    expect(only(all, 'view')).toEqual({
      '/parabrisa/toyota/corolla': 3,
      '/luneta/toyota/hilux': 1,
      '/parabrisas': 1,
      '/garantia': 1,
      '/reparar-o-cambiar': 1,
      '/parabrisas/buscar': 1,
      '/buscar': 1,
    });
    expect(only(all, 'version')).toEqual({
      [`/parabrisa/toyota/corolla?version=${versionId}`]: 1,
    });
  });

  it('counts /turnos, declared with the counted pages before its route exists', async () => {
    const { get, rows } = await countingSite();
    await get('/turnos');
    expect(only(await rows(), 'view')).toEqual({ '/turnos': 1 });
  });

  it('counts kept pages, answered before Express, the same as rendered ones', async () => {
    const pages = new PageCache();
    const { get, rows } = await countingSite({ pages });
    await get('/parabrisas').expect(200);
    expect(pages.get('/parabrisas', '')).toBeDefined();
    await get('/parabrisas').expect(200);
    expect(only(await rows(), 'view')).toEqual({ '/parabrisas': 2 });
  });

  it('counts 404s for a brand or model not in the catalogue, normalised, and picker searches that found nothing', async () => {
    const { get, rows } = await countingSite();
    await get('/parabrisa/Chery/Tiggo%202').expect(404);
    await get('/parabrisa/chery/tiggo-2').expect(404);
    await get('/luneta/toyota/etios').expect(404);
    await get('/parabrisas/buscar?marca=Chery&modelo=Tiggo+2').expect(303);
    // A brand alone is not a search for a model.
    await get('/parabrisas/buscar?marca=Chery').expect(303);
    // A search by name that found nothing: the first word as the brand, years left out.
    await get('/buscar?q=Chery+Tiggo+2+2019').expect(404);
    await get('/buscar?q=3884+123456').expect(404);
    await get('/buscar?q=ana%40mail.com+x').expect(404);
    await get('/buscar?q=AB+123+CD').expect(404);
    // Nothing that could be someone's phone, e-mail or plate.
    await get('/parabrisa/llamame/3884123456').expect(404);
    await get('/parabrisa/ana%40mail.com/x').expect(404);
    await get('/parabrisa/patente/AB123CD').expect(404);
    await get('/parabrisa/AB%20123/CD').expect(404);
    await get('/parabrisa/abc/123').expect(404);
    // Other 404s are not searches.
    await get('/no-existe').expect(404);
    await get('/parabrisa/a/b/c').expect(404);
    expect(only(await rows(), 'not-found')).toEqual({
      'parabrisas/chery/tiggo-2': 4,
      'luneta/toyota/etios': 1,
    });
  });

  it('counts contact messages stored, and nothing of them', async () => {
    const { site, rows } = await countingSite();
    await request(site.listener)
      .post('/contact')
      .set({ 'User-Agent': VISITOR_UA, Origin: 'https://parabrisas.test' })
      .type('form')
      .send({ name: 'Ana', email: 'ana@example.com', message: 'Hola, ¿tienen stock?', website: '' })
      .expect(303);
    const all = await rows();
    expect(only(all, 'contact')).toEqual({ '': 1 });
    expect(JSON.stringify(all)).not.toContain('ana@example.com');
  });
});

describe('what is not counted', () => {
  it('bots and link previews, prefetches and prerenders, HEAD', async () => {
    const { site, get, rows } = await countingSite();
    await get('/parabrisas', { 'User-Agent': BOT_UA }).expect(200);
    await get('/parabrisas', { 'User-Agent': 'facebookexternalhit/1.1' }).expect(200);
    await get('/parabrisas', { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    await get('/parabrisas', { 'Sec-Purpose': 'prefetch' }).expect(200);
    await get('/parabrisas', { 'Sec-Purpose': 'prefetch;prerender' }).expect(200);
    await get('/parabrisas', { Purpose: 'prefetch' }).expect(200);
    await request(site.listener).head('/parabrisas').set('User-Agent', VISITOR_UA).expect(200);
    await get('/parabrisa/chery/tiggo', { 'User-Agent': BOT_UA }).expect(404);
    expect(await rows()).toEqual([]);
  });

  it('more than the cap of views of one page from one client in a day', async () => {
    const { get, rows } = await countingSite({ capPerClient: 3 });
    for (let i = 0; i < 6; i++) await get('/parabrisas').expect(200);
    // Another browser (or address) is another client; another page has its own cap.
    await get('/parabrisas', { 'User-Agent': `${VISITOR_UA} Other` }).expect(200);
    await get('/garantia').expect(200);
    expect(only(await rows(), 'view')).toEqual({ '/parabrisas': 4, '/garantia': 1 });
  });
});

describe('nothing personal is stored', () => {
  it('after a run of visits, no client address or browser anywhere in the database', async () => {
    const { site, database, get, rows } = await countingSite();
    const address = '203.0.113.77';
    const agent = `${VISITOR_UA} Marker/9.9.9`;
    const visits = [
      '/parabrisas',
      '/parabrisa/toyota/corolla',
      `/parabrisa/toyota/corolla?version=${versionId}`,
      '/parabrisa/chery/tiggo',
      '/garantia',
      '/ir/whatsapp',
    ];
    for (const path of visits) {
      await get(path, { 'User-Agent': agent, 'X-Forwarded-For': address });
    }
    await request(site.listener)
      .post('/contact')
      .set({ 'User-Agent': agent, 'X-Forwarded-For': address, Origin: 'https://parabrisas.test' })
      .type('form')
      .send({ name: 'Ana', email: 'ana@example.com', message: 'Hola', website: '' });
    expect((await rows()).length).toBeGreaterThan(4);
    const tables = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table'`.execute(database.db);
    let dump = '';
    for (const { name } of tables.rows) {
      const all = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(
        database.db,
      );
      dump += JSON.stringify(all.rows);
    }
    expect(dump).toContain('/parabrisa/toyota/corolla');
    for (const secret of [address, '127.0.0.1', '::ffff:127.0.0.1', 'Marker/9.9.9', 'Mozilla']) {
      expect(dump).not.toContain(secret);
    }
  });
});

describe('written in batches', () => {
  it('keeps counts in memory until the flush, and a clean stop writes them', async () => {
    const { site, database, get } = await countingSite();
    await get('/parabrisas').expect(200);
    await get('/garantia').expect(200);
    const before = await database.db.selectFrom('demand_counts').selectAll().execute();
    expect(before).toEqual([]);
    await site.stop();
    const after = await database.db.selectFrom('demand_counts').select(['key', 'count']).execute();
    expect(after).toHaveLength(2);
  });
});
