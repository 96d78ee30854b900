/**
 * Share pictures (client/seo/share-card.ts, server/share/): every product page names its own
 * picture, 1200 x 630, under 300 KB, at today's price; the URL follows the price.
 */
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import sharp from 'sharp';
import { catalogue, testApp } from '../../helpers/app.ts';
import { decodeEntities, headOf } from '../../helpers/html.ts';
import { loadedSampleWith, swappableCatalogue } from '../../helpers/swappable-catalogue.ts';
import { readPictureText } from '../../helpers/ocr.ts';
import { modelsOf } from '../../../catalogue/schema.ts';
import { PIEZAS } from '../../../catalogue/pieces.ts';
import { paths } from '../../../client/paths.ts';

const app = await testApp();

const productPaths = catalogue.catalogue.marcas.flatMap((marca) =>
  PIEZAS.flatMap((pieza) => modelsOf(marca, pieza).map((modelo) => modelo.meta.canonical)),
);

/** The content of `<meta property|name="{name}" content="…">` in the page's head. */
function metaOf(html: string, name: string): string | undefined {
  const head = headOf(decodeEntities(html));
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`<meta (?:property|name)="${escaped}" content="([^"]*)"`).exec(head)?.[1];
}

/** The `image` of the page's Product or ProductGroup JSON-LD. */
function productLdImage(html: string): unknown {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)];
  const data = blocks.map((block) => JSON.parse(block[1] ?? 'null') as Record<string, unknown>);
  return data.find((d) => d['@type'] === 'Product' || d['@type'] === 'ProductGroup')?.image;
}

async function pictureOf(app: Awaited<ReturnType<typeof testApp>>, page: string) {
  const res = await request(app).get(page);
  expect(res.status).toBe(200);
  const image = metaOf(res.text, 'og:image');
  if (!image) throw new Error(`${page} has no og:image`);
  return { html: res.text, image, path: new URL(image).pathname };
}

describe('share pictures', () => {
  it('every product page names its own picture, with its size, type and words', async () => {
    expect(productPaths.length).toBeGreaterThan(46);
    const seen = new Set<string>();
    for (const page of productPaths) {
      const { html, image } = await pictureOf(app, page);
      expect(image).toMatch(/^https:\/\/parabrisas\.test\/compartir\/.+\/[0-9a-f]{16}\.png$/);
      expect(image.startsWith(`https://parabrisas.test${paths.sharePictures}${page}/`)).toBe(true);
      expect(metaOf(html, 'twitter:image')).toBe(image);
      // Google's product results show the same picture.
      expect(productLdImage(html)).toBe(image);
      expect(metaOf(html, 'og:image:width')).toBe('1200');
      expect(metaOf(html, 'og:image:height')).toBe('630');
      expect(metaOf(html, 'og:image:type')).toBe('image/png');
      expect(metaOf(html, 'og:image:alt')).toMatch(/^Parabrisas Jujuy: (Parabrisas|Luneta) .+\$/);
      seen.add(image);
    }
    expect(seen.size).toBe(productPaths.length);
  });

  it('each picture is a 1200 x 630 PNG under 300 KB, kept with a strong ETag for a day', async () => {
    // One picture per brand and piece (drawing all takes a while on a slow machine).
    const sample = catalogue.catalogue.marcas.flatMap((marca) =>
      PIEZAS.flatMap((pieza) => modelsOf(marca, pieza).slice(0, 1)),
    );
    for (const modelo of sample) {
      const { path } = await pictureOf(app, modelo.meta.canonical);
      const res = await request(app).get(path).buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=86400, immutable');
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);
      const body: unknown = res.body;
      if (!Buffer.isBuffer(body)) throw new Error('no picture bytes');
      expect(body.length).toBeLessThan(300 * 1024);
      const meta = await sharp(body).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
      const again = await request(app)
        .get(path)
        .set('If-None-Match', res.headers.etag ?? '');
      expect(again.status).toBe(304);
    }
  });

  it('home, the price list and a brand page show the shop picture', async () => {
    const home = await pictureOf(app, paths.home);
    const list = await pictureOf(app, paths.priceList);
    const brand = await pictureOf(app, paths.priceListBrand('toyota'));
    expect(home.path).toMatch(/^\/compartir\/tienda\/[0-9a-f]{16}\.png$/);
    expect(list.image).toBe(home.image);
    expect(brand.image).toBe(home.image);
    const res = await request(app).get(home.path).buffer(true);
    expect(res.status).toBe(200);
    expect((await sharp(res.body as Buffer).metadata()).width).toBe(1200);
  });

  it("an unknown model's picture is the site's kept 404; an old hash redirects to today's", async () => {
    const unknownPage = await request(app).get('/no-existe-esta-pagina');
    const unknown = await request(app).get(
      '/compartir/parabrisa/ford/no-existe/0123456789abcdef.png',
    );
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/text\/html/);
    expect(unknown.text).toBe(unknownPage.text);
    expect((await request(app).get('/compartir/nada.png')).status).toBe(404);

    const { path } = await pictureOf(app, '/parabrisa/toyota/hilux');
    const old = await request(app).get(path.replace(/[0-9a-f]{16}\.png$/, '0000000000000000.png'));
    expect(old.status).toBe(302);
    expect(old.headers.location).toBe(path);
  });

  it("a price change changes that model's picture URL, and only that one", async () => {
    const { source, swap } = swappableCatalogue(loadedSampleWith([]));
    const live = await testApp({ catalogue: source });
    const before = new Map<string, string>();
    for (const page of ['/parabrisa/fiat/uno', '/parabrisa/fiat/cronos', '/parabrisa/ford/ka']) {
      before.set(page, (await pictureOf(live, page)).image);
    }
    const oldUno = (await pictureOf(live, '/parabrisa/fiat/uno')).path;
    swap(loadedSampleWith([{ marca: 'Fiat', modelo: 'Uno', precio: 25_432_100 }]));

    const uno = await pictureOf(live, '/parabrisa/fiat/uno');
    expect(uno.image).not.toBe(before.get('/parabrisa/fiat/uno'));
    expect(metaOf(uno.html, 'og:image:alt')).toContain('$ 254.321,00');
    expect((await pictureOf(live, '/parabrisa/fiat/cronos')).image).toBe(
      before.get('/parabrisa/fiat/cronos'),
    );
    expect((await pictureOf(live, '/parabrisa/ford/ka')).image).toBe(
      before.get('/parabrisa/ford/ka'),
    );
    const stale = await request(live).get(oldUno);
    expect([stale.status, stale.headers.location]).toEqual([302, uno.path]);
  });

  it(
    'tesseract reads the model and the price from the picture',
    { tags: ['tesseract'] },
    async () => {
      const hilux = catalogue.findProduct('toyota', 'hilux');
      if (!hilux) throw new Error('no Hilux in the sample');
      const { path } = await pictureOf(app, '/parabrisa/toyota/hilux');
      const res = await request(app).get(path).buffer(true);
      const text = await readPictureText(res.body as Buffer);
      expect(text).toContain('Toyota Hilux');
      // "desde $ 598.000,00": the digits as the page prints them.
      const price = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2 }).format(
        hilux.modelo.precio / 100,
      );
      expect(text.replace(/\s+/g, ' ')).toContain(price);
      expect(text).toContain('6 cuotas');
    },
  );
});
