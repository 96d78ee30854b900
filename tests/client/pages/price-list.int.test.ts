import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { catalogue, testApp } from '../../helpers/app.ts';
import { decodeEntities, textOf } from '../../helpers/html.ts';
import { VISITOR_UA } from '../../helpers/site.ts';
import { formatARS } from '../../../catalogue/money.ts';
import { PageCache } from '../../../server/page-cache.ts';

const pages = new PageCache();
const app = await testApp({ pages });
const get = (path: string) => request(app).get(path).set('User-Agent', VISITOR_UA);

describe('the price list: an index of brands', () => {
  it('each brand with its model count and "desde" price, linked to its page', async () => {
    const html = textOf(decodeEntities((await get('/parabrisas')).text));
    for (const brand of catalogue.brandIndex) {
      const lowest = Math.min(...brand.modelos.map((m) => m.precio));
      expect(html).toContain(
        `${brand.marca} ${brand.modelos.length} modelos desde ${formatARS(lowest)}`,
      );
    }
  });

  it('lists no model: its size follows the brands', async () => {
    const html = (await get('/parabrisas')).text;
    expect(html).not.toContain('href="/parabrisa/toyota/hilux"');
  });
});

describe('a brand page /parabrisas/{marca}', () => {
  it('lists the brand windshields and rear windows, with the picker on that brand', async () => {
    const res = await get('/parabrisas/toyota');
    expect(res.status).toBe(200);
    const html = decodeEntities(res.text);
    expect(html).toContain('<h1>Precios de parabrisas y lunetas Toyota</h1>');
    expect(html).toContain(
      '<link rel="canonical" href="https://parabrisas.test/parabrisas/toyota"/>',
    );
    expect(html).toContain('href="/parabrisa/toyota/hilux"');
    expect(html).toContain('href="/luneta/toyota/hilux"');
    expect(html).not.toContain('href="/parabrisa/ford/ka"');
    // Without JavaScript the picker already lists the brand's models.
    expect(html).toContain('<option value="toyota/hilux">Toyota Hilux</option>');
    expect(html).toMatch(/<option selected="">Toyota<\/option>/);
  });

  it('any spelling of the brand answers with the canonical link', async () => {
    const res = await get('/parabrisas/TOYOTA');
    expect(res.status).toBe(200);
    expect(res.text).toContain('href="https://parabrisas.test/parabrisas/toyota"');
  });

  it.each(['/parabrisas/ferrari', '/parabrisas/%C3%B1', '/parabrisas/toyota/hilux'])(
    '%s is a 404',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
    },
  );

  it('an unknown brand says so, and offers the picker', async () => {
    const html = decodeEntities((await get('/parabrisas/ferrari')).text);
    expect(html).toContain('Marca no encontrada');
    expect(html).toContain('data-island="picker"');
  });

  it('the old /parabrisa/{marca} redirects to it', async () => {
    const res = await get('/parabrisa/toyota');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/parabrisas/toyota');
  });

  it('a product page breadcrumb leads to its brand page', async () => {
    const html = (await get('/parabrisa/toyota/hilux')).text;
    expect(html).toContain('<li><a href="/parabrisas/toyota">Toyota</a></li>');
  });
});

describe("the picker's models of one brand /api/modelos/{marca}", () => {
  it('answers the names and slugs of the brand models, kept with an ETag', async () => {
    const res = await get('/api/modelos/toyota');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      marca: 'Toyota',
      slug: 'toyota',
      modelos: catalogue.brandIndex
        .find((b) => b.slug === 'toyota')
        ?.modelos.map(({ nombre, slug }) => ({ nombre, slug })),
      lunetas: [
        { nombre: 'Corolla', slug: 'corolla' },
        { nombre: 'Hilux', slug: 'hilux' },
      ],
    });
    expect(res.headers['cache-control']).toMatch(/public/);
    const again = await get('/api/modelos/toyota').set('If-None-Match', String(res.headers.etag));
    expect(again.status).toBe(304);
  });

  it('another spelling redirects to the slug; an unknown brand is a 404 and kept nowhere', async () => {
    const moved = await get('/api/modelos/Toyota');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/api/modelos/toyota');
    const before = pages.size;
    const missing = await get('/api/modelos/ferrari');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Marca no encontrada' });
    expect(pages.size).toBe(before);
  });
});

describe('the sitemap in the site', () => {
  it('lists the brand pages, and has no parts while one file holds it', async () => {
    const xml = (await get('/sitemap.xml')).text;
    expect(xml).toContain('<loc>https://parabrisas.test/parabrisas/toyota</loc>');
    expect((await get('/sitemap-1.xml')).status).toBe(404);
  });
});
