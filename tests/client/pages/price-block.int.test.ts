/** The product page's price block (Argentine display rules) and the price date, end to end. */
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { whatsappMessage } from '../../helpers/whatsapp.ts';
import { catalogueOf, testApp } from '../../helpers/app.ts';
import { jsonLdBlocks, textOf } from '../../helpers/html.ts';
import { formatARS } from '../../../catalogue/money.ts';
import { shopContent } from '../../../client/content/business.ts';

const catalogue = catalogueOf([
  { marca: 'Prueba', modelo: 'Un centavo', precio: 1 },
  { marca: 'Prueba', modelo: 'Dos centavos', precio: 2 },
  { marca: 'Prueba', modelo: 'Cinco centavos', precio: 5 },
  { marca: 'Ford', modelo: 'Fiesta', precio: 19_850_000 }, // $ 198.500,00: not divisible by 3 or 6
  { marca: 'Ford', modelo: 'Ka', precio: 18_000_000 }, // divisible by 3 and 6
]);
const app = await testApp({ catalogue });

/** The price box's text: from "Precio de contado" to the "Comprar ahora" button. */
async function priceBox(path: string, appUnderTest = app): Promise<string> {
  const res = await request(appUnderTest).get(path);
  expect(res.status).toBe(200);
  const text = textOf(res.text);
  const start = text.indexOf('Precio de contado');
  const end = text.indexOf('Comprar ahora');
  expect(start).toBeGreaterThan(-1);
  expect(end).toBeGreaterThan(start);
  return text.slice(start, end).trim();
}

const $ = formatARS;

describe('the price block', () => {
  it('shows the cash price first, then the price without national taxes, then each plan with count and amount', async () => {
    const box = await priceBox('/parabrisa/ford/fiesta');
    expect(box).toBe(
      [
        `Precio de contado ${$(19_850_000)}`,
        `Precio sin impuestos nacionales: ${$(16_404_959)}`,
        `3 cuotas sin interés de ${$(6_616_667)} La última, de ${$(6_616_666)} (menor por el redondeo). Total ${$(19_850_000)}`,
        `6 cuotas sin interés de ${$(3_308_334)} La última, de ${$(3_308_330)} (menor por el redondeo). Total ${$(19_850_000)}`,
        'CFTEA: 0,00% · TNA: 0,00%. El total en cuotas es igual al precio de contado.',
        'Precios actualizados el 22/11/2026.',
      ].join(' '),
    );
    // The contradiction of the issue: a total above the cash price.
    expect(box).not.toContain('198.500,01');
  });

  it('gives the cash price the largest type: the price class, before everything else', async () => {
    const res = await request(app).get('/parabrisa/ford/fiesta');
    const body = res.text.slice(res.text.indexOf('<body'));
    const price = body.indexOf(`<p class="price" data-testid="precio">${$(19_850_000)}</p>`);
    expect(price).toBeGreaterThan(-1);
    expect(price).toBeLessThan(body.indexOf('class="price-net"'));
    expect(price).toBeLessThan(body.indexOf('data-testid="plan-3"'));
  });

  it('leaves out the "last instalment" note when the division is exact', async () => {
    const box = await priceBox('/parabrisa/ford/ka');
    expect(box).toContain(`3 cuotas sin interés de ${$(6_000_000)} Total ${$(18_000_000)}`);
    expect(box).toContain(`6 cuotas sin interés de ${$(3_000_000)} Total ${$(18_000_000)}`);
    expect(box).not.toContain('La última');
  });

  it('5 centavos: 3 instalments (2 + 2 + 1) but not 6, which cannot add up to the price', async () => {
    const box = await priceBox('/parabrisa/prueba/cinco-centavos');
    expect(box).toContain(
      `3 cuotas sin interés de ${$(2)} La última, de ${$(1)} (menor por el redondeo). Total ${$(5)}`,
    );
    expect(box).not.toContain('6 cuotas');
    expect(box).toContain('CFTEA: 0,00%');
  });

  it.each([
    ['un-centavo', 1],
    ['dos-centavos', 2],
  ])('%s: no instalment plan, so no "sin interés" and no CFTEA line', async (slug, precio) => {
    const box = await priceBox(`/parabrisa/prueba/${slug}`);
    expect(box).toContain(`Precio de contado ${$(precio)}`);
    expect(box).not.toContain('sin interés');
    expect(box).not.toContain('CFTEA');
  });

  it('takes VAT from the business module for the line without national taxes', async () => {
    expect(shopContent.vatPercent).toBe(21);
    const box = await priceBox('/parabrisa/ford/ka');
    // 180.000 / 1,21 = 148.760,330… → $ 148.760,33
    expect(box).toContain(`Precio sin impuestos nacionales: ${$(14_876_033)}`);
  });
});

describe('the price date', () => {
  it('the price list says when the prices were updated', async () => {
    const res = await request(app).get('/parabrisas');
    expect(textOf(res.text)).toContain('Precios actualizados el 22/11/2026.');
  });

  it('JSON-LD carries priceValidUntil from the validity the catalogue was built with', async () => {
    const res = await request(app).get('/parabrisa/ford/fiesta');
    const product = jsonLdBlocks(res.text).find(
      (block): block is { offers: Record<string, unknown> } =>
        typeof block === 'object' &&
        block !== null &&
        '@type' in block &&
        block['@type'] === 'Product',
    );
    expect(product?.offers).toMatchObject({ price: 198_500, priceValidUntil: '2026-12-22' });
  });

  it('holds on its last day in Jujuy', async () => {
    const lastDay = await testApp({ catalogue, now: () => new Date('2026-12-23T02:30:00Z') });
    expect(await priceBox('/parabrisa/ford/fiesta', lastDay)).toContain(
      'Precios actualizados el 22/11/2026.',
    );
  });

  it('a page kept from the last valid day expires at midnight in Jujuy, same server', async () => {
    let clock = new Date('2026-12-23T02:59:00Z');
    const kept = await testApp({ catalogue, now: () => clock });
    expect(await priceBox('/parabrisa/ford/fiesta', kept)).toContain('Precios actualizados');
    expect(await priceBox('/parabrisa/ford/fiesta', kept)).toContain('Precios actualizados');
    clock = new Date('2026-12-23T03:00:01Z');
    expect(await priceBox('/parabrisa/ford/fiesta', kept)).toContain('Precios a confirmar');
    expect(textOf((await request(kept).get('/parabrisas')).text)).toContain('Precios a confirmar');
  });

  it('once the validity has passed, product pages and the price list send the shopper to WhatsApp to confirm', async () => {
    const later = await testApp({ catalogue, now: () => new Date('2026-12-23T12:00:00Z') });
    const box = await priceBox('/parabrisa/ford/fiesta', later);
    expect(box).not.toContain('Precios actualizados');
    expect(box).toContain(
      'Precios a confirmar: esta lista es del 22/11/2026 y valía hasta el 22/12/2026. Confirmá el precio actual por WhatsApp .',
    );
    const page = await request(later).get('/parabrisa/ford/fiesta');
    const href =
      /<a href="(\/ir\/whatsapp\/[0-9a-z]+)" rel="nofollow">Confirmá el precio actual por WhatsApp<\/a>/.exec(
        page.text,
      )?.[1] ?? '';
    expect(await whatsappMessage(later, href, '/parabrisa/ford/fiesta')).toContain('Ford Fiesta');
    const list = textOf((await request(later).get('/parabrisas')).text);
    expect(list).toContain('Precios a confirmar: esta lista es del 22/11/2026');
    expect(list).not.toContain('Precios actualizados');
  });
});
