/**
 * The live catalogue: the server follows CATALOGUE_FILE while it runs. A valid new file is
 * served within 2 s everywhere (product pages, price list, picker, sitemap, JSON-LD,
 * /healthz); a broken, half-written or deleted file is refused with one log line and the
 * previous catalogue keeps serving. No restart anywhere in this file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { Writable } from 'node:stream';
import { mkdtemp, rename, rm, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useLoaderData, type DataRouteObject } from 'react-router-dom';
import { buildCatalogue, serializeCatalogue, type PriceRow } from '../../catalogue/schema.ts';
import type { AppLoaderArgs } from '../../client/app-context.ts';
import { createRoutes, pageRoutes } from '../../client/routes.tsx';
import { loadCatalogue } from '../../server/catalogue.ts';
import { watchCatalogue, type LiveCatalogue } from '../../server/live-catalogue.ts';
import { createLogger } from '../../server/logger.ts';
import { jsonLdBlocks, textOf } from '../helpers/html.ts';
import { testApp } from '../helpers/app.ts';
import { SAMPLE_STAMP } from '../helpers/sample.ts';
import { formatARS } from '../../catalogue/money.ts';

const rowsBefore: PriceRow[] = [
  { marca: 'Ford', modelo: 'Fiesta', precio: 18_000_000 },
  { marca: 'Ford', modelo: 'Ka', precio: 18_500_000 },
  { marca: 'Fiat', modelo: 'Uno', precio: 19_000_000 },
];
const json = (rows: PriceRow[], builtAt = SAMPLE_STAMP.builtAt) =>
  serializeCatalogue(buildCatalogue(rows, { builtAt, validDays: 30 }));

/** Every JSON log line the watcher writes. */
const logLines: { level: number; msg: string; reason?: string; code?: string }[] = [];
const logger = createLogger(
  'info',
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        logLines.push(JSON.parse(line) as (typeof logLines)[number]);
      done();
    },
  }),
);
const refusals = () => logLines.filter((line) => line.level >= 50);

/** Retries an assertion until it holds or 2 s pass: the bound for going live. */
async function within2s(assertion: () => Promise<void> | void): Promise<number> {
  const started = performance.now();
  for (;;) {
    try {
      await assertion();
      return performance.now() - started;
    } catch (error) {
      if (performance.now() - started > 2000) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/** Long enough for the debounce and a few polls: a change, if any, has been read by then. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 700));

/** Writes like the CLI: a temporary file renamed over the catalogue. */
async function writeAtomically(path: string, text: string) {
  await writeFile(`${path}.tmp`, text);
  await rename(`${path}.tmp`, path);
}

// Render counters for the page cache: one page that reads the catalogue, one that does not.
let catalogueRenders = 0;
let plainRenders = 0;
function CountedPrice() {
  // Test instrumentation: counts server renders on purpose.
  // eslint-disable-next-line react-hooks/globals
  catalogueRenders += 1;
  return <p>{(useLoaderData() as { precio: number }).precio}</p>;
}
function CountedPlain() {
  // eslint-disable-next-line react-hooks/globals
  plainRenders += 1;
  return <p>plain</p>;
}
const counted: DataRouteObject[] = [
  {
    id: 'counted-price',
    path: 'counted-price',
    loader: ({ context }: AppLoaderArgs) => ({
      precio: context.catalogue.findProduct('ford', 'fiesta')?.modelo.precio ?? 0,
    }),
    element: <CountedPrice />,
  },
  { id: 'counted-plain', path: 'counted-plain', element: <CountedPlain /> },
];

let dir: string;
let file: string;
let live: LiveCatalogue;
let app: Awaited<ReturnType<typeof testApp>>;
let swaps = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'live-catalogue-'));
  file = join(dir, 'catalogue.json');
  await writeFile(file, json(rowsBefore));
  live = watchCatalogue(file, loadCatalogue(file), logger, { debounceMs: 50, pollMs: 200 });
  live.subscribe(() => (swaps += 1));
  app = await testApp({ catalogue: live, routes: createRoutes([...counted, ...pageRoutes]) });
});

