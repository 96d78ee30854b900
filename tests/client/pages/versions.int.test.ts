import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { whatsappMessage } from '../../helpers/whatsapp.ts';
import { gzipSync } from 'node:zlib';
import { catalogueOf, SITE_URL, testApp, testSite } from '../../helpers/app.ts';
import { decodeEntities, headOf, jsonLdBlocks, textOf } from '../../helpers/html.ts';
import { VISITOR_UA } from '../../helpers/site.ts';
import { versionRows } from '../../fixtures/versions.ts';
import { formatARS } from '../../../catalogue/money.ts';
import { PageCache } from '../../../server/page-cache.ts';

const source = catalogueOf(versionRows);
const app = await testApp({ catalogue: source });
const corolla = source.current().lookup.findProduct('toyota', 'corolla');
const versiones = corolla?.modelo.versiones ?? [];

const get = (path: string) => request(app).get(path).set('User-Agent', VISITOR_UA);

/** Each version's `<li>` in the page, by version id, with whether it is shown. */
function versionItems(html: string) {
  const section = /<section class="versions"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  return section
    .split('<li id="v-')
    .slice(1)
    .map((item) => {
      const open = item.slice(0, item.indexOf('>'));
      return { id: open.slice(0, open.indexOf('"')), shown: !open.includes('hidden'), html: item };
    });
}
const shownIds = (html: string) =>
  versionItems(html)
    .filter((v) => v.shown)
    .map((v) => v.id);

