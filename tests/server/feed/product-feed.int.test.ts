/**
 * /feed/productos.xml (server/feed/products.ts): well-formed RSS 2.0 with Google's g: product
 * attributes, one item per version, prices equal to the pages', 304 and gzip, and a publish
 * shown within 5 s.
 */
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { SaxesParser } from 'saxes';
import { catalogue, testApp } from '../../helpers/app.ts';
import { decodeEntities, headOf } from '../../helpers/html.ts';
import { sampleCatalogueWith } from '../../helpers/versions-catalogue.ts';
import { formatARS } from '../../../catalogue/money.ts';
import { modelsOf } from '../../../catalogue/schema.ts';
import { PIEZAS } from '../../../catalogue/pieces.ts';
import { paths } from '../../../client/paths.ts';
import { loadCatalogue } from '../../../server/catalogue.ts';
import { watchCatalogue } from '../../../server/live-catalogue.ts';
import { createLogger } from '../../../server/logger.ts';

const G = 'http://base.google.com/ns/1.0';
type Item = Record<string, string>;

/** Parses the feed with saxes (throws on anything not well-formed): its items' g: fields. */
function parseFeed(xml: string): { items: Item[]; root: string | undefined } {
  const parser = new SaxesParser({ xmlns: true });
  const items: Item[] = [];
  let root: string | undefined;
  let item: Item | undefined;
  const open: string[] = [];
  let text = '';
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    root ??= tag.name;
    if (tag.name === 'item') item = {};
    if (tag.uri === G) open.push(tag.local);
    text = '';
  });
  parser.on('text', (t) => (text += t));
  parser.on('closetag', (tag) => {
    if (tag.name === 'item' && item) items.push(item);
    if (tag.uri === G && item) {
      const name = open.join('.');
      item[name] = name === 'installment' ? (item[name] ?? '') : text;
      open.pop();
    }
    text = '';
  });
  parser.write(xml).close();
  return { items, root };
}

const REQUIRED = [
  'id',
  'title',
  'description',
  'link',
  'image_link',
  'availability',
  'price',
  'installment.months',
  'installment.amount',
  'brand',
  'condition',
  'google_product_category',
];

const app = await testApp();

describe('the product feed', () => {
  it('is well-formed RSS 2.0 with every required attribute, one item per version', async () => {
    const res = await request(app).get(paths.productFeed);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const { items, root } = parseFeed(res.text);
    expect(root).toBe('rss');
    const expected = catalogue.catalogue.marcas.flatMap((marca) =>
      PIEZAS.flatMap((pieza) => modelsOf(marca, pieza)),
    );
    const versions = expected.reduce((n, m) => n + Math.max(1, m.versiones?.length ?? 0), 0);
    expect(items).toHaveLength(versions);
    expect(versions).toBeGreaterThan(expected.length);
    for (const item of items) {
      for (const name of REQUIRED) expect(item[name], `${item.id}: ${name}`).toBeTruthy();
      expect(item.id!.length).toBeLessThanOrEqual(50);
      expect(item.title!.length).toBeLessThanOrEqual(150);
      expect(item.price).toMatch(/^\d+\.\d{2} ARS$/);
      expect(item['installment.amount']).toMatch(/^\d+\.\d{2} ARS$/);
      expect(item['installment.months']).toBe('6');
      expect(item.condition).toBe('new');
      expect(['in_stock', 'backorder']).toContain(item.availability);
      if (item.availability === 'backorder') {
        expect(item.availability_date).toMatch(/^\d{4}-\d{2}-\d{2}T09:00-0300$/);
      }
      expect(Boolean(item.mpn) !== (item.identifier_exists === 'no')).toBe(true);
    }
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });

  it("groups a model's versions, and each price and picture is the page's", async () => {
    const { items } = parseFeed((await request(app).get(paths.productFeed)).text);
    const pages = new Map<string, string>();
    for (const item of items) {
      const link = new URL(item.link!);
      const model = link.pathname;
      const html = pages.get(model) ?? decodeEntities((await request(app).get(model)).text);
      pages.set(model, html);
      const [pesos, cents] = item.price!.replace(' ARS', '').split('.');
      expect(html, item.id).toContain(formatARS(Number(pesos) * 100 + Number(cents)));
      const image = /<meta property="og:image" content="([^"]+)"/.exec(headOf(html))?.[1];
      expect(item.image_link).toBe(image);
      if (link.searchParams.has('version')) {
        expect(item.item_group_id).toBeTruthy();
        expect((await request(app).get(`${link.pathname}${link.search}`)).status).toBe(200);
      } else {
        expect(item.item_group_id).toBeUndefined();
      }
    }
    const hilux = items.filter((i) => i.link!.includes('/parabrisa/toyota/hilux?'));
    expect(hilux.length).toBeGreaterThan(1);
    expect(new Set(hilux.map((i) => i.item_group_id)).size).toBe(1);
  });

  it('has a strong ETag, answers a conditional GET with 304 and is gzipped', async () => {
    const first = await request(app).get(paths.productFeed).set('Accept-Encoding', 'gzip');
    expect(first.headers['content-encoding']).toBe('gzip');
    const etag = first.headers.etag ?? '';
    expect(etag).toMatch(/^"[^"]+"$/);
    // node:http, as calendars and crawlers revalidate (supertest sends no Cache-Control).
    const again = await request(app).get(paths.productFeed).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
  });
});

describe.sequential('the feed follows a publish', () => {
  let dir = '';
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('shows a new price within 5 s of the catalogue file changing', async () => {
    dir = await mkdtemp(join(tmpdir(), 'feed-'));
    const file = join(dir, 'catalogue.json');
    await writeFile(file, sampleCatalogueWith([]));
    const live = watchCatalogue(file, loadCatalogue(file), createLogger('silent'));
    const site = await testApp({ catalogue: live });
    const server = createServer(site).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const get = (etag?: string) =>
      new Promise<{ status: number; body: string; etag: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            port,
            host: '127.0.0.1',
            path: paths.productFeed,
            headers: etag ? { 'If-None-Match': etag } : {},
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8').on('data', (c: string) => (body += c));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, body, etag: String(res.headers.etag) }),
            );
          },
        );
        req.on('error', reject).end();
      });
    try {
      const before = await get();
      expect(before.body).toContain('<g:price>198500.00 ARS</g:price>');
      expect((await get(before.etag)).status).toBe(304);
      await writeFile(
        `${file}.tmp`,
        sampleCatalogueWith([{ marca: 'Ford', modelo: 'Fiesta', precio: 21_111_111 }]),
      );
      await rename(`${file}.tmp`, file);
      const started = performance.now();
      let shown = false;
      while (!shown && performance.now() - started < 5000) {
        const now = await get(before.etag);
        shown = now.status === 200 && now.body.includes('<g:price>211111.11 ARS</g:price>');
        if (!shown) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(shown).toBe(true);
    } finally {
      live.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
