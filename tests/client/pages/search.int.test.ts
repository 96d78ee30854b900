import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { testApp } from '../../helpers/app.ts';
import { decodeEntities, textOf } from '../../helpers/html.ts';
import { VISITOR_UA } from '../../helpers/site.ts';
import { whatsappMessage } from '../../helpers/whatsapp.ts';
import { PageCache } from '../../../server/page-cache.ts';

const pages = new PageCache();
const app = await testApp({ pages });
const get = (path: string) => request(app).get(path).set('User-Agent', VISITOR_UA);

/** The result links of a results page, in order. */
const resultLinks = (html: string) =>
  [
    ...(/<ol class="search-results">[\s\S]*?<\/ol>/.exec(html)?.[0] ?? '').matchAll(
      /href="([^"]+)"/g,
    ),
  ].map((m) => decodeEntities(m[1] ?? ''));

describe('search results /buscar?q=', () => {
  it.each([
    ['hilux 2018', '/parabrisa/toyota/hilux?anio=2018'],
    ['Gol Trend', '/parabrisa/volkswagen/gol'],
    ['208gt', '/parabrisa/peugeot/208-gt'],
    ['Peugeot 208', '/parabrisa/peugeot/208'],
    ['hrv', '/parabrisa/honda/hr-v'],
  ])('%j: the first result links to %s', async (query, first) => {
    const res = await get(`/buscar?q=${encodeURIComponent(query)}`);
    expect(res.status).toBe(200);
    expect(resultLinks(res.text)[0]).toBe(first);
  });

  it('says what was searched, keeps it in the form, and is not indexed', async () => {
    const res = await get('/buscar?q=H%C3%ADlux++2018');
    const html = decodeEntities(res.text);
    expect(html).toContain('<h1>Resultados para “hilux 2018”</h1>');
    expect(html).toContain('value="hilux 2018"');
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(html).toContain(
      '<link rel="canonical" href="https://parabrisas.test/buscar?q=hilux+2018"/>',
    );
    expect(textOf(html)).toContain('con versiones para 2018');
  });

  it('nothing found: a 404 with the form, the picker and WhatsApp', async () => {
    const res = await get('/buscar?q=ferrari+f40');
    expect(res.status).toBe(404);
    const html = decodeEntities(res.text);
    expect(html).toContain('No encontramos ese auto');
    expect(html).toContain('action="/buscar"');
    expect(html).toContain('data-island="picker"');
    const whatsapp = /href="(\/ir\/whatsapp\/[^"]+)"/.exec(html)?.[1];
    expect(whatsapp).toBeDefined();
    expect(await whatsappMessage(app, whatsapp ?? '', '/buscar?q=ferrari+f40')).toBe(
      'Hola, quiero consultar por un parabrisas.',
    );
  });

  it('without a query: the form alone', async () => {
    const res = await get('/buscar');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1>Buscá tu auto</h1>');
    expect(resultLinks(res.text)).toEqual([]);
  });

  it('every spelling of a query is one kept page; junk queries and parameters add none', async () => {
    await get('/buscar?q=gol');
    const kept = pages.size;
    for (const spelling of ['GOL', '%20gol%20', 'Gól', 'gol&utm_source=x', 'gol&page=2']) {
      const res = await get(`/buscar?q=${spelling}`);
      expect(res.status).toBe(200);
    }
    expect(pages.size).toBe(kept);
    for (const junk of ['zzzz', 'qwerty+asdf', '%C2%BF%3F', 'xx1', 'ñññ']) {
      await get(`/buscar?q=${junk}`);
    }
    // Nothing found is one 404 page for every query; an empty query is the form page.
    expect(pages.size).toBeLessThanOrEqual(kept + 2);
  });

  it('the home page, the price list and the 404 page offer the search', async () => {
    for (const path of ['/', '/parabrisas', '/no-existe']) {
      expect((await get(path)).text).toContain('action="/buscar"');
    }
  });
});
