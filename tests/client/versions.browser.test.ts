// @module-tag chromium
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { islandHydrated, islandNames, watchPage } from '../helpers/browser.ts';
import { builtSite } from '../helpers/site.ts';
import { sampleCatalogueFileWith } from '../helpers/catalogue-file.ts';
import { versionRows } from '../fixtures/versions.ts';

const catalogueFile = sampleCatalogueFileWith(versionRows);
const site = builtSite(() => ({ CATALOGUE_FILE: catalogueFile }));
const PATH = '/parabrisa/toyota/corolla';

async function open(path: string, javaScriptEnabled: boolean) {
  const context = await site.newContext({
    viewport: { width: 390, height: 844 },
    javaScriptEnabled,
  });
  const page = await context.newPage();
  const problems = await watchPage(page, site.url);
  const response = await page.goto(site.url + path, { waitUntil: 'load' });
  return { page, problems, status: response?.status(), close: () => context.close() };
}

/** The ids of the versions a visitor sees. */
const visibleVersions = (page: Page) =>
  page.$$eval('[data-version]', (items) =>
    items
      .filter((item) => item instanceof HTMLElement && item.offsetParent !== null)
      .map((item) => item.id),
  );

describe('the versions filter at 390 px', () => {
  it('without JavaScript: the GET form narrows the list, and "Ver todas" widens it again', async () => {
    const { page, status, close } = await open(PATH, false);
    expect(status).toBe(200);
    expect(await visibleVersions(page)).toHaveLength(12);
    await page.selectOption('#filtro-anio', '2021');
    await page.selectOption('#filtro-camara', 'si');
    await Promise.all([
      page.waitForURL(/anio=2021/),
      page.click('.version-filter button[type=submit]'),
    ]);
    expect(new URL(page.url()).search).toBe(
      '?anio=2021&sensor=&camara=si&calefaccionado=&acustico=&franja=',
    );
    const narrowed = await visibleVersions(page);
    expect(narrowed).toHaveLength(5);
    expect(narrowed.every((id) => id.startsWith('v-desde-2020') && id.includes('camara'))).toBe(
      true,
    );
    expect(await page.textContent('.version-filter__count')).toContain('5 de 12 versiones');
    await Promise.all([page.waitForURL(site.url + PATH), page.click('text=Ver todas')]);
    expect(await visibleVersions(page)).toHaveLength(12);
    await close();
  });

  it('with JavaScript: the list narrows in place, the address follows, no console errors', async () => {
    const { page, problems, close } = await open(PATH, true);
    expect(await islandNames(page)).toContain('versionFilter');
    await page.focus('#filtro-anio');
    await islandHydrated(page, 'versionFilter');
    // A mark on the window: a page load would wipe it.
    await page.evaluate(() => document.documentElement.setAttribute('data-same-page', ''));
    await page.selectOption('#filtro-anio', '2010');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-version]:not([hidden])').length === 2,
    );
    expect(await visibleVersions(page)).toEqual([
      'v-2008-2013-equivalente-fuyao',
      'v-2008-2013-original-pilkington-8502agnbl',
    ]);
    expect(new URL(page.url()).search).toBe('?anio=2010');
    expect(await page.textContent('.version-filter__count')).toContain('2 de 12 versiones');
    // The years with no version left disappear with their heading.
    expect(await page.isVisible('text=Desde 2020')).toBe(false);
    await page.selectOption('#filtro-anio', '');
    await page.selectOption('#filtro-sensor', 'si');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-version]:not([hidden])').length === 8,
    );
    expect(new URL(page.url()).search).toBe('?sensor=si');
    expect(await page.getAttribute('html', 'data-same-page')).toBe('');
    expect(problems).toEqual([]);
    await close();
  });

  it('a version link opens the page at that version, picked', async () => {
    const id = 'desde-2020-sensorlluvia-camara-original-agc-8578agsmvw1b';
    const { page, close } = await open(`${PATH}?version=${id}#v-${id}`, false);
    expect(await page.getAttribute(`#v-${id}`, 'class')).toContain('version--picked');
    // Scrolled to it (smoothly, so wait until it is in view; no JavaScript in the page).
    const top = () => page.$eval(`#v-${id}`, (el) => el.getBoundingClientRect().top);
    await expect.poll(top).toBeGreaterThanOrEqual(0);
    await expect.poll(top).toBeLessThan(844);
    expect(await page.textContent(`#v-${id} .version__picked`)).toBe('Elegiste esta versión.');
    // Its row is open: the price block and "Comprar ahora" show without a tap.
    expect(await page.isVisible(`#v-${id} .version__body .button-whatsapp`)).toBe(true);
    await close();
  });

  it('hydrating the filter keeps a version link as it is', async () => {
    const id = 'desde-2020-sensorlluvia-camara-original-agc-8578agsmvw1b';
    const path = `${PATH}?version=${id}#v-${id}`;
    const { page, problems, close } = await open(path, true);
    await page.focus('#filtro-anio');
    await islandHydrated(page, 'versionFilter');
    expect(page.url()).toBe(site.url + path);
    expect(await visibleVersions(page)).toHaveLength(12);
    expect(problems).toEqual([]);
    await close();
  });
});

describe('the compact version list at 390 px', () => {
  /** The versions whose row is open, and whether their "Comprar ahora" is visible. */
  const opened = (page: Page) =>
    page.$$eval('[data-version] details[open]', (items) =>
      items.map((d) => ({
        id: d.closest('[data-version]')?.id,
        buy: [...d.querySelectorAll('a')].some(
          (a) => a.textContent === 'Comprar ahora' && a.offsetParent !== null,
        ),
      })),
    );

  it.each([
    ['without JavaScript', false],
    ['with JavaScript', true],
  ])(
    '%s: every row closed, a tap opens one with its price block and "Comprar ahora", one at a time',
    async (_label, javaScript) => {
      const { page, problems, close } = await open(PATH, javaScript);
      expect(await opened(page)).toEqual([]);
      expect(await page.isVisible('text=Comprar ahora')).toBe(false);
      const rows = page.locator('[data-version] summary');
      await rows.nth(2).click();
      const [first] = await opened(page);
      expect(first?.buy).toBe(true);
      expect(await page.locator('[data-version] details[open] .cftea').isVisible()).toBe(true);
      await rows.nth(7).click();
      const now = await opened(page);
      expect(now).toHaveLength(1);
      expect(now[0]?.id).not.toBe(first?.id);
      if (javaScript) expect(problems).toEqual([]);
      await close();
    },
  );

  it('the 12 versions fit in half the old page height (under 7,000 px with header and footer)', async () => {
    const { page, close } = await open(PATH, false);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(7000);
    await close();
  });
});
