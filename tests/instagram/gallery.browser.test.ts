import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_TOKEN, startFakeInstagram, type FakeInstagram } from '../fixtures/fake-instagram.ts';
import { watchPage } from '../helpers/browser.ts';
import { builtSite } from '../helpers/site.ts';

/**
 * The gallery in a real browser, on the production build (`npm run build` first), against
 * the fake Instagram API. The fake answers slowly at first, so the first page is rendered
 * while the feed is still loading and the browser has to fetch it from /api/galeria.
 */
let fake: FakeInstagram;
let dataDir: string;

beforeAll(async () => {
  fake = await startFakeInstagram({ albums: 12, pageSize: 50, delayMs: 700 });
  dataDir = mkdtempSync(join(tmpdir(), 'gallery-browser-'));
});

afterAll(async () => {
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const site = builtSite(() => ({
  INSTAGRAM_API_URL: fake.url,
  INSTAGRAM_ACCESS_TOKEN: FAKE_TOKEN,
  DATA_DIR: dataDir,
}));

async function openPhone(options: { javaScriptEnabled?: boolean } = {}) {
  const context = await site.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    ...options,
  });
  const page = await context.newPage();
  const problems = await watchPage(page, site.url);
  return { page, problems, close: () => context.close() };
}

const albums = (page: Page) => page.locator('.gallery__album');
const more = (page: Page) => page.locator('a.gallery__more');

/** React has attached itself to the 'Ver más' link (a click before that follows the link). */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const link = document.querySelector('a.gallery__more');
    return !!link && Object.keys(link).some((key) => key.startsWith('__reactFiber'));
  });

describe('gallery in the browser (390 px wide)', () => {
  it('a page rendered while the feed loads fetches it, then shows 5 albums', async () => {
    const { page, problems, close } = await openPhone();
    try {
      const response = await page.goto(`${site.url}/`);
      const html = (await response?.text()) ?? '';
      expect(html.includes('gallery--loading'), 'rendered in the loading state').toBe(true);
      await expect.poll(() => albums(page).count(), { timeout: 10_000 }).toBe(5);
      await expect.poll(() => more(page).count()).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
    fake.setMode({ delayMs: 0 });
  });

  it('"Ver más" shows 5 more in place: 5, 10, 12, then the button is gone', async () => {
    const { page, problems, close } = await openPhone();
    try {
      await page.goto(`${site.url}/`);
      await hydrated(page);
      expect(await albums(page).count()).toBe(5);
      const url = page.url();

      await more(page).click();
      await expect.poll(() => albums(page).count()).toBe(10);
      expect(page.url()).toBe(`${site.url}/?albumes=10`); // no reload: the URL is replaced
      // Keyboard and screen-reader users land on the first new album.
      expect(await page.evaluate(() => document.activeElement?.closest('li')?.className)).toBe(
        'gallery__album',
      );

      await more(page).click();
      await expect.poll(() => albums(page).count()).toBe(12);
      expect(await more(page).count()).toBe(0);
      expect(url).toBe(`${site.url}/`);

      const img = page.locator('.gallery__photo').first();
      expect(await img.getAttribute('loading')).toBe('lazy');
      const box = await img.boundingBox();
      expect(box?.width).toBeGreaterThan(100);
      expect(Math.abs((box?.width ?? 0) - (box?.height ?? 0))).toBeLessThan(1); // square tiles
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('without JavaScript, "Ver más" is a link the server honours', async () => {
    const { page, close } = await openPhone({ javaScriptEnabled: false });
    try {
      await page.goto(`${site.url}/`);
      expect(await albums(page).count()).toBe(5);
      await more(page).click();
      await page.waitForURL(`${site.url}/?albumes=10#testimonials`);
      expect(await albums(page).count()).toBe(10);
      await more(page).click();
      await page.waitForURL(`${site.url}/?albumes=15#testimonials`);
      expect(await albums(page).count()).toBe(12);
      expect(await more(page).count()).toBe(0);
    } finally {
      await close();
    }
  });

  it('the browser never talks to the Instagram API, and never sees the token', async () => {
    const { page, close } = await openPhone();
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(fake.url) && !r.url().includes('/cdn/')) apiCalls.push(r.url());
    });
    try {
      const response = await page.goto(`${site.url}/`);
      expect(((await response?.text()) ?? '').includes(FAKE_TOKEN)).toBe(false);
      const api = await page.evaluate(() => fetch('/api/galeria').then((r) => r.text()));
      expect(api.includes(FAKE_TOKEN)).toBe(false);
      expect(apiCalls).toEqual([]);
    } finally {
      await close();
    }
  });
});
