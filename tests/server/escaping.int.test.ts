import { describe, expect, it } from 'vitest';
import request from 'supertest';
import type { GallerySource } from '../../client/gallery/types.ts';
import { catalogueOf, testApp } from '../helpers/app.ts';
import { islandProps, jsonLdBlocks } from '../helpers/html.ts';

const EVIL = '</script><script>alert(1)</script><!--';

const catalogue = catalogueOf([
  { marca: 'Ford', modelo: `Fiesta ${EVIL}`, precio: 18_500_000 },
  { marca: `Marca ${EVIL}`, modelo: 'Uno', precio: 10_000_000 },
]);

const gallery: GallerySource = {
  snapshot: async () => ({
    status: 'ready',
    albums: [
      {
        id: '1',
        permalink: 'https://www.instagram.com/p/abc/',
        caption: `Trabajo ${EVIL} \u2028 fin`,
        photos: [
          {
            id: '2',
            src: '/fotos/0123456789abcdef0123456789abcdef.webp',
            srcSet: '/fotos/0123456789abcdef0123456789abcdef.webp 360w',
            width: 360,
            height: 450,
            alt: `Foto ${EVIL}`,
          },
        ],
      },
    ],
  }),
};

const app = await testApp({ catalogue, gallery });

describe('user-controlled strings cannot break out of scripts', () => {
  it.each([
    ['/parabrisa/ford/fiesta-script-script-alert-1-script', 0],
    ['/parabrisas', 1],
    ['/', 2],
  ])('%s (islands with props: %i)', async (path, withProps) => {
    const res = await request(app).get(path);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>alert(1)');
    expect(res.text).not.toContain(EVIL);
    // Every <script> that opens is one we emit: JSON-LD, islands' props, the island loader.
    const opened = res.text.match(/<script\b/g)?.length ?? 0;
    const closed = res.text.match(/<\/script>/g)?.length ?? 0;
    expect(opened).toBe(closed);
    // The islands' data still arrives intact (the picker's names, the gallery's captions).
    const props = islandProps(res.text); // JSON.parse throws on a broken block
    expect(props).toHaveLength(withProps);
    for (const block of props)
      expect(JSON.stringify(block)).toContain(JSON.stringify(EVIL).slice(1, -1));
    const blocks = jsonLdBlocks(res.text); // JSON.parse throws on a broken block
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) expect(block).toBeTypeOf('object');
  });

  it('keeps the model name intact in JSON-LD', async () => {
    const res = await request(app).get('/parabrisa/ford/fiesta-script-script-alert-1-script');
    const product = jsonLdBlocks(res.text).find(
      (b) => (b as { '@type': string })['@type'] === 'Product',
    ) as {
      name: string;
    };
    expect(product.name).toBe(`Parabrisas para Ford Fiesta ${EVIL}`);
  });
});
