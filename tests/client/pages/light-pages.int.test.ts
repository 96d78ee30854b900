import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { gzipSync } from 'node:zlib';
import { testApp } from '../../helpers/app.ts';
import { bigCatalogue } from '../../helpers/big-catalogue.ts';
import { VISITOR_UA } from '../../helpers/site.ts';
import { decodeEntities } from '../../helpers/html.ts';

const big = await bigCatalogue();
const lookup = big.source.current().lookup;
const sampleApp = await testApp();
const bigApp = await testApp({ catalogue: big.source });
const get = (app: typeof sampleApp, path: string) =>
  request(app).get(path).set('User-Agent', VISITOR_UA);
const KB = 1024;

describe('pages whose size does not follow the catalogue (5,000 models in 250 brands)', () => {
  it('the generated catalogue is a distributor list', () => {
    expect(lookup.modelCount).toBe(5000);
    expect(lookup.brandIndex).toHaveLength(250);
  });

  it('home is at most 20 KB larger than with the sample catalogue', async () => {
    const sample = await get(sampleApp, '/');
    const large = await get(bigApp, '/');
    expect(large.status).toBe(200);
    const grown = Buffer.byteLength(large.text) - Buffer.byteLength(sample.text);
    expect(grown).toBeLessThan(20 * KB);
    // Every brand is in the picker; no model is.
    expect(large.text).toContain('<option>Marca 249</option>');
    expect(large.text).not.toContain('Modelo 0 GT');
  });

  it.each([
    '/parabrisas',
    '/parabrisas/marca-7',
    '/buscar?q=modelo+3+gt',
    '/parabrisa/marca-7/modelo-0-gt',
  ])('%s stays under 150 KB of HTML', async (path) => {
    const res = await get(bigApp, path);
    expect(res.status).toBe(200);
    expect(Buffer.byteLength(res.text)).toBeLessThan(150 * KB);
    expect(gzipSync(res.text).length).toBeLessThan(30 * KB);
  });

  it('a search answers from the index in about a millisecond a query, not a scan', () => {
    const queries = ['marca 12 modelo 3', 'modelo 4 gt 2021', 'marca 249', 'zzz', 'gt'];
    const started = performance.now();
    for (let n = 0; n < 200; n += 1) for (const q of queries) lookup.search(q);
    const perQuery = (performance.now() - started) / (200 * queries.length);
    expect(lookup.search('marca 12 modelo 3').hits[0]?.path).toBe(
      '/parabrisa/marca-12/modelo-3-gt',
    );
    expect(lookup.search('zzz').hits).toEqual([]);
    // Every model is a "Modelo N GT": all match, the page shows the best 30 and says so.
    expect(lookup.search('gt')).toMatchObject({ total: 5000 });
    expect(lookup.search('gt').hits).toHaveLength(30);
    // Measured 0.4 ms on the shared 2-core machine; a scan scoring every model took 13 ms.
    expect(perQuery).toBeLessThan(4);
  });

  it('the picker fetches one brand: a small answer', async () => {
    const res = await get(bigApp, '/api/modelos/marca-7');
    expect(res.status).toBe(200);
    expect(res.body.modelos.length + res.body.lunetas.length).toBe(20);
    expect(Buffer.byteLength(res.text)).toBeLessThan(2 * KB);
  });

  it('the sitemap lists every product and brand page in one file (under the limits)', async () => {
    const res = await get(bigApp, '/sitemap.xml');
    expect(res.text).toContain('<urlset');
    // Home, the price list and /turnos (no review published: no /testimonials); the five answer pages.
    expect(res.text.match(/<url>/g)).toHaveLength(5000 + 250 + 3 + 5);
  });
});

describe('search at 5,000 models', () => {
  it('a query matching thousands shows the best 30 and says how many matched', async () => {
    const res = await get(bigApp, '/buscar?q=gt');
    expect(res.status).toBe(200);
    expect(decodeEntities(res.text)).toContain(
      '5.000 modelos: estos son los 30 que más se parecen.',
    );
  });
});
