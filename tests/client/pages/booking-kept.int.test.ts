/**
 * `/turnos` kept (docs/decisions/2026-11-28-every-page-at-the-limit.md): rendered once per
 * choice and per state of the places, each response with its own one-time token; a booking
 * made, moved or cancelled here (the form, or a quote turned into a booking in the panel), places
 * changed by the owner, or the shop's facts published (hours, closed days, places per window),
 * shows on the next request.
 * Through the listener production serves with (kept pages are answered before Express).
 */
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { gunzipSync } from 'node:zlib';
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SITE_URL, testSite } from '../../helpers/app.ts';
import { decodeEntities, textOf } from '../../helpers/html.ts';
import { openMemoryDatabase } from '../../../store/open.ts';
import { createBookingStore } from '../../../store/bookings.ts';
import { PageCache } from '../../../server/page-cache.ts';
import { rawRequest } from '../../helpers/server.ts';
import { panelSite } from '../../helpers/panel.ts';
import { publishFacts, sectionForm } from '../../helpers/facts.ts';
import { sampleQuoteDraft } from '../../helpers/quotes.ts';
import { createQuoteService } from '../../../server/quotes/service.ts';
import { createQuoteStore } from '../../../store/quotes.ts';
import { createLogger } from '../../../server/logger.ts';
import { panelPaths } from '../../../client/paths.ts';

/** Counts the pages rendered (a build), by identity. */
class CountingPages extends PageCache {
  builds: string[] = [];
  override getOrBuild(...[key, path, build, since]: Parameters<PageCache['getOrBuild']>) {
    return super.getOrBuild(key, path, () => (this.builds.push(key), build()), since);
  }
}

async function setup() {
  const database = await openMemoryDatabase();
  const pages = new CountingPages();
  const site = await testSite({
    database,
    pages,
    bookingRateLimit: { max: 1000, windowMs: 60_000 },
  });
  return { app: site.listener, database, pages };
}

const DAYS = '/turnos?que=reparacion&lugar=taller';
const TOKEN = /name="token" value="([A-Za-z0-9_-]{43})"/;
/** Tuesday 24's morning offered, but disabled: no place left. */
const FULL_MORNING =
  /value="2026-11-24\/manana" disabled=""|disabled="" [^>]*value="2026-11-24\/manana"/;
const who = { nombre: 'Ana Gómez', telefono: '0388 15 412-3456' };

function tokenOf(html: string): string {
  const token = TOKEN.exec(html)?.[1];
  if (!token) throw new Error('no token on the page');
  return token;
}

type App = Awaited<ReturnType<typeof setup>>['app'];

/** The bytes as sent (supertest would decompress them), through a real HTTP server. */
async function rawGet(app: App, path: string, headers: Record<string, string>) {
  const server = http.createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  try {
    return await rawRequest(`http://127.0.0.1:${port}${path}`, { headers });
  } finally {
    server.close();
  }
}

const book = (app: App, token: string, turno: string) =>
  request(app)
    .post('/turnos')
    .type('form')
    .set('Origin', SITE_URL)
    .send({ que: 'reparacion', lugar: 'taller', token, turno, ...who });

