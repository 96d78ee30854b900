import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { catalogueOf, testApp } from '../../helpers/app.ts';
import { decodeEntities, textOf } from '../../helpers/html.ts';
import { VISITOR_UA } from '../../helpers/site.ts';
import { versionRows } from '../../fixtures/versions.ts';
import { formatARS } from '../../../catalogue/money.ts';

const source = catalogueOf(versionRows);
const app = await testApp({ catalogue: source });
const versiones = source.current().lookup.findProduct('toyota', 'corolla')?.modelo.versiones ?? [];
const get = async (path: string) =>
  decodeEntities((await request(app).get(path).set('User-Agent', VISITOR_UA)).text);

/** Each version's `<details>`: whether it is open, its summary and what opens below it. */
function rows(html: string) {
  return [
    ...html.matchAll(/<li id="v-([^"]+)"[^>]*>(<details[^>]*>)([\s\S]*?)<\/details><\/li>/g),
  ].map(([, id = '', open = '', inner = '']) => {
    const end = inner.indexOf('</summary>');
    return {
      id,
      open: / open=""/.test(open),
      exclusive: open.includes('name="versiones"'),
      summary: textOf(inner.slice(0, end)),
      body: textOf(inner.slice(end)),
    };
  });
}

describe('the compact version list (native <details>, no JavaScript needed)', () => {
  it('one closed row per version: labels and the cash price only; the full block inside', async () => {
    const list = rows(await get('/parabrisa/toyota/corolla'));
    expect(list.map((r) => r.id)).toEqual(versiones.map((v) => v.id));
    for (const [k, row] of list.entries()) {
      const version = versiones[k]!;
      expect(row.open).toBe(false);
      expect(row.exclusive).toBe(true);
      expect(row.summary).toContain(`${formatARS(version.precio)} contado`);
      // A price in the summary is the cash price alone: no instalment offer without its block.
      expect(row.summary).not.toMatch(/cuota|CFTEA|Comprar/);
      expect(row.body).toContain(`Precio de contado ${formatARS(version.precio)}`);
      expect(row.body).toContain('6 cuotas sin interés');
      expect(row.body).toContain('CFTEA: 0,00%');
      expect(row.body).toContain('Comprar ahora');
    }
  });

  it('the summary names features as short labels, quality and availability', async () => {
    const list = rows(await get('/parabrisa/toyota/corolla'));
    const camera = versiones.findIndex((v) => v.caracteristicas.includes('camara'));
    expect(list[camera]?.summary).toContain('Cámara');
    const plain = versiones.findIndex((v) => v.caracteristicas.length === 0);
    expect(list[plain]?.summary).toContain('Estándar');
    const stock = versiones.findIndex((v) => v.disponibilidad?.tipo === 'stock');
    if (stock >= 0) expect(list[stock]?.summary).toContain('En stock');
    const quality = versiones.findIndex((v) => v.calidad === 'original');
    if (quality >= 0) expect(list[quality]?.summary).toContain('Original');
  });

  it('a version link renders that version open, the others closed', async () => {
    const picked = versiones[5]!;
    const list = rows(await get(`/parabrisa/toyota/corolla?version=${picked.id}`));
    expect(list.filter((r) => r.open).map((r) => r.id)).toEqual([picked.id]);
    expect(list.find((r) => r.open)?.body).toContain('Elegiste esta versión.');
  });

  it('a model of one version shows it open', async () => {
    const one = await testApp({
      catalogue: catalogueOf([
        {
          marca: 'Fiat',
          modelo: 'Uno',
          precio: 15_000_000,
          variante: { anioDesde: 2010, caracteristicas: ['sensorLluvia'] },
        },
      ]),
    });
    const html = decodeEntities(
      (await request(one).get('/parabrisa/fiat/uno').set('User-Agent', VISITOR_UA)).text,
    );
    const list = rows(html);
    expect(list).toHaveLength(1);
    expect(list[0]?.open).toBe(true);
  });
});
