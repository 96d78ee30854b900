// @module-tag chromium
import { describe, expect, it } from 'vitest';
import { hydrateAllIslands, watchPage } from '../helpers/browser.ts';
import { builtSite } from '../helpers/site.ts';
import { sampleCatalogueFileWith } from '../helpers/catalogue-file.ts';
import { versionRows } from '../fixtures/versions.ts';
import { axeViolations } from '../helpers/axe.ts';
import { nuErrors } from '../helpers/nu-checker.ts';

/** One page of each type, as server-rendered documents. */
const pages = {
  home: '/',
  catalogue: '/parabrisas',
  brand: '/parabrisas/toyota',
  'brand-not-found': '/parabrisas/ferrari',
  search: '/buscar?q=hilux+2018',
  'search-nothing-found': '/buscar?q=ferrari+f40',
  product: '/parabrisa/peugeot/208-gt',
  'product-versions': '/parabrisa/toyota/corolla?anio=2021',
  'product-version-open': '/parabrisa/toyota/hilux?version=2016-2020-dx-sr-equivalente-fuyao',
  'rear-window': '/luneta/ford/fiesta',
  'not-found': '/parabrisa/ford/no-existe',
  'repair-or-replace': '/reparar-o-cambiar',
  'repair-or-replace-answer':
    '/reparar-o-cambiar?tamano=moneda&fisura=no&impactos=2&borde=no&vision=no&sensor=no',
  insurance: '/seguros',
  warranty: '/garantia',
  'home-installation': '/colocacion-a-domicilio',
  tint: '/polarizado',
  about: '/about',
  models: '/models',
  testimonials: '/testimonials',
  team: '/team',
  contact: '/contact',
  privacy: '/privacidad',
};

// The sample, with a model of 12 versions and rear windows (tests/fixtures/versions.ts).
const catalogueFile = sampleCatalogueFileWith(versionRows);
const site = builtSite(() => ({ CATALOGUE_FILE: catalogueFile }));

describe('Nu HTML Checker (vnu-jar)', { tags: ['java'] }, () => {
  it('finds zero errors on every page type', async () => {
    const documents: Record<string, string> = {};
    for (const [name, path] of Object.entries(pages)) {
      documents[name] = await (await fetch(site.url + path)).text();
    }
    expect(await nuErrors(documents)).toEqual([]);
  }, 60_000);
});

describe('axe-core', () => {
  it.each(Object.entries(pages))(
    '%s has zero violations at 390 and 1280 px',
    async (_name, path) => {
      for (const width of [390, 1280]) {
        // axe is injected as a script: let it past the page's Content-Security-Policy.
        const context = await site.newContext({
          viewport: { width, height: 900 },
          bypassCSP: true,
        });
        const page = await context.newPage();
        await watchPage(page, site.url);
        await page.goto(site.url + path, { waitUntil: 'load' });
        await hydrateAllIslands(page);
        const violations = await axeViolations(page);
        expect(violations, `${path} at ${width}px`).toEqual([]);
        await context.close();
      }
    },
    // Two widths, every island woken, then axe: a loaded machine needs more than 20 s.
    60_000,
  );
});
