// @module-tag chromium
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_TOKEN,
  startFakeInstagram,
  type FakeInstagram,
} from '../../helpers/fake-instagram.ts';
import { islandHydrated, watchPage } from '../../helpers/browser.ts';
import { builtSite } from '../../helpers/site.ts';
import { projectRoot } from '../../../server/paths.ts';

/**
 * The gallery in a real browser, on the production build (`npm run build` first), against
 * the fake Instagram API and its CDN of real JPEGs. The fake holds its first answers, so the
 * first page is rendered while the feed is still loading and the browser has to fetch it
 * from /api/galeria, which waits for the first albums' copies. Screenshots of the gallery at
 * 390 and 1280 px go to tests/.artifacts/gallery/.
 */
let fake: FakeInstagram;
let dataDir: string;
/** Lets the held feed answer (the first test does, once its page rendered while loading). */
let releaseFeed = () => {};

beforeAll(async () => {
  fake = await startFakeInstagram({ albums: 12, pageSize: 50 });
  releaseFeed = fake.hold();
  await fake.prepareCdn(); // a real CDN answers at once: the server's own work is measured
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
  HEALTH_DETAIL: '1',
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

/**
 * The visitor scrolls to the gallery, which hydrates as it comes into view (a click on 'Ver
 * más' before that follows the link).
 */
async function scrollToGallery(page: Page) {
  await page.locator('#testimonials').scrollIntoViewIfNeeded();
  await islandHydrated(page, 'gallery');
}

describe('gallery in the browser (390 px wide)', () => {
  it('a page rendered while the feed loads fetches it, then shows 5 albums', async () => {
    const { page, problems, close } = await openPhone();
    try {
      const response = await page.goto(`${site.url}/`);
      const html = (await response?.text()) ?? '';
      expect(html.includes('gallery--loading'), 'rendered in the loading state').toBe(true);
      releaseFeed();
      await scrollToGallery(page);
      await expect.poll(() => albums(page).count(), { timeout: 10_000 }).toBe(5);
      await expect.poll(() => more(page).count()).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      releaseFeed();
      await close();
    }
  });

  it('"Ver más" shows 5 more in place: 5, 10, 12, then the button is gone', async () => {
    await allCopiesStored();
    const { page, problems, close } = await openPhone();
    try {
      await page.goto(`${site.url}/`);
      await scrollToGallery(page);
      expect(await albums(page).count()).toBe(5);
      // A reload would lose this mark; a pushed URL would lengthen the history.
      const historyLength = await page.evaluate(() => {
        (window as unknown as { __samePage?: boolean }).__samePage = true;
        return history.length;
      });
      const samePage = () =>
        page.evaluate(() => [
          (window as unknown as { __samePage?: boolean }).__samePage === true,
          history.length,
        ]);

      await more(page).click();
      await expect.poll(() => albums(page).count()).toBe(10);
      expect(page.url()).toBe(`${site.url}/?albumes=10`);
      expect(await samePage()).toEqual([true, historyLength]); // no reload: the URL is replaced
      // Keyboard and screen-reader users land on the first new album.
      expect(await page.evaluate(() => document.activeElement?.closest('li')?.className)).toBe(
        'gallery__album',
      );

      await more(page).click();
      await expect.poll(() => albums(page).count()).toBe(12);
      expect(await more(page).count()).toBe(0);
      expect(await samePage()).toEqual([true, historyLength]);

      const img = page.locator('.gallery__photo').first();
      expect(await img.getAttribute('loading')).toBe('lazy');
      const box = await img.boundingBox();
      expect(box?.width).toBeGreaterThan(100);
      expect(Math.abs((box?.width ?? 0) - (box?.height ?? 0))).toBeLessThan(1); // square tiles
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);

  it('without JavaScript, "Ver más" is a link the server honours', async () => {
    await allCopiesStored();
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
  }, 60_000);

  it('the browser never talks to Instagram (API or CDN), and never sees the token', async () => {
    const { page, close } = await openPhone();
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(fake.url)) apiCalls.push(r.url());
    });
    try {
      const response = await page.goto(`${site.url}/`);
      expect(((await response?.text()) ?? '').includes(FAKE_TOKEN)).toBe(false);
      const api = await page.evaluate(() => fetch('/api/galeria').then((r) => r.text()));
      expect(api.includes(FAKE_TOKEN)).toBe(false);
      await page.locator('#testimonials').scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      expect(apiCalls).toEqual([]);
    } finally {
      await close();
    }
  });
});

/** Every album photo of the feed (12 albums, 2 each) has its copy. */
async function allCopiesStored() {
  releaseFeed();
  await expect
    .poll(
      async () => {
        const health = await (await fetch(`${site.url}/healthz`)).json();
        return health.instagram.photos;
      },
      { timeout: 60_000, interval: 250 },
    )
    .toMatchObject({ stored: 24, pending: 0 });
}

describe.each([
  { label: 'phone', width: 390, height: 844, dpr: 3, chosen: '540w' },
  { label: 'desktop', width: 1280, height: 900, dpr: 1, chosen: '180w' },
])('gallery photos at $width px (DPR $dpr)', ({ label, width, height, dpr, chosen }) => {
  it('our copies at the right width, no layout shift, no CSP violation', async () => {
    await allCopiesStored();
    const context = await site.newContext({
      viewport: { width, height },
      deviceScaleFactor: dpr,
      isMobile: width < 500,
    });
    const page = await context.newPage();
    const problems = await watchPage(page, site.url);
    await page.addInitScript(() => {
      type Shift = PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null; previousRect: DOMRect; currentRect: DOMRect }[];
      };
      const w = window as unknown as { __cls: number; __shifts: string[]; __csp: string[] };
      w.__cls = 0;
      w.__shifts = [];
      w.__csp = [];
      // Each shift with what moved, so a failure names the element (tag.class#id, rects).
      const describe = (node: Node | null) =>
        node instanceof Element
          ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${[...node.classList].join('.')}`
          : String(node?.nodeName);
      const rect = (r: DOMRect) =>
        `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          if (entry.hadRecentInput) continue;
          w.__cls += entry.value;
          w.__shifts.push(
            `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${entry.sources
              .map((s) => `${describe(s.node)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`)
              .join('; ')}`,
          );
        }
      }).observe({ type: 'layout-shift', buffered: true });
      document.addEventListener('securitypolicyviolation', (e) =>
        w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const photoBytes = new Map<string, number>();
    page.on('response', async (response) => {
      if (!response.url().includes('/fotos/')) return;
      photoBytes.set(response.url(), (await response.body()).length);
    });
    try {
      await page.goto(`${site.url}/`);
      // Walk down to the gallery like a visitor, so the lazy photos load.
      for (let y = 0; y < 6; y++) {
        await page.mouse.wheel(0, height * 0.8);
        await page.waitForTimeout(150);
      }
      await page.locator('#testimonials').scrollIntoViewIfNeeded();
      await expect
        .poll(() =>
          page.$$eval('.gallery__photo', (imgs) =>
            imgs.every(
              (img) =>
                (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
            ),
          ),
        )
        .toBe(true);

      const photos = await page.$$eval('.gallery__photo', (imgs) =>
        imgs.map((img) => {
          const i = img as HTMLImageElement;
          const box = i.getBoundingClientRect();
          return { current: i.currentSrc, srcset: i.srcset, width: box.width, height: box.height };
        }),
      );
      expect(photos).toHaveLength(10);
      for (const photo of photos) {
        expect(new URL(photo.current).pathname).toMatch(/^\/fotos\/[0-9a-f]{32}\.webp$/);
        const candidate = photo.srcset
          .split(', ')
          .find((c) => c.startsWith(new URL(photo.current).pathname));
        expect(candidate?.split(' ')[1]).toBe(chosen);
        expect(Math.abs(photo.width - photo.height)).toBeLessThan(1); // square tiles
      }
      const { cls, shifts, csp } = await page.evaluate(() => {
        const w = window as unknown as { __cls: number; __shifts: string[]; __csp: string[] };
        return { cls: w.__cls, shifts: w.__shifts, csp: w.__csp };
      });
      expect(cls, shifts.join('\n')).toBeLessThan(0.001);
      expect(csp).toEqual([]);
      expect(problems).toEqual([]);
      expect(photoBytes.size).toBeGreaterThanOrEqual(10);
      const total = [...photoBytes.values()].reduce((a, b) => a + b, 0);
      expect(total).toBeLessThan(600 * 1024);

      const dir = join(projectRoot, 'tests/.artifacts/gallery');
      mkdirSync(dir, { recursive: true });
      await page
        .locator('.gallery')
        .screenshot({ path: join(dir, `gallery-${label}-${width}.png`) });
    } finally {
      await context.close();
    }
  }, 90_000);
});
