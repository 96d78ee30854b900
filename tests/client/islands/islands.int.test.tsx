import { describe, expect, it } from 'vitest';
import request from 'supertest';
import type { DataRouteObject } from 'react-router-dom';
import { ModelPicker } from '../../../client/components/ModelPicker.tsx';
import { island } from '../../../client/islands/island.tsx';
import { inlineScriptHashes } from '../../../server/security.ts';
import { testApp } from '../../helpers/app.ts';
import { count, headOf, islandProps } from '../../helpers/html.ts';

/** The island loader's URL as the server knows it (server/assets.ts). */
const assets = { islands: '/assets/islas-123.js', styles: ['/assets/app.css'], scripts: [] };
const brands = { marcas: ['Ford'], pieces: false };

function Outer({ label }: { label: string }) {
  return (
    <section>
      <h2>{label}</h2>
      <ModelPicker {...brands} compact />
    </section>
  );
}
const OuterIsland = island('outer', Outer);

const routes: DataRouteObject[] = [
  {
    id: 'root',
    path: '/',
    children: [
      {
        id: 'plain',
        index: true,
        element: (
          <main>
            <h1>Sin islas</h1>
          </main>
        ),
      },
      {
        id: 'pickers',
        path: 'dos',
        element: (
          <main>
            <ModelPicker {...brands} />
            <ModelPicker {...brands} compact />
          </main>
        ),
      },
      { id: 'nested', path: 'anidada', element: <OuterIsland label="Afuera" /> },
    ],
  },
];
const app = await testApp({ routes, assets });

const scriptTags = (html: string) => html.match(/<script\b[^>]*>/g) ?? [];

describe('islands in the server-rendered page', () => {
  it('a page without islands references no script: no module, no preload, no inline script', async () => {
    const res = await request(app).get('/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<h1>Sin islas</h1>');
    expect(scriptTags(res.text)).toEqual([]);
    expect(res.text).not.toContain('modulepreload');
    expect(res.text).not.toContain(assets.islands);
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('a page with islands references the island loader once, async in the head, and nothing else executable', async () => {
    const res = await request(app).get('/dos');
    expect(res.status).toBe(200);
    const head = headOf(res.text);
    expect(scriptTags(head)).toEqual([
      `<script src="${assets.islands}" type="module" async="" fetchPriority="low">`,
    ]);
    expect(count(res.text, /<script src=/)).toBe(1);
    expect(res.text).not.toContain('modulepreload');
    expect(inlineScriptHashes(res.text)).toEqual([]);
    expect(count(res.text, /<div data-island="picker">/)).toBe(2);
    // Each island's props follow its container, as JSON data the CSP does not run.
    expect(islandProps(res.text)).toEqual([brands, { ...brands, compact: true }]);
  });

  it('an island inside an island is hydrated by the outer one: one container, one props block', async () => {
    const res = await request(app).get('/anidada');
    expect(res.status).toBe(200);
    expect(count(res.text, /data-island=/)).toBe(1);
    expect(res.text).toContain('<div data-island="outer"><section><h2>Afuera</h2><form');
    expect(islandProps(res.text)).toEqual([{ label: 'Afuera' }]);
  });

  it('the site pages carry their islands and the loader, and the picker sends no prices', async () => {
    const site = await testApp({ assets });
    const home = await request(site).get('/');
    expect(scriptTags(headOf(home.text))).toEqual([
      `<script src="${assets.islands}" type="module" async="" fetchPriority="low">`,
    ]);
    for (const name of ['menu', 'picker', 'gallery', 'scrollTop']) {
      expect(home.text, name).toContain(`<div data-island="${name}">`);
    }
    const [picker] = islandProps(home.text);
    expect(JSON.stringify(picker)).not.toContain('precio');
  });
});
