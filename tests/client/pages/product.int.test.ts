import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { catalogue, SITE_URL, testApp } from '../../helpers/app.ts';
import { count, decodeEntities, headOf, jsonLdBlocks } from '../../helpers/html.ts';
import { formatARS } from '../../../catalogue/money.ts';

const app = await testApp();
const products = catalogue.catalogue.marcas.flatMap((marca) =>
  marca.modelos.map((modelo) => ({ marca, modelo })),
);

describe('product pages /parabrisa/{marca}/{modelo}', () => {
  it('has the 46 models of the spec', () => {
    expect(products).toHaveLength(46);
  });

  it.each(products.map((p) => [`${p.marca.marca} ${p.modelo.nombre}`, p] as const))(
    '%s renders its price, instalments, title and canonical',
    async (_name, { marca, modelo }) => {
      const res = await request(app).get(modelo.meta.canonical);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      const html = decodeEntities(res.text);
      const head = headOf(html);
      expect(head).toContain(
        `<title>Parabrisas ${marca.marca} ${modelo.nombre} - Repuestos y Servicios en Jujuy</title>`,
      );
      expect(head).toContain(
        `<link rel="canonical" href="${SITE_URL}/parabrisa/${marca.slug}/${modelo.slug}"/>`,
      );
      expect(html).toContain(`<h1>Parabrisas para <!-- -->${marca.marca} ${modelo.nombre}</h1>`);
      expect(html).toContain('CFTEA: 0,00%');
      const found = catalogue.findProduct(marca.slug, modelo.slug)!.modelo;
      const escape = (url: string) => url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const buys = (url: string) => new RegExp(`href="${escape(url)}"[^>]*>Comprar ahora<`);
      const versiones = found.versiones ?? [];
      if (versiones.length === 0) {
        // One plain glass, as before versions: its price, instalments and one purchase link.
        expect(html).toContain(formatARS(modelo.precio));
        expect(html).toContain(formatARS(modelo.cuotas.en3));
        expect(html).toContain(formatARS(modelo.cuotas.en6));
        // The spreadsheet's URL, else WhatsApp, derived when the page renders (not stored).
        if (modelo.url) expect(found.url).toBe(modelo.url);
        else expect(found.url).toBe(`/ir/whatsapp/comprar/parabrisas/${marca.slug}/${modelo.slug}`);
        expect(html).toMatch(buys(found.url));
        return;
      }
      // Versions: the lowest price as "desde", then each version's own block and link.
      if (versiones.length > 1) {
        expect(html).toContain(`desde ${formatARS(modelo.precio)}`);
        expect(html).toContain(`${versiones.length} versiones`);
      }
      for (const version of versiones) {
        expect(html).toContain(formatARS(version.precio));
        expect(html).toContain(formatARS(version.cuotas.en3));
        expect(html).toContain(formatARS(version.cuotas.en6));
        expect(html).toMatch(buys(version.url));
      }
    },
  );

  it('puts title, description and canonical exactly once each, inside <head>', async () => {
    const res = await request(app).get('/parabrisa/ford/fiesta');
    const [head, body] = [headOf(res.text), res.text.slice(headOf(res.text).length)];
    for (const tag of [/<title>/, /<meta name="description"/, /<link rel="canonical"/]) {
      expect(count(head, tag)).toBe(1);
      expect(count(body, tag)).toBe(0);
    }
    expect(head).toMatch(/<meta name="keywords" content="parabrisas ford fiesta/);
    expect(head).toContain('<meta property="og:title"');
  });

  it('emits valid JSON-LD: Product with a numeric ARS offer, breadcrumbs and the business', async () => {
    const res = await request(app).get('/parabrisa/peugeot/208-gt');
    const blocks = jsonLdBlocks(res.text) as Record<string, unknown>[];
    const product = blocks.find((b) => b['@type'] === 'Product') as {
      offers: { price: unknown; priceCurrency: string };
    };
    const modelo = catalogue.findProduct('peugeot', '208-gt')!.modelo;
    expect(product.offers.price).toBe(modelo.precio / 100);
    expect(product.offers.priceCurrency).toBe('ARS');
    expect(blocks.some((b) => b['@type'] === 'BreadcrumbList')).toBe(true);
    const business = blocks.find((b) => Array.isArray(b['@type'])) as {
      '@type': string[];
      openingHoursSpecification: unknown[];
    };
    expect(business['@type']).toEqual(['AutoRepair', 'AutoPartsStore']);
    expect(business.openingHoursSpecification).toHaveLength(11);
  });

  it.each([
    ['/parabrisa/FORD/Fiesta', '/parabrisa/ford/fiesta'],
    ['/parabrisa/Ford/FIESTA', '/parabrisa/ford/fiesta'],
    ['/parabrisa/peugeot/208%20GT', '/parabrisa/peugeot/208-gt'],
    ['/parabrisa/PEUGEOT/208-gt', '/parabrisa/peugeot/208-gt'],
    ['/parabrisa/honda/HR-V', '/parabrisa/honda/hr-v'],
    ['/parabrisa/volkswagen/t%20cross', '/parabrisa/volkswagen/t-cross'],
  ])('%s resolves with 200 and the canonical slug URL', async (path, canonical) => {
    const res = await request(app).get(path);
    expect(res.status).toBe(200);
    expect(headOf(res.text)).toContain(`<link rel="canonical" href="${SITE_URL}${canonical}"/>`);
  });
});

describe('not found and malformed URLs never give a 500', () => {
  it.each([
    ['/parabrisa/ferrari/f40', 'Parabrisas no encontrado'],
    ['/parabrisa/ford/modelo-que-no-existe', 'Parabrisas no encontrado'],
    ['/no-existe', 'Página no encontrada'],
    ['/parabrisa/ford/fiesta/extra', 'Página no encontrada'],
  ])('%s is a 404 with the helpful page', async (path, heading) => {
    const res = await request(app).get(path);
    expect(res.status).toBe(404);
    expect(res.text).toContain(`<h1>${heading}</h1>`);
    expect(res.text).toContain('href="/parabrisas"');
    expect(res.text).toContain('href="/ir/whatsapp/');
    expect(headOf(res.text)).toContain('<meta name="robots" content="noindex"/>');
  });

  it.each([
    '/parabrisa/%E0%A4%A/fiesta',
    '/parabrisa/ford/%',
    '/%00',
    `/parabrisa/ford/${'a'.repeat(3000)}`,
  ])('%.60s is a 400', async (path) => {
    const res = await request(app).get(path);
    expect(res.status).toBe(400);
    expect(res.text).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it.each([
    '/parabrisa/..%2F..%2Fetc%2Fpasswd/x',
    '/parabrisa/ford/..%2F..%2F..%2Fpackage.json',
    '/..%2f..%2fpackage.json',
    '/parabrisa/%3Cscript%3Ealert(1)%3C%2Fscript%3E/fiesta',
    '/parabrisa/ford/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    `/parabrisa/${'x'.repeat(1500)}/y`,
  ])('%.60s is a 404 that does not echo markup', async (path) => {
    const res = await request(app).get(path);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<script>alert(1)');
  });

  it('does not serve files outside the public folder', async () => {
    const res = await request(app).get('/../package.json');
    expect([400, 404]).toContain(res.status);
    expect(res.text).not.toContain('"devDependencies"');
  });
});

describe('catalogue index and picker', () => {
  it('lists every brand, and each brand page (one tap away) every model with its price', async () => {
    const res = await request(app).get('/parabrisas');
    expect(res.status).toBe(200);
    expect(res.text).toContain('action="/parabrisas/buscar"');
    const brandPages = new Map<string, string>();
    for (const { marca } of products) {
      expect(res.text).toContain(`href="/parabrisas/${marca.slug}"`);
      if (!brandPages.has(marca.slug)) {
        const page = await request(app).get(`/parabrisas/${marca.slug}`);
        expect(page.status).toBe(200);
        brandPages.set(marca.slug, decodeEntities(page.text));
      }
    }
    for (const { marca, modelo } of products) {
      const html = brandPages.get(marca.slug) ?? '';
      expect(html).toContain(`href="${modelo.meta.canonical}"`);
      expect(html).toContain(formatARS(modelo.precio));
    }
  });

  it('redirects the picker GET form to the product page', async () => {
    const res = await request(app).get('/parabrisas/buscar?marca=ford&modelo=ford%2Franger');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/parabrisa/ford/ranger');
  });

  it('sends a brand alone to its page, and an unknown choice back to the list', async () => {
    expect((await request(app).get('/parabrisas/buscar?marca=toyota')).headers.location).toBe(
      '/parabrisas/toyota',
    );
    // The picker sends the brand's name (its option has no value).
    expect((await request(app).get('/parabrisas/buscar?marca=Volkswagen')).headers.location).toBe(
      '/parabrisas/volkswagen',
    );
    // A brand changed after its models were listed: that brand's page, not the old model.
    expect(
      (await request(app).get('/parabrisas/buscar?marca=Ford&modelo=toyota%2Fhilux')).headers
        .location,
    ).toBe('/parabrisas/ford');
    expect((await request(app).get('/parabrisas/buscar?modelo=zzz%2Fyyy')).headers.location).toBe(
      '/parabrisas',
    );
  });

  it("sends a brand-only URL to that brand's page of the list", async () => {
    const res = await request(app).get('/parabrisa/Honda');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/parabrisas/honda');
  });
});