describe('a model with versions /parabrisa/toyota/corolla', () => {
  it('has the 12 versions of the fixture', () => {
    expect(versiones).toHaveLength(12);
  });

  it('keeps the heading and title, headlines the lowest price as "desde"', async () => {
    const res = await get('/parabrisa/toyota/corolla');
    expect(res.status).toBe(200);
    const html = decodeEntities(res.text);
    expect(headOf(html)).toContain(
      '<title>Parabrisas Toyota Corolla - Repuestos y Servicios en Jujuy</title>',
    );
    expect(html).toContain('<h1>Parabrisas para <!-- -->Toyota Corolla</h1>');
    const lowest = Math.min(...versiones.map((v) => v.precio));
    expect(html).toContain(`desde ${formatARS(lowest)}`);
    expect(headOf(html)).toContain(
      `<link rel="canonical" href="${SITE_URL}/parabrisa/toyota/corolla"/>`,
    );
  });

  it('lists every version, grouped by years, each with its own lawful price block', async () => {
    const html = decodeEntities((await get('/parabrisa/toyota/corolla')).text);
    const items = versionItems(html);
    expect(items.map((v) => v.id)).toEqual(versiones.map((v) => v.id));
    expect(items.every((v) => v.shown)).toBe(true);
    for (const [k, item] of items.entries()) {
      const version = versiones[k]!;
      const text = textOf(`<li id="v-${item.html}`);
      expect(text).toContain(`Precio de contado ${formatARS(version.precio)}`);
      expect(text).toContain('Precio sin impuestos nacionales');
      expect(text).toContain('3 cuotas sin interés');
      expect(text).toContain('6 cuotas sin interés');
      expect(text).toContain(`Total ${formatARS(version.precio)}`);
      expect(text).toContain('CFTEA: 0,00%');
      expect(text).toContain('Precios actualizados el');
      expect(text).toContain('Comprar ahora');
      // Calibration is said where the camera is, and only there.
      expect(text.includes('calibrar')).toBe(version.caracteristicas.includes('camara'));
    }
    const groups = [...html.matchAll(/<h3>([^<]+)<\/h3>/g)].map((m) => m[1]);
    expect(groups).toEqual(
      expect.arrayContaining(['Años 2008 a 2013', 'Años 2014 a 2019', 'Desde 2020']),
    );
  });

  it('names features, quality, glass brand and availability in plain Spanish', async () => {
    const text = textOf((await get('/parabrisa/toyota/corolla')).text);
    for (const phrase of [
      'Con sensor de lluvia y franja polarizada arriba',
      'Con sensor de lluvia y soporte para la cámara de asistencia',
      'Híbrido · Con sensor de lluvia, soporte para la cámara de asistencia y calefacción',
      'Versión estándar, sin sensor ni cámara',
      'Calidad: Original (la marca del auto)',
      'Calidad: Equivalente (misma medida y normas)',
      'Marca del vidrio: Pilkington',
      'Código: 8502AGNBL',
      'En stock',
      'A pedido (5 días)',
      'A pedido (7 días)',
    ]) {
      expect(text).toContain(phrase);
    }
  });

  it('has the "¿Cuál es el mío?" guide with accessible drawings', async () => {
    const html = (await get('/parabrisa/toyota/corolla')).text;
    expect(html).toContain('¿Cuál es el mío?');
    expect(textOf(html)).toContain('sello');
    const drawings = [...html.matchAll(/<svg[^>]*viewBox="0 0 120 80"[^>]*>/g)];
    expect(drawings).toHaveLength(3);
    for (const [svg] of drawings) expect(svg).toContain('aria-hidden="true"');
  });

  it('"Comprar ahora" of each version asks on WhatsApp for that version, and offers the stamp photo', async () => {
    const html = decodeEntities((await get('/parabrisa/toyota/corolla')).text);
    for (const item of versionItems(html)) {
      const href = /href="([^"]+)"[^>]*>Comprar ahora</.exec(item.html)?.[1] ?? '';
      expect(href).toBe(`/ir/whatsapp/comprar/parabrisas/toyota/corolla/${item.id}`);
      const message = await whatsappMessage(app, href);
      const version = versiones.find((v) => v.id === item.id)!;
      expect(message).toContain('quiero comprar el parabrisas para Toyota Corolla');
      expect(message).toContain(`precio publicado $ ${formatARS(version.precio).slice(2)}`);
      expect(message).toContain('foto del sello del vidrio');
      if (version.anioDesde && version.anioHasta)
        expect(message).toContain(`años ${version.anioDesde} a ${version.anioHasta}`);
      else if (version.anioDesde) expect(message).toContain(`años desde ${version.anioDesde}`);
      if (version.version) expect(message).toContain(`versión ${version.version}`);
      if (version.caracteristicas.includes('camara')) expect(message).toContain('cámara');
      if (version.caracteristicas.includes('sensorLluvia'))
        expect(message).toContain('sensor de lluvia');
      else expect(message).not.toContain('con sensor de lluvia');
      if (version.codigo) expect(message).toContain(`código ${version.codigo}`);
    }
  });

  it('a spreadsheet URL wins over WhatsApp for its version', async () => {
    const url = 'https://tienda.example/corolla-camara';
    const rows = versionRows.map((row) =>
      row.modelo === 'Corolla' && row.precio === 58_000_000 ? { ...row, url } : row,
    );
    const withUrl = await testApp({ catalogue: catalogueOf(rows) });
    const html = decodeEntities((await request(withUrl).get('/parabrisa/toyota/corolla')).text);
    const links = [...html.matchAll(/href="([^"]+)"[^>]*>Comprar ahora</g)].map((m) => m[1]);
    expect(links.filter((l) => l === url)).toHaveLength(1);
    expect(links.filter((l) => l?.startsWith('/ir/whatsapp/comprar/'))).toHaveLength(11);
  });
});

