/**
 * /panel/precios end to end on the real site (createSite with the file-backed catalogue
 * store in a temporary folder): each bad file, preview with flags, publish, stale preview,
 * history and "Volver a esta versión", the download's round trip, and nothing changed
 * without a session or from another site.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCatalogue, serializeCatalogue } from '../../../catalogue/schema.ts';
import { panelPaths, queryParams } from '../../../client/paths.ts';
import { loadCatalogue } from '../../../server/catalogue.ts';
import { catalogueFile, projectRoot } from '../../../server/paths.ts';
import { SITE_URL } from '../../helpers/app.ts';
import { pricesPanelSite, type PanelSession, type PricesTestSite } from '../../helpers/panel.ts';
import { SAMPLE_STAMP, TEST_NOW } from '../../helpers/sample.ts';
import { catalogueCsv, SHEET_HEADER } from '../../../sheet/export.ts';
import { makeDocx, makeEncryptedWorkbook, makeZipBomb } from '../../helpers/xlsx.ts';
import { nuErrors } from '../../helpers/nu-checker.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

type Setup = PricesTestSite & { owner: PanelSession };
let setup: Setup;

beforeEach(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'panel-prices-'));
  dirs.push(dir);
  const site = await pricesPanelSite(dir);
  const owner = await site.signIn();
  setup = { ...site, owner };
  return async () => {
    site.catalogues.close();
    await site.site.stop();
  };
});

const fixture = (path: string) => readFile(join(projectRoot, 'tests/fixtures', path));

function upload(bytes: Uint8Array, name: string, session: PanelSession | null = setup.owner) {
  const req = request(setup.site.listener).post(panelPaths.prices).set('Origin', SITE_URL);
  if (session) req.set('Cookie', session.cookie).field('_csrf', session.csrfToken);
  return req.field('accion', 'subir').attach('planilla', Buffer.from(bytes), name);
}

async function uploadToPreview(bytes: Uint8Array, name: string): Promise<string> {
  const res = await upload(bytes, name).expect(303);
  const location = String(res.headers.location);
  expect(location).toMatch(
    new RegExp(`^${panelPaths.prices}\\?${queryParams.priceDraft}=[0-9a-f]{32}$`),
  );
  return new URL(location, SITE_URL).searchParams.get(queryParams.priceDraft) ?? '';
}

const publish = (draft: string, extra: Record<string, string> = {}) =>
  setup.owner.post(`${panelPaths.prices}?${queryParams.priceDraft}=${draft}`, {
    accion: 'publicar',
    borrador: draft,
    ...extra,
  });

const liveFile = () => readFileSync(setup.file, 'utf8');
/** The page's text as read: without the comments React puts between adjacent texts. */
const visible = (res: { text: string }) => res.text.replace(/<!-- -->/g, '');
const SAMPLE = readFileSync(catalogueFile, 'utf8');

describe('/panel/precios: bad files get a Spanish page and change nothing', () => {
  it.each([
    ['empty', () => new Uint8Array(), 'vacia.xlsx', 'El archivo está vacío.'],
    [
      'a PNG renamed .xlsx',
      () => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
      'foto.xlsx',
      'parece una imagen PNG',
    ],
    ['a Word file renamed .xlsx', makeDocx, 'carta.xlsx', 'parece un documento de Word'],
    ['a password', makeEncryptedWorkbook, 'precios.xlsx', 'La planilla tiene contraseña'],
    [
      'a zip bomb',
      () => makeZipBomb(200 * 1024 * 1024, 1000),
      'precios.xlsx',
      'demasiado grande por dentro',
    ],
    [
      'a sheet without the columns',
      () => new TextEncoder().encode('Nombre;Valor\nFord Ka;185000\n'),
      'precios.csv',
      'tendría que tener los títulos',
    ],
    [
      '300,000 rows',
      () => new TextEncoder().encode(`Marca;Modelo;Precio\n${'Ford;Ka;1000\n'.repeat(300_000)}`),
      'precios.csv',
      'el máximo es 50.000 filas',
    ],
    [
      'a file of 10.5 MB',
      () => new Uint8Array(10.5 * 1024 * 1024).fill(0x41),
      'precios.csv',
      'El archivo pesa 10,5 MB y el máximo es 10 MB.',
    ],
  ])('%s', async (_name, make, name, message) => {
    const res = await upload(make(), name).expect(400);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain(message);
    expect(res.text).toContain('no se cambió nada');
    expect(liveFile()).toBe(SAMPLE);
    // The site stays healthy.
    await request(setup.site.listener).get('/healthz').expect(200);
  });

  it('50 MB: the browser gets a Spanish page, not a reset connection', async () => {
    const res = await upload(new Uint8Array(50 * 1024 * 1024), 'precios.xlsx').expect(413);
    expect(res.text).toContain('El envío es demasiado grande');
    expect(liveFile()).toBe(SAMPLE);
  });
});

