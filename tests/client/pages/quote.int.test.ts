/**
 * The insurance quote through the real site (testSite: createSite, SQLite in memory, TEST_NOW =
 * Monday 23 November 2026 in Jujuy; the sample's prices hold until 22/12/2026): the form and its
 * 422s, issuing and numbering, the customer's page and its PDF (read with pdfjs, the QR read off
 * the rendered page), verification, a later publish, throttling, the product pages' link.
 */
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { sql } from 'kysely';
import { catalogueOf, SITE_URL, testApp, testSite } from '../../helpers/app.ts';
import { textOf } from '../../helpers/html.ts';
import { readPdf, readQr } from '../../helpers/pdf.ts';
import { openMemoryDatabase } from '../../../store/open.ts';
import { createCountStore } from '../../../store/counts.ts';
import { fixedCatalogue, type CatalogueSource } from '../../../server/live-catalogue.ts';
import { sampleCatalogue } from '../../helpers/app.ts';
import { defaultFacts } from '../../../client/facts/defaults.ts';

const onix = {
  que: 'parabrisas',
  marca: 'chevrolet',
  modelo: 'onix',
  version: '2013-2019-original-agc',
};
const customer = {
  nombre: 'Ana María Núñez',
  patente: 'ab 123 cd',
  aseguradora: 'La Segunda',
  siniestro: 'SIN-2026/4455',
  lugar: 'taller',
};

type App = Awaited<ReturnType<typeof testApp>>;

async function setup(over: Parameters<typeof testApp>[0] = {}) {
  const database = await openMemoryDatabase();
  const app = await testApp({ database, quoteRateLimit: { max: 1000, windowMs: 60_000 }, ...over });
  return { app, database };
}

/** Posts the form as the page does: to its own address, the glass in the query. */
function post(app: App, form: Record<string, string>) {
  const glass = new URLSearchParams({
    que: form.que ?? '',
    marca: form.marca ?? '',
    modelo: form.modelo ?? '',
    version: form.version ?? '',
  });
  return request(app).post(`/presupuesto?${glass}`).type('form').set('Origin', SITE_URL).send(form);
}

/** The page's text, no-break spaces as spaces (prices are written `$\u00a01.234,56`). */
const plain = (html: string) => textOf(html).replace(/\u00a0/g, ' ');

/** Issues a quote; its customer's page path, number and key. */
async function issue(app: App, form: Record<string, string> = { ...onix, ...customer }) {
  const res = await post(app, form);
  expect(res.status, res.text.slice(0, 300)).toBe(303);
  const location = String(res.headers.location);
  const match = /^\/presupuesto\/(P-\d{4}-\d{6})\/([A-Za-z0-9_-]{43})$/.exec(location);
  if (!match?.[1] || !match[2]) throw new Error(`unexpected Location ${location}`);
  return { own: location, number: match[1], key: match[2] };
}

async function pdfOf(app: App, own: string) {
  const page = await request(app).get(own);
  expect(page.status).toBe(200);
  const href = /href="(\/presupuesto\/[^"]+\.pdf)"/.exec(page.text)?.[1];
  if (!href) throw new Error('no PDF link on the page');
  const res = await request(app)
    .get(href)
    .buffer(true)
    .parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['cache-control']).toBe('private, no-store');
  const body: unknown = res.body;
  if (!Buffer.isBuffer(body)) throw new Error('no PDF bytes');
  return { page: page.text, pdf: body };
}