describe('narrowing the versions down without JavaScript', () => {
  it('offers the year and only the features that differ', async () => {
    const html = (await get('/parabrisa/toyota/corolla')).text;
    const form = /<form[^>]*class="version-filter"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/parabrisa/toyota/corolla"');
    const names = [...form.matchAll(/<select[^>]*name="([a-z]+)"/g)].map((m) => m[1]);
    expect(names).toEqual(['anio', 'sensor', 'camara', 'calefaccionado', 'acustico', 'franja']);
    // The Fiesta's two rear windows differ in trim only, both heated: nothing to ask.
    const luneta = (await get('/luneta/ford/fiesta')).text;
    const lunetaForm = /<form[^>]*class="version-filter"[\s\S]*?<\/form>/.exec(luneta)?.[0] ?? '';
    expect(lunetaForm).not.toContain('<select');
  });

  it.each([
    [
      '?anio=2021&camara=si',
      (v: (typeof versiones)[number]) =>
        (v.anioDesde ?? 0) <= 2021 &&
        v.anioHasta === undefined &&
        v.caracteristicas.includes('camara'),
    ],
    ['?anio=2010', (v: (typeof versiones)[number]) => v.anioHasta === 2013],
    ['?sensor=no', (v: (typeof versiones)[number]) => !v.caracteristicas.includes('sensorLluvia')],
    [
      '?anio=2016&sensor=si&franja=no',
      (v: (typeof versiones)[number]) =>
        v.anioHasta === 2019 &&
        v.caracteristicas.includes('sensorLluvia') &&
        !v.caracteristicas.includes('franja'),
    ],
  ])('%s shows only the versions that fit', async (query, fits) => {
    const html = (await get(`/parabrisa/toyota/corolla${query}`)).text;
    const expected = versiones.filter(fits).map((v) => v.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(shownIds(html)).toEqual(expected);
    expect(html).toContain(`${expected.length} de 12 versiones`);
    expect(headOf(html)).toContain(
      `<link rel="canonical" href="${SITE_URL}/parabrisa/toyota/corolla"/>`,
    );
  });

  it('reads every spelling of a value as the same page, and ignores junk and unknown parameters', async () => {
    const pages = new PageCache();
    const cached = (await testSite({ catalogue: source, pages })).listener;
    const visit = (path: string) => request(cached).get(path).set('User-Agent', VISITOR_UA);
    const first = await visit('/parabrisa/toyota/corolla?camara=si');
    const entries = pages.size;
    for (const spelling of ['S%C3%AD', 'SI', '1', 'con']) {
      const res = await visit(`/parabrisa/toyota/corolla?camara=${spelling}&utm_source=x`);
      expect(res.headers.etag).toBe(first.headers.etag);
    }
    const plain = await visit('/parabrisa/toyota/corolla');
    for (const junk of ['?camara=quizas', '?anio=20x1', '?anio=1800', '?foo=1', '?sensor=']) {
      const res = await visit(`/parabrisa/toyota/corolla${junk}`);
      expect(res.headers.etag, junk).toBe(plain.headers.etag);
    }
    expect(pages.size).toBe(entries + 1);
  });
});

describe('a version link', () => {
  const picked = versiones.find((v) => v.caracteristicas.includes('camara'))!;

  it('opens the model page with that version picked; the canonical stays the model', async () => {
    const html = (await get(`/parabrisa/toyota/corolla?version=${picked.id}`)).text;
    expect(html).toMatch(
      new RegExp(`<li id="v-${picked.id}" data-version="" class="version version--picked"`),
    );
    expect(html).toContain('Elegiste esta versión.');
    expect(shownIds(html)).toHaveLength(12);
    expect(headOf(html)).toContain(
      `<link rel="canonical" href="${SITE_URL}/parabrisa/toyota/corolla"/>`,
    );
  });

  it('is on each version, with an anchor that scrolls to it', async () => {
    const html = decodeEntities((await get('/parabrisa/toyota/corolla')).text);
    for (const v of versiones) {
      expect(html).toContain(`href="/parabrisa/toyota/corolla?version=${v.id}#v-${v.id}"`);
    }
  });

  it('to a version the sheet no longer has redirects to the model page', async () => {
    const res = await get('/parabrisa/toyota/corolla?version=no-existe');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/parabrisa/toyota/corolla');
  });
});

describe('a model of one plain row renders as before versions existed', () => {
  it('/parabrisa/ford/fiesta has one price block, no versions, no filter, a plain Product', async () => {
    const html = decodeEntities((await get('/parabrisa/ford/fiesta')).text);
    expect(html).toContain('<h1>Parabrisas para <!-- -->Ford Fiesta</h1>');
    expect(html.match(/CFTEA: 0,00%/g)).toHaveLength(1);
    expect(html).not.toContain('data-version=');
    expect(html).not.toContain('version-filter');
    expect(html).toContain(formatARS(19_850_000));
    const types = (jsonLdBlocks(html) as { '@type': unknown }[]).map((b) => b['@type']);
    expect(types).toContain('Product');
    expect(types).not.toContain('ProductGroup');
  });
});

describe('rear windows /luneta/{marca}/{modelo}', () => {
  it('has its title, heading, versions and canonical', async () => {
    const res = await get('/luneta/ford/fiesta');
    expect(res.status).toBe(200);
    const html = decodeEntities(res.text);
    expect(headOf(html)).toContain(
      '<title>Luneta Ford Fiesta - Repuestos y Servicios en Jujuy</title>',
    );
    expect(html).toContain('<h1>Luneta para <!-- -->Ford Fiesta</h1>');
    expect(headOf(html)).toContain(`<link rel="canonical" href="${SITE_URL}/luneta/ford/fiesta"/>`);
    expect(shownIds(html)).toHaveLength(2);
    expect(textOf(html)).toContain('5 puertas · Con calefacción');
    const href = /href="([^"]+)"[^>]*>Comprar ahora</.exec(html)?.[1] ?? '';
    expect(await whatsappMessage(app, href)).toContain('quiero comprar la luneta para Ford Fiesta');
  });

  it('a plain rear window: one price block, a plain Product named Luneta', async () => {
    const html = decodeEntities((await get('/luneta/toyota/hilux')).text);
    expect(html).toContain('<h1>Luneta para <!-- -->Toyota Hilux</h1>');
    expect(html.match(/CFTEA: 0,00%/g)).toHaveLength(1);
    const product = (jsonLdBlocks(html) as { '@type': unknown; name?: string }[]).find(
      (b) => b['@type'] === 'Product',
    );
    expect(product?.name).toBe('Luneta para Toyota Hilux');
    const href = /href="([^"]+)"[^>]*>Comprar ahora</.exec(html)?.[1] ?? '';
    expect(await whatsappMessage(app, href)).toContain(
      'Hola, quiero comprar la luneta para Toyota Hilux (precio publicado $ 220.000,00). ¿Tienen stock?',
    );
  });

  it('out-of-date prices ask WhatsApp about the rear window', async () => {
    const later = await testApp({ catalogue: source, now: () => new Date('2027-03-01T12:00:00Z') });
    const html = decodeEntities((await request(later).get('/luneta/toyota/hilux')).text);
    const href = /<a href="(\/ir\/whatsapp\/[0-9a-z]+)"[^>]*>Confirmá el precio actual/.exec(
      html,
    )?.[1];
    expect(await whatsappMessage(later, href ?? '', '/luneta/toyota/hilux')).toContain(
      '¿cuál es el precio actual de la luneta para Toyota Hilux?',
    );
  });

  it.each([
    ['/luneta/FORD/Fiesta', '/luneta/ford/fiesta'],
    ['/luneta/Toyota/HILUX', '/luneta/toyota/hilux'],
  ])('%s resolves with 200 and the canonical slug URL', async (path, canonical) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(headOf(res.text)).toContain(`<link rel="canonical" href="${SITE_URL}${canonical}"/>`);
  });

  it.each(['/luneta/toyota/corolla', '/luneta/ferrari/f40', '/luneta/ford/no-existe'])(
    '%s is a 404 "Luneta no encontrada"',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.text).toContain('<h1>Luneta no encontrada</h1>');
      expect(headOf(res.text)).toContain('<meta name="robots" content="noindex"/>');
    },
  );

  it.each([
    ['/luneta', '/parabrisas#lunetas'],
    ['/luneta/ford', '/parabrisas/ford#lunetas'],
    ['/luneta/FORD', '/parabrisas/ford#lunetas'],
    ['/luneta/ferrari', '/parabrisas#lunetas'],
  ])('%s redirects to the price list at %s', async (path, location) => {
    const res = await get(path);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(location);
  });

  it('the windshield page links to the same model rear window, and back', async () => {
    const windshield = decodeEntities((await get('/parabrisa/ford/fiesta')).text);
    expect(windshield).toContain('<a href="/luneta/ford/fiesta">Luneta para Ford Fiesta</a>');
    const rear = decodeEntities((await get('/luneta/ford/fiesta')).text);
    expect(rear).toContain('<a href="/parabrisa/ford/fiesta">Parabrisas para Ford Fiesta</a>');
    const corollaPage = (await get('/parabrisa/toyota/corolla')).text;
    expect(corollaPage).not.toContain('href="/luneta/toyota/corolla"');
  });

  it('are in the sitemap', async () => {
    const xml = (await get('/sitemap.xml')).text;
    expect(xml).toContain(`<loc>${SITE_URL}/luneta/ford/fiesta</loc>`);
    expect(xml).toContain(`<loc>${SITE_URL}/luneta/toyota/hilux</loc>`);
    expect(xml).toContain(`<loc>${SITE_URL}/parabrisa/toyota/corolla</loc>`);
  });
});