describe('/turnos kept, with a one-time token per response', () => {
  it('without a choice: rendered once, no token on it, never stored by others', async () => {
    const { app, pages } = await setup();
    const first = await request(app).get('/turnos');
    const again = await request(app).get('/turnos?utm_source=instagram');
    expect(first.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.text).not.toMatch(TOKEN);
    expect(pages.builds).toEqual(['/turnos']);
  });

  it('with a choice: the same page for everyone but a new token each time, gzip or not', async () => {
    const { app, pages } = await setup();
    const answers = [
      await request(app).get(DAYS),
      await request(app).get(`${DAYS}&fbclid=x`),
      await request(app).get(DAYS).set('Accept-Encoding', 'identity'),
      await request(app).get(DAYS).set('Accept-Encoding', 'br'),
    ];
    const raw = await rawGet(app, DAYS, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(raw.headers['content-length']).toBe(String(raw.body.length));
    // gunzip checks the CRC-32 and the length the trailer states.
    const unzipped = gunzipSync(raw.body).toString('utf8');
    expect(unzipped).toMatch(TOKEN);
    const htmls = [...answers.map((a) => a.text), unzipped];
    const tokens = htmls.map(tokenOf);
    expect(new Set(tokens).size).toBe(htmls.length);
    const blank = (html: string) => html.replace(TOKEN, 'name="token" value=""');
    for (const html of htmls) expect(blank(html)).toBe(blank(htmls[0] ?? ''));
    for (const answer of [...answers, raw]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expect(answer.headers.etag).toBeUndefined();
    }
    expect(answers[2]?.headers['content-encoding']).toBeUndefined();
    expect(answers[3]?.headers['content-encoding']).toBeUndefined();
    expect(textOf(htmls[0] ?? '')).toContain('El primer día posible es el martes 24 de noviembre');
    expect(decodeEntities(htmls[0] ?? '')).toContain('quedan 3 lugares');
    expect(pages.builds).toEqual([DAYS]);

    const head = await request(app).head(DAYS);
    expect(head.status).toBe(200);
    expect(head.headers['cache-control']).toBe('private, no-store');

    // Each token books once: two visitors who got the same kept page get two bookings.
    const first = await book(app, tokens[0] ?? '', '2026-11-24/manana');
    const second = await book(app, tokens[1] ?? '', '2026-11-24/manana');
    expect(first.status).toBe(303);
    expect(second.status).toBe(303);
    expect(first.headers.location).not.toBe(second.headers.location);
  });

  it('a booking here shows on the next request, and so does a cancellation', async () => {
    const { app, database, pages } = await setup();
    await createBookingStore(database).setDayPlaces('2026-11-24', 'taller', 1);
    const before = await request(app).get(DAYS);
    expect(decodeEntities(before.text)).toContain('queda 1 lugar');
    await request(app).get(DAYS);
    expect(pages.builds).toEqual([DAYS]);

    const token = tokenOf(before.text);
    expect((await book(app, token, '2026-11-24/manana')).status).toBe(303);
    const after = await request(app).get(DAYS);
    expect(textOf(after.text)).toContain('martes 24 de noviembre Mañana (9 a 13 h) completo');
    expect(after.text).toMatch(FULL_MORNING);

    const cancel = await request(app)
      .post(`/turnos/turno/${token}`)
      .type('form')
      .set('Origin', SITE_URL)
      .send({ accion: 'cancelar' });
    expect(cancel.status).toBe(303);
    expect(decodeEntities((await request(app).get(DAYS)).text)).toContain('queda 1 lugar');
  });

  it("the owner's places and closures show on the next request", async () => {
    const { app, database } = await setup();
    expect(decodeEntities((await request(app).get(DAYS)).text)).toContain(
      'value="2026-11-25/tarde"',
    );
    const store = createBookingStore(database);
    await store.setClosed('2026-11-25', '*', true);
    await store.setDayPlaces('2026-11-26', 'taller', 2);
    const text = decodeEntities((await request(app).get(DAYS)).text);
    expect(text).not.toContain('value="2026-11-25/');
    expect(textOf(text)).toMatch(/jueves 26 de noviembre Mañana \(9 a 13 h\) quedan 2 lugares/);
  });

  it('the private page is never kept', async () => {
    const { app, pages } = await setup();
    const token = tokenOf((await request(app).get(DAYS)).text);
    const booked = await book(app, token, '2026-11-24/tarde');
    const page = booked.headers.location ?? '';
    expect((await request(app).get(page)).status).toBe(200);
    expect((await request(app).get(page)).status).toBe(200);
    expect(pages.builds.filter((key) => key.startsWith('/turnos/turno/'))).toEqual([]);
  });

  it('an unknown private link: one kept 404 for every such link, never stored by others, forgotten at the next booking', async () => {
    const { app, pages } = await setup();
    const token = tokenOf((await request(app).get(DAYS)).text);
    const unknown = [`/turnos/turno/${token}`, `/turnos/turno/${'x'.repeat(43)}`];
    const answers = [];
    for (const path of [...unknown, ...unknown]) answers.push(await request(app).get(path));
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expect(answer.text).toBe(answers[0]?.text);
    }
    expect(pages.builds.filter((key) => key.startsWith('404'))).toEqual(['404:booking']);
    // That form's token becomes a booking's link: its page, not the 404 kept for it.
    const booked = await book(app, token, '2026-11-24/tarde');
    expect(booked.headers.location).toBe(`/turnos/turno/${token}?nuevo=1`);
    expect((await request(app).get(`/turnos/turno/${token}`)).status).toBe(200);
    expect((await request(app).get(unknown[1] ?? '')).status).toBe(404);
  });

  it("a publish of the shop's facts (places per window, hours, closed days) shows on the next request", async () => {
    const pages = new CountingPages();
    const { site, signIn } = await panelSite({ pages });
    const app = site.listener;
    const owner = await signIn();
    const token = tokenOf((await request(app).get(DAYS)).text);
    expect((await book(app, token, '2026-11-24/manana')).status).toBe(303);
    expect(decodeEntities((await request(app).get(DAYS)).text)).toContain('quedan 2 lugares');
    await request(app).get(DAYS);
    const built = pages.builds.filter((key) => key === DAYS).length;

    // The places in memory are rows (places taken), the places per window a published fact.
    await publishFacts(owner, site, 'booking', { 'booking.placesPerWindow.taller': '2' });
    const places = textOf((await request(app).get(DAYS)).text);
    expect(places).toContain('martes 24 de noviembre Mañana (9 a 13 h) queda 1 lugar');
    expect(places).toContain('miércoles 25 de noviembre Mañana (9 a 13 h) quedan 2 lugares');

    await publishFacts(owner, site, 'hours', { 'hours.1.1.opens': '', 'hours.1.1.closes': '' });
    const hours = (await request(app).get(DAYS)).text;
    expect(hours).toContain('value="2026-11-24/manana"');
    expect(hours).not.toContain('value="2026-11-24/tarde"');

    const rows = Number(sectionForm(site, 'closedDays').filas);
    await publishFacts(owner, site, 'closedDays', {
      [`closedDays.${rows}.date`]: '2026-11-25',
      [`closedDays.${rows}.name`]: 'Inventario',
    });
    const closed = (await request(app).get(DAYS)).text;
    expect(closed).not.toContain('value="2026-11-25/');
    expect(closed).toContain('value="2026-11-26/manana"');
    // Each publish rebuilt the kept page once, no more.
    expect(pages.builds.filter((key) => key === DAYS).length).toBe(built + 3);
  });

  it('a quote turned into a booking in the panel shows on the next request', async () => {
    const pages = new CountingPages();
    const { site, database, signIn } = await panelSite({ pages });
    const app = site.listener;
    const quotes = createQuoteService({
      store: createQuoteStore(database),
      logger: createLogger('silent'),
      now: () => new Date('2026-11-23T15:00:00Z'),
    });
    const workshop = {
      place: 'taller' as const,
      locality: null,
      label: 'En el taller',
      surcharge: 0,
    };
    const issued = await quotes.issue(sampleQuoteDraft({ placement: workshop }));
    if (issued.status !== 'issued') throw new Error(`the quote was not issued: ${issued.status}`);
    const { number } = issued;
    await createBookingStore(database).setDayPlaces('2026-11-24', 'taller', 1);
    expect(decodeEntities((await request(app).get(DAYS)).text)).toContain('queda 1 lugar');
    await request(app).get(DAYS);
    expect(pages.builds.filter((key) => key === DAYS)).toHaveLength(1);

    const owner = await signIn();
    const form = (await owner.get(`${panelPaths.quoteBooking}?numero=${number}`).expect(200)).text;
    await owner
      .post(panelPaths.quoteBooking, {
        numero: number,
        token: tokenOf(form),
        turno: '2026-11-24/manana',
        telefono: '388 15 412-3456',
      })
      .expect(303);
    const after = await request(app).get(DAYS);
    expect(textOf(after.text)).toContain('martes 24 de noviembre Mañana (9 a 13 h) completo');
    expect(after.text).toMatch(FULL_MORNING);
  });
});