describe('the insurance quote', () => {
  it('the form: the glass, its lawful price, the insurers and the zones; noindex', async () => {
    const { app } = await setup();
    const res = await request(app).get('/presupuesto').query(onix);
    expect(res.status).toBe(200);
    const text = plain(res.text);
    expect(text).toContain('Parabrisas Chevrolet Onix');
    expect(text).toContain('Calidad: Original');
    expect(text).toContain('$ 262.000,00');
    expect(text).toContain('Precio sin impuestos nacionales: $ 216.528,93');
    expect(text).toContain('CFTEA: 0,00%');
    expect(res.text).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(text).toContain('La Segunda');
    expect(text).toContain('Perico: recargo de $ 15.000');
    // An unknown model, a version that is not the model's, no version for a model with versions.
    for (const query of [
      { ...onix, modelo: 'nada' },
      { ...onix, version: 'otra' },
      { que: 'parabrisas', marca: 'chevrolet', modelo: 'onix' },
    ]) {
      expect((await request(app).get('/presupuesto').query(query)).status).toBe(404);
    }
  });

  it('bad input: 422 with the messages and the form kept, nothing stored', async () => {
    const { app, database } = await setup();
    const cases: [Record<string, string>, string][] = [
      [{ nombre: '' }, 'Escribí tu nombre y apellido.'],
      [{ nombre: 'Ana\u0007' }, 'El nombre tiene caracteres que no se pueden imprimir.'],
      [{ nombre: 'x'.repeat(101) }, 'El nombre puede tener hasta 100 caracteres.'],
      [{ aseguradora: 'Una que no existe' }, 'Elegí tu aseguradora'],
      [
        { aseguradora: 'otra', otra_aseguradora: 'x'.repeat(2048) },
        'El nombre de la aseguradora puede tener hasta 60 caracteres.',
      ],
      [{ aseguradora: 'otra', otra_aseguradora: '' }, 'Escribí el nombre de tu aseguradora.'],
      [{ patente: '12345' }, 'Esa patente no tiene el formato'],
      [{ siniestro: '=cmd|calc' }, 'El número de póliza o siniestro lleva letras'],
      [{ lugar: 'luna' }, 'Elegí si lo colocamos en el taller o a domicilio.'],
      [{ lugar: 'domicilio', localidad: '' }, 'Elegí la localidad.'],
      [{ lugar: 'domicilio', localidad: 'Tilcara' }, 'A Tilcara vamos a consultar'],
    ];
    for (const [change, message] of cases) {
      const res = await post(app, { ...onix, ...customer, ...change });
      expect(res.status, message).toBe(422);
      const text = plain(res.text);
      expect(text).toContain(message);
      // The form is kept: what was typed is still in it.
      if (change.nombre === undefined) expect(res.text).toContain('value="Ana María Núñez"');
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    const rows = await database.db.selectFrom('quotes').selectAll().execute();
    expect(rows).toHaveLength(0);
  });

  it(
    'issues a numbered quote: 303 to its page, the PDF says everything, the QR opens the verification',
    { tags: ['poppler'] },
    async () => {
      const { app } = await setup();
      const { own, number } = await issue(app, {
        ...onix,
        ...customer,
        lugar: 'domicilio',
        localidad: 'Perico',
      });
      expect(number).toBe('P-2026-000001');
      const { page, pdf } = await pdfOf(app, own);
      const pageText = plain(page);
      expect(pageText).toContain('Presupuesto P-2026-000001');
      expect(pageText).toContain('AB123CD');
      expect(pageText).toContain('CUIT 20-12345678-6');
      expect(page).toContain('href="https://wa.me/?text=');

      const read = await readPdf(pdf);
      expect(read.pages).toBe(1);
      expect(read.pageSize).toEqual([595, 842]); // A4 in points
      const text = read.text;
      for (const expected of [
        'Parabrisas Jujuy',
        'CUIT 20-12345678-6',
        'IVA Responsable Inscripto',
        'PRESUPUESTO',
        'N° P-2026-000001',
        'Fecha: 23/11/2026',
        'Válido hasta: 22/12/2026',
        'Ana María Núñez',
        'AB123CD',
        'La Segunda',
        'SIN-2026/4455',
        'Parabrisas Chevrolet Onix',
        'Años: 2013 a 2019',
        'Calidad: Original (la marca del auto)',
        'Marca del vidrio: AGC',
        'Colocación a domicilio en Perico',
        '$ 262.000,00',
        'Recargo por colocación a domicilio en Perico',
        '$ 15.000,00',
        'Total de contado',
        '$ 277.000,00',
        'Total sin impuestos nacionales: $ 228.925,62',
        '3 cuotas de $ 87.333,34',
        'CFTEA: 0,00%',
        'Presupuesto no válido como factura.',
        '12 meses',
      ]) {
        expect(text, expected).toContain(expected);
      }
      const qr = await readQr(pdf);
      expect(qr).toMatch(
        /^https:\/\/parabrisas\.test\/presupuesto\/P-2026-000001\?c=[0-9a-z]{12}$/,
      );
      expect(text).toContain(qr ?? 'no QR');

      // The verification page, from the QR's address: the quote as issued, the customer reduced.
      const verify = await request(app).get(String(qr).replace(SITE_URL, ''));
      expect(verify.status).toBe(200);
      expect(verify.headers['cache-control']).toBe('private, no-store');
      const verified = plain(verify.text);
      expect(verified).toContain('P-2026-000001');
      expect(verified).toContain('$ 277.000,00');
      expect(verified).toContain('Ana M.');
      expect(verified).toContain('CUIT 20-12345678-6');
      expect(verified).not.toContain('María');
      expect(verified).not.toContain('Núñez');
      expect(verified).not.toContain('AB123CD');
      expect(verified).not.toContain('SIN-2026');
      expect(verify.text).toContain('<meta name="robots" content="noindex, follow"/>');
      expect(verify.text).not.toContain('.pdf');
    },
  );

  it(
    'a wrong code, number or key is the plain 404 page, the same for each',
    { tags: ['poppler'] },
    async () => {
      const { app } = await setup();
      const { own, number, key } = await issue(app);
      const { pdf } = await pdfOf(app, own);
      const code = String(await readQr(pdf)).split('?c=')[1] ?? '';
      const notFound = await request(app).get('/no-existe-esta-pagina');
      const body = (html: string) => textOf(html).replace(/\s+/g, ' ');
      for (const path of [
        `/presupuesto/${number}?c=${code.replace(/.$/, code.endsWith('0') ? '1' : '0')}`,
        `/presupuesto/${number}`,
        `/presupuesto/P-2026-000002?c=${code}`,
        `/presupuesto/nada?c=${code}`,
        `/presupuesto/${number}/${key.replace(/^./, key.startsWith('A') ? 'B' : 'A')}`,
        `/presupuesto/${number}/${key.replace(/^./, key.startsWith('A') ? 'B' : 'A')}/presupuesto-${number}.pdf`,
        `/presupuesto/${number}/${key}/otro.pdf`,
      ]) {
        const res = await request(app).get(path);
        expect(res.status, path).toBe(404);
        if (!path.endsWith('.pdf')) expect(body(res.text)).toBe(body(notFound.text));
      }
    },
  );

  it('numbers stay consecutive and unique with 50 simultaneous requests', async () => {
    const { app, database } = await setup();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(app, { ...onix, ...customer, nombre: `Cliente ${i}` }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(303));
    const numbers = results.map((r) => String(r.headers.location).split('/')[2]).sort();
    expect(numbers).toEqual(
      Array.from({ length: 50 }, (_, i) => `P-2026-${String(i + 1).padStart(6, '0')}`),
    );
    const rows = await database.db.selectFrom('quote_counters').selectAll().execute();
    expect(rows).toEqual([{ year: 2026, last: 50 }]);
  });

  it('one tap, one quote: the form carries a one-time token; posted again, or twice at once, it answers with the first quote', async () => {
    const { app, database } = await setup();
    const glass = new URLSearchParams(onix);
    const form = await request(app).get(`/presupuesto?${glass}`).expect(200);
    expect(form.headers['cache-control']).toContain('no-store');
    const token = /name="token" value="([A-Za-z0-9_-]{43})"/.exec(form.text)?.[1] ?? '';
    expect(token).toHaveLength(43);
    // Each response its own token.
    const again = await request(app).get(`/presupuesto?${glass}`);
    expect(again.text).not.toContain(token);

    const first = await issue(app, { ...onix, ...customer, token });
    expect(first.key).toBe(token);
    const repeated = await post(app, { ...onix, ...customer, token }).expect(303);
    expect(repeated.headers.location).toBe(first.own);
    // A double tap: two posts of another form at the same moment.
    const other = /name="token" value="([A-Za-z0-9_-]{43})"/.exec(again.text)?.[1] ?? '';
    const both = await Promise.all([
      post(app, { ...onix, ...customer, token: other }),
      post(app, { ...onix, ...customer, token: other }),
    ]);
    expect(both.map((r) => r.status)).toEqual([303, 303]);
    expect(both[0]?.headers.location).toBe(both[1]?.headers.location);
    const rows = await database.db.selectFrom('quotes').select('number').execute();
    expect(rows).toHaveLength(2);
  });

  it('a price or fact published after the quote does not change it', async () => {
    const database = await openMemoryDatabase();
    let live: CatalogueSource = fixedCatalogue(sampleCatalogue);
    let facts = defaultFacts;
    const listeners: (() => void)[] = [];
    const site = await testSite({
      database,
      quoteRateLimit: { max: 1000, windowMs: 60_000 },
      catalogue: {
        current: () => live.current(),
        subscribe: (listener) => {
          listeners.push(() => listener(live.current()));
          return () => {};
        },
      },
      facts: {
        current: () => facts,
        subscribe: (listener) => {
          listeners.push(listener);
          return () => {};
        },
      },
    });
    const app = site.listener;
    const { own } = await issue(app);
    const before = await pdfOf(app, own);
    // New prices (every Onix version at $ 300.000) and a new shop name are published.
    live = catalogueOf([
      {
        marca: 'Chevrolet',
        modelo: 'Onix',
        precio: 30_000_000,
        variante: {
          anioDesde: 2013,
          anioHasta: 2019,
          calidad: 'original',
          marcaVidrio: 'AGC',
          caracteristicas: [],
        },
      },
    ]);
    facts = { ...defaultFacts, contact: { ...defaultFacts.contact, name: 'Otro Nombre' } };
    for (const listener of listeners) listener();
    const form = await request(app).get('/presupuesto').query(onix);
    expect(plain(form.text)).toContain('$ 300.000,00');
    const after = await pdfOf(app, own);
    const [a, b] = [await readPdf(before.pdf), await readPdf(after.pdf)];
    expect(b.text).toBe(a.text);
    expect(b.text).toContain('$ 262.000,00');
    expect(b.text).toContain('Parabrisas Jujuy');
    expect(b.text).not.toContain('Otro Nombre');
    await site.stop();
  });

  it('expired prices: no quote (409), the form points to WhatsApp', async () => {
    const { app, database } = await setup({ now: () => new Date('2026-12-23T15:00:00Z') });
    const form = await request(app).get('/presupuesto').query(onix);
    expect(plain(form.text)).toContain('Los precios de la lista están vencidos');
    expect(form.text).not.toContain('method="post"');
    expect((await post(app, { ...onix, ...customer })).status).toBe(409);
    expect(await database.db.selectFrom('quotes').selectAll().execute()).toHaveLength(0);
  });

  it('a quote the database cannot store: 503, the input kept, WhatsApp and the published phone', async () => {
    const { app, database } = await setup();
    // SQLite refuses every write from now on (SQLITE_READONLY), as a database that is away would.
    await sql`pragma query_only = 1`.execute(database.db);
    const res = await post(app, { ...onix, ...customer });
    expect(res.status).toBe(503);
    const notice = /<p class="contact-form-error" role="alert">[\s\S]*?<\/p>/.exec(res.text)?.[0];
    expect(plain(notice ?? '')).toBe(
      `No pudimos guardar el presupuesto por un problema nuestro. Probá de nuevo en unos minutos. Escribinos por WhatsApp o llamanos al ${defaultFacts.contact.phoneDisplay} .`,
    );
    expect(notice).toContain(`href="tel:${defaultFacts.contact.phoneE164}"`);
    expect(notice).toMatch(
      /<a href="\/ir\/whatsapp\/[^"]+" rel="nofollow">Escribinos por WhatsApp<\/a>/,
    );
    expect(res.text).toContain(`value="${customer.siniestro}"`);
  });

  it('throttled per client (429) with its own counters, refused cross-site (403)', async () => {
    const { app } = await setup({ quoteRateLimit: { max: 2, windowMs: 60_000 } });
    await issue(app);
    await issue(app);
    const third = await post(app, { ...onix, ...customer });
    expect(third.status).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    const cross = await request(app)
      .post('/presupuesto')
      .type('form')
      .set('Origin', 'https://evil.example')
      .send({ ...onix, ...customer });
    expect(cross.status).toBe(403);
    // A booking's limit is not the quote's: its own counters.
    const booking = await request(app).get('/turnos');
    expect(booking.status).toBe(200);
  });

  it('counts a quote per model and version in the demand figures, nothing personal', async () => {
    const database = await openMemoryDatabase();
    const site = await testSite({
      database: { ...database, close: async () => {} },
      quoteRateLimit: { max: 1000, windowMs: 60_000 },
    });
    await issue(site.listener);
    await issue(site.listener);
    await site.stop();
    const counts = await createCountStore(database).totals('quote', {
      from: '2026-11-23',
      to: '2026-11-23',
    });
    expect(counts).toEqual([
      { key: '/parabrisa/chevrolet/onix?version=2013-2019-original-agc', count: 2 },
    ]);
    await database.close();
  });

  it('product pages link each version (and a model without versions) to its form, and stay kept', async () => {
    const { app } = await setup();
    const onixPage = await request(app).get('/parabrisa/chevrolet/onix');
    expect(onixPage.text).toContain(
      'href="/presupuesto?que=parabrisas&amp;marca=chevrolet&amp;modelo=onix&amp;version=2013-2019-original-agc"',
    );
    expect(plain(onixPage.text)).toContain('Presupuesto para el seguro (PDF)');
    expect(onixPage.headers['cache-control']).toContain('public');
    expect(onixPage.headers.etag).toBeDefined();
    const fiesta = await request(app).get('/parabrisa/ford/fiesta');
    expect(fiesta.text).toContain(
      'href="/presupuesto?que=parabrisas&amp;marca=ford&amp;modelo=fiesta"',
    );
    const form = await request(app).get('/presupuesto?que=parabrisas&marca=ford&modelo=fiesta');
    expect(form.status).toBe(200);
    // Kept with a slot for its one-time token, like the booking form: each answer its own.
    expect(form.headers['cache-control']).toBe('private, no-store');
    expect(form.text).toMatch(/name="token" value="[A-Za-z0-9_-]{43}"/);
  });

  it('robots.txt Disallows the quotes; the sitemap lists none', async () => {
    const { app } = await setup();
    expect((await request(app).get('/robots.txt')).text).toContain('Disallow: /presupuesto\n');
    expect((await request(app).get('/sitemap.xml')).text).not.toContain('presupuesto');
  });
});