describe('price list and picker', () => {
  it('the index shows each brand with its model count and "desde" price, windshields and rear windows', async () => {
    const html = decodeEntities((await get('/parabrisas')).text);
    expect(textOf(html)).toContain(`Toyota 1 modelo desde ${formatARS(28_000_000)}`);
    expect(textOf(html)).toContain(`Ford 1 modelo ${formatARS(19_850_000)}`);
    const rear = /<section id="lunetas"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(rear).toContain('Precios de lunetas');
    expect(rear).toContain('href="/parabrisas/ford#lunetas"');
    expect(textOf(rear)).toContain(`Ford 1 luneta desde ${formatARS(15_000_000)}`);
  });

  it('a brand page shows "desde" prices, the number of versions and its rear windows', async () => {
    const toyota = decodeEntities((await get('/parabrisas/toyota')).text);
    expect(textOf(toyota)).toContain(`Corolla 12 versiones desde ${formatARS(28_000_000)}`);
    const ford = decodeEntities((await get('/parabrisas/ford')).text);
    expect(textOf(ford)).toContain(`Fiesta ${formatARS(19_850_000)}`);
    const rear = /<section id="lunetas"[\s\S]*?<\/section>/.exec(ford)?.[0] ?? '';
    expect(rear).toContain('href="/luneta/ford/fiesta"');
    expect(textOf(rear)).toContain(`Fiesta 2 versiones desde ${formatARS(15_000_000)}`);
  });

  it('the picker offers the piece', async () => {
    const html = (await get('/parabrisas')).text;
    expect(html).toMatch(/<select id="picker-pieza" name="pieza">/);
    expect(html).toContain('<option value="luneta">Luneta</option>');
  });

  it.each([
    ['?pieza=luneta&modelo=ford%2Ffiesta', '/luneta/ford/fiesta'],
    ['?pieza=parabrisas&modelo=ford%2Ffiesta', '/parabrisa/ford/fiesta'],
    ['?modelo=toyota%2Fcorolla', '/parabrisa/toyota/corolla'],
    ['?pieza=luneta&modelo=toyota%2Fcorolla', '/parabrisas/toyota#lunetas'],
    ['?pieza=luneta&marca=Toyota', '/parabrisas/toyota#lunetas'],
    ['?marca=Toyota', '/parabrisas/toyota'],
    ['?pieza=luneta&modelo=ferrari%2Ff40', '/parabrisas#lunetas'],
  ])('the plain GET form %s lands on %s', async (query, location) => {
    const res = await get(`/parabrisas/buscar${query}`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(location);
  });
});

describe('weight and page cache', () => {
  it('the 12-version page stays under 60 KB gzipped and is kept', async () => {
    const pages = new PageCache();
    const cached = (await testSite({ catalogue: source, pages })).listener;
    const first = await request(cached)
      .get('/parabrisa/toyota/corolla')
      .set('User-Agent', VISITOR_UA);
    expect(gzipSync(first.text).length).toBeLessThan(60 * 1024);
    expect(pages.size).toBeGreaterThan(0);
    const again = await request(cached)
      .get('/parabrisa/toyota/corolla')
      .set('User-Agent', VISITOR_UA)
      .set('If-None-Match', String(first.headers.etag));
    expect(again.status).toBe(304);
  });
});