describe('/panel/precios: preview, flags, publish', () => {
  it('previews a LibreOffice .xlsx, asks once more for the flags, publishes, and the site serves it', async () => {
    const draft = await uploadToPreview(
      await fixture('xlsx/versiones-formulas.xlsx'),
      'versiones-formulas.xlsx',
    );
    const page = await setup.owner.get(`${panelPaths.prices}?${queryParams.priceDraft}=${draft}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Vista previa de &quot;versiones-formulas.xlsx&quot;');
    expect(visible(page)).toContain(
      'La planilla tiene 3 marcas, 3 parabrisas, 1 luneta, 5 precios.',
    );
    expect(page.text).toContain('Revisá antes de publicar');
    expect(page.text).toMatch(/desaparece del sitio/);
    expect(page.text).toContain('Revisé los avisos y quiero publicar igual');

    // Without the confirmation nothing is published.
    const refused = await publish(draft).expect(400);
    expect(refused.text).toContain('marcá &quot;Revisé los avisos&quot;');
    expect(liveFile()).toBe(SAMPLE);

    await publish(draft, { confirmado: 'si' })
      .expect(303)
      .expect('Location', panelPaths.pricesHistory);
    const live = JSON.parse(liveFile());
    expect(live.actualizado).toBe(TEST_NOW.toISOString());
    expect(live.marcas.map((m: { marca: string }) => m.marca)).toEqual([
      'Citroën',
      'Peugeot',
      'Toyota',
    ]);
    expect(setup.catalogues.current().lookup.modelCount).toBe(4);
    await request(setup.site.listener).get('/parabrisa/citroen/c4-cactus').expect(200);

    const activity = await setup.catalogues.history();
    expect(activity[0]).toMatchObject({
      seq: 2,
      source: 'panel',
      fileName: 'versiones-formulas.xlsx',
    });
    const log = await setup.store.listActivity(10);
    expect(log.map((entry) => entry.action)).toContain('precios publicados');
  });

  it('an unflagged preview publishes with one click', async () => {
    const bytes = new TextEncoder().encode(SAMPLE_SHEET_PLUS_ONE());
    const draft = await uploadToPreview(bytes, 'precios.csv');
    const page = await setup.owner.get(`${panelPaths.prices}?${queryParams.priceDraft}=${draft}`);
    expect(page.text).not.toContain('Revisé los avisos');
    await publish(draft).expect(303);
    expect(setup.catalogues.current().lookup.modelCount).toBe(
      loadCatalogue(catalogueFile).lookup.modelCount + 1,
    );
  });

  it('a stale preview is refused with a fresh preview: the CLI wrote the file meanwhile', async () => {
    const draft = await uploadToPreview(await fixture('csv/versiones-excel-1252.csv'), 'a.csv');
    writeFileSync(
      setup.file,
      serializeCatalogue(
        buildCatalogue([{ marca: 'Fiat', modelo: 'Uno', precio: 15_000_000 }], SAMPLE_STAMP),
      ),
    );
    const written = liveFile();
    const res = await publish(draft, { confirmado: 'si' }).expect(303);
    expect(res.headers.location).toBe(
      `${panelPaths.prices}?${queryParams.priceDraft}=${draft}&${queryParams.priceNotice}=cambio`,
    );
    expect(liveFile()).toBe(written);
    const page = await setup.owner.get(String(res.headers.location)).expect(200);
    expect(page.text).toContain('Mientras revisabas, los precios del sitio cambiaron');
    expect(visible(page)).toContain('En el sitio ahora: 1 marca, 1 parabrisas, 1 precio.');
    await publish(draft, { confirmado: 'si' })
      .expect(303)
      .expect('Location', panelPaths.pricesHistory);
  });
});

describe('history, undo and download', () => {
  it('"Volver a esta versión" is a publish, logged in the activity log', async () => {
    const draft = await uploadToPreview(await fixture('csv/versiones-excel-1252.csv'), 'v.csv');
    await publish(draft, { confirmado: 'si' }).expect(303);
    const history = await setup.owner.get(panelPaths.pricesHistory).expect(200);
    expect(history.text).toContain('Versión 2');
    expect(history.text).toContain('En el sitio ahora');
    expect(history.text).toContain('Volver a esta versión');
    await setup.owner
      .post(panelPaths.pricesHistory, { accion: 'volver', version: '1' })
      .expect(303)
      .expect('Location', panelPaths.pricesHistory);
    expect(setup.catalogues.current().lookup.modelCount).toBe(
      loadCatalogue(catalogueFile).lookup.modelCount,
    );
    expect((await setup.catalogues.history())[0]).toMatchObject({
      seq: 3,
      source: 'restore',
      restoredFrom: 1,
    });
    const log = await setup.store.listActivity(10);
    expect(log.map((entry) => entry.action)).toContain('precios: volvió a una versión');
  });

  it('"Descargar planilla" uploads back as "Sin cambios"', async () => {
    const download = await setup.owner.get(panelPaths.pricesSheet).expect(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="precios-/);
    expect(download.text.startsWith('\uFEFF"Marca";"Modelo";"Precio"')).toBe(true);
    const bytes = new TextEncoder().encode(download.text);
    const draft = await uploadToPreview(bytes, 'precios-descargada.csv');
    const page = await setup.owner.get(`${panelPaths.prices}?${queryParams.priceDraft}=${draft}`);
    expect(page.text).toContain('<strong>Sin cambios</strong>');
  });
});

describe('the pages are valid HTML', () => {
  it(
    'upload, errors, preview with flags and history: zero Nu checker errors',
    { timeout: 60_000, tags: ['java'] },
    async () => {
      const pages: Record<string, string> = {};
      pages.upload = (await setup.owner.get(panelPaths.prices)).text;
      pages.errors = (await upload(makeDocx(), 'carta.xlsx')).text;
      const draft = await uploadToPreview(
        await fixture('xlsx/versiones-formulas.xlsx'),
        'versiones-formulas.xlsx',
      );
      pages.preview = (
        await setup.owner.get(`${panelPaths.prices}?${queryParams.priceDraft}=${draft}`)
      ).text;
      await publish(draft, { confirmado: 'si' }).expect(303);
      pages.history = (await setup.owner.get(panelPaths.pricesHistory)).text;
      expect(await nuErrors(pages)).toEqual([]);
    },
  );
});

describe('nothing changes without a session or from another site', () => {
  it('no session: upload refused (401), pages send to the sign-in', async () => {
    await upload(
      new TextEncoder().encode('Marca;Modelo;Precio\nFord;Ka;1\n'),
      'p.csv',
      null,
    ).expect(401);
    await request(setup.site.listener).get(panelPaths.prices).expect(303);
    await request(setup.site.listener).get(panelPaths.pricesSheet).expect(303);
    await request(setup.site.listener)
      .post(panelPaths.pricesHistory)
      .set('Origin', SITE_URL)
      .type('form')
      .send({ accion: 'volver', version: '1' })
      .expect(401);
    expect(liveFile()).toBe(SAMPLE);
  });

  it('a cross-site POST with the session is refused (403)', async () => {
    const draft = await uploadToPreview(await fixture('csv/versiones-excel-1252.csv'), 'v.csv');
    await request(setup.site.listener)
      .post(panelPaths.prices)
      .set('Cookie', setup.owner.cookie)
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ _csrf: setup.owner.csrfToken, accion: 'publicar', borrador: draft, confirmado: 'si' })
      .expect(403);
    expect(liveFile()).toBe(SAMPLE);
  });
});

/** The live prices as the download gives them, with one more model: no flags. */
function SAMPLE_SHEET_PLUS_ONE(): string {
  const row = ['Renault', 'Clio', '200000', ...Array(SHEET_HEADER.length - 3).fill('')];
  return `${catalogueCsv(loadCatalogue(catalogueFile).lookup.catalogue)}${row.join(';')}\r\n`;
}