afterAll(async () => {
  live.close();
  await rm(dir, { recursive: true, force: true });
});

const fiestaPrice = async () => {
  const res = await request(app).get('/parabrisa/ford/fiesta');
  expect(res.status).toBe(200);
  const box = textOf(res.text);
  return /Precio de contado (\$\s[\d.,]+)/.exec(box)?.[1];
};

describe.sequential('live catalogue', () => {
  it('a valid new file is served within 2 s: product page, JSON-LD, price list, picker, sitemap, /healthz', async () => {
    expect(await fiestaPrice()).toBe(formatARS(18_000_000));
    const healthBefore = (await request(app).get('/healthz')).body as {
      catalogue: { hash: string; builtAt: string };
    };
    expect(healthBefore.catalogue.builtAt).toBe('2026-11-22T12:00:00.000Z');

    const rowsAfter: PriceRow[] = [
      { marca: 'Ford', modelo: 'Fiesta', precio: 19_850_000 },
      { marca: 'Ford', modelo: 'Ka', precio: 18_500_000 },
      { marca: 'Peugeot', modelo: '208 GT', precio: 21_234_550 },
    ];
    const builtAt = new Date('2026-11-24T15:00:00Z');
    await writeAtomically(file, json(rowsAfter, builtAt));

    const took = await within2s(async () => {
      expect(await fiestaPrice()).toBe(formatARS(19_850_000));
    });
    expect(took).toBeLessThan(2000);
    expect(swaps).toBe(1);

    const page = await request(app).get('/parabrisa/ford/fiesta');
    const product = jsonLdBlocks(page.text).find(
      (block): block is { offers: { price: number } } =>
        typeof block === 'object' &&
        block !== null &&
        '@type' in block &&
        block['@type'] === 'Product',
    );
    expect(product?.offers.price).toBe(198_500);
    expect(textOf(page.text)).toContain('Precios actualizados el 24/11/2026.');

    const list = textOf((await request(app).get('/parabrisas')).text);
    expect(list).toContain(`Ford 2 modelos desde ${formatARS(18_500_000)}`);
    expect(list).not.toContain('Fiat');
    const ford = textOf((await request(app).get('/parabrisas/ford')).text);
    expect(ford).toContain(`Fiesta ${formatARS(19_850_000)}`);
    expect(textOf((await request(app).get('/parabrisas/peugeot')).text)).toContain('208 GT');
    expect((await request(app).get('/parabrisas/fiat')).status).toBe(404);
    const models = await request(app).get('/api/modelos/peugeot');
    expect(models.body.modelos).toEqual([{ nombre: '208 GT', slug: '208-gt' }]);

    const picked = await request(app).get('/parabrisas/buscar?modelo=peugeot/208-gt');
    expect(picked.status).toBe(303);
    expect(picked.headers.location).toBe('/parabrisa/peugeot/208-gt');
    expect((await request(app).get('/parabrisa/fiat/uno')).status).toBe(404);

    const sitemap = (await request(app).get('/sitemap.xml')).text;
    expect(sitemap).toContain('/parabrisa/peugeot/208-gt</loc>');
    expect(sitemap).not.toContain('/parabrisa/fiat/uno');

    const health = (await request(app).get('/healthz')).body as {
      models: number;
      catalogue: { hash: string; builtAt: string };
    };
    expect(health.models).toBe(3);
    expect(health.catalogue.builtAt).toBe('2026-11-24T15:00:00.000Z');
    expect(health.catalogue.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(health.catalogue.hash).not.toBe(healthBefore.catalogue.hash);
    expect(refusals()).toEqual([]);
  });

  it('re-renders exactly the cached pages whose data changed', async () => {
    await request(app).get('/counted-price');
    await request(app).get('/counted-plain');
    catalogueRenders = 0;
    plainRenders = 0;
    await writeAtomically(
      file,
      json([
        { marca: 'Ford', modelo: 'Fiesta', precio: 20_000_000 },
        { marca: 'Ford', modelo: 'Ka', precio: 18_500_000 },
      ]),
    );
    await within2s(async () => {
      expect((await request(app).get('/counted-price')).text).toContain('<p>20000000</p>');
    });
    await request(app).get('/counted-price');
    await request(app).get('/counted-plain');
    expect(catalogueRenders).toBe(1);
    expect(plainRenders).toBe(0);
  });

  it('a broken file is refused with one log line; the old prices stay; fixed, the new ones appear', async () => {
    const before = await fiestaPrice();
    const swapsBefore = swaps;
    await writeFile(file, '{ "version": 2, "marcas": [ oops');
    await within2s(() => expect(refusals()).toHaveLength(1));
    await settle(); // several polls later: still one line, still the old prices
    expect(refusals()).toHaveLength(1);
    expect(refusals()[0]).toMatchObject({
      msg: 'catalogue refused; still serving the previous catalogue',
      reason: expect.stringMatching(/^not valid JSON/),
    });
    expect(await fiestaPrice()).toBe(before);

    await writeFile(file, json([{ marca: 'Ford', modelo: 'Fiesta', precio: 21_000_000 }]));
    await within2s(async () => expect(await fiestaPrice()).toBe(formatARS(21_000_000)));
    expect(swaps).toBe(swapsBefore + 1);
    expect(refusals()).toHaveLength(1);
  });

  it('a valid JSON that breaks the schema (instalments that do not match the price) is refused too', async () => {
    const broken = JSON.parse(json([{ marca: 'Ford', modelo: 'Fiesta', precio: 22_000_000 }])) as {
      marcas: { modelos: { cuotas: { en3: number } }[] }[];
    };
    broken.marcas[0]!.modelos[0]!.cuotas.en3 = 1;
    await writeFile(file, JSON.stringify(broken));
    await within2s(() => expect(refusals()).toHaveLength(2));
    expect(refusals()[1]?.reason).toContain('las cuotas no coinciden con el precio');
    expect(await fiestaPrice()).toBe(formatARS(21_000_000));
  });

  it('a half-written file is refused while it is half-written and served once complete', async () => {
    const complete = json([
      { marca: 'Ford', modelo: 'Fiesta', precio: 23_000_000 },
      { marca: 'Ford', modelo: 'Ka', precio: 18_500_000 },
    ]);
    const cut = Math.floor(complete.length / 2);
    const before = refusals().length;
    // Truncated, not yet written (what an in-place save is between its open and its write):
    // nothing to refuse yet, the old prices stay.
    await writeFile(file, '');
    await settle();
    expect(refusals()).toHaveLength(before);
    expect(await fiestaPrice()).toBe(formatARS(21_000_000));

    await appendFile(file, complete.slice(0, cut));
    await within2s(() => expect(refusals()).toHaveLength(before + 1));
    await settle();
    expect(refusals()).toHaveLength(before + 1);
    expect(await fiestaPrice()).toBe(formatARS(21_000_000));

    await appendFile(file, complete.slice(cut));
    await within2s(async () => expect(await fiestaPrice()).toBe(formatARS(23_000_000)));
    expect(refusals()).toHaveLength(before + 1);
  });

  it('a deleted file is logged once and the old catalogue keeps serving; put back, it is read again', async () => {
    const before = refusals().length;
    await rm(file);
    await within2s(() => expect(refusals()).toHaveLength(before + 1));
    expect(refusals().at(-1)).toMatchObject({
      msg: 'catalogue file missing; still serving the previous catalogue',
      code: 'ENOENT',
    });
    await settle();
    expect(refusals()).toHaveLength(before + 1);
    expect(await fiestaPrice()).toBe(formatARS(23_000_000));
    expect((await request(app).get('/healthz')).status).toBe(200);

    await writeAtomically(file, json([{ marca: 'Ford', modelo: 'Fiesta', precio: 24_000_000 }]));
    await within2s(async () => expect(await fiestaPrice()).toBe(formatARS(24_000_000)));
    expect(logLines.filter((line) => line.msg === 'catalogue reloaded').length).toBe(swaps);
  });
});
