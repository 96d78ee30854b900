import { chromium, type Browser, type Page } from 'playwright-core';
import { findChromium } from './tools.ts';
import { HYDRATED_ATTRIBUTE, ISLAND_ATTRIBUTE } from '../../client/islands/markup.ts';

/** Debian's Chromium (or CHROME_PATH); playwright-core never downloads a browser. */
export function chromePath(): string {
  const found = findChromium();
  if (!found) {
    throw new Error('No Chromium found: apt-get install chromium, or set CHROME_PATH');
  }
  return found;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      // Several pages share one browser: none may count as in the background, where
      // Chromium throttles timers and animation frames (the islands' triggers wait on them).
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows',
    ],
  });
}

/**
 * Collects console errors and warnings (hydration mismatches are console errors) and
 * answers requests to other hosts (map, badge image) locally: this machine has no internet.
 */
export async function watchPage(page: Page, origin: string) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning')
      problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.route(
    (url) => url.origin !== origin,
    (route) => {
      const type = route.request().resourceType();
      if (type === 'image') {
        return route.fulfill({
          status: 200,
          contentType: 'image/svg+xml',
          body: '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
        });
      }
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>stub</title>',
      });
    },
  );
  return problems;
}

/** Waits until the island's React root is live (client/islands/markup.ts). */
export async function islandHydrated(page: Page, name: string) {
  // Attached, not visible: the container has no box (display: contents), maybe no content.
  await page.waitForSelector(`[${ISLAND_ATTRIBUTE}="${name}"][${HYDRATED_ATTRIBUTE}="true"]`, {
    state: 'attached',
  });
}

/** The names of the islands on the page, in document order. */
export function islandNames(page: Page): Promise<string[]> {
  return page.$$eval(
    `[${ISLAND_ATTRIBUTE}]`,
    (els, attr) => els.map((e) => e.getAttribute(attr) ?? ''),
    ISLAND_ATTRIBUTE,
  );
}

/**
 * Wakes every island of the page as a visitor would (focus moves into each, the page is
 * scrolled to the bottom and back) and waits until each one's React root is live.
 */
export async function hydrateAllIslands(page: Page) {
  // Pages share one browser, each its own tab: only the tab in front renders frames, and
  // scroll events, observers and animation frames all wait for a frame.
  await page.bringToFront();
  // The page function names no inner function: tsx (the benches) would wrap a named one in
  // a `__name` helper that the page does not have.
  const woken = page.evaluate(async (attr) => {
    const steps: (() => void)[] = [];
    for (let y = 0; y <= document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      steps.push(() => window.scrollTo({ top: y, behavior: 'instant' }));
    }
    for (const island of document.querySelectorAll(`[${attr}]`)) {
      steps.push(() => {
        island.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
        (island.firstElementChild ?? island).scrollIntoView({
          block: 'center',
          behavior: 'instant',
        });
      });
    }
    for (const step of steps) {
      step();
      // Two frames: the page has rendered (and its observers have looked) at that position.
      // A tab that renders no frames would wait forever: 200 ms at most.
      await Promise.race([
        new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        new Promise((resolve) => setTimeout(resolve, 200)),
      ]);
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  }, ISLAND_ATTRIBUTE);
  // A page whose main thread never comes back fails here, by name, not at the test's timeout.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    woken,
    new Promise((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error('scrolling through the islands took over 20 s')),
        20_000,
      );
    }),
  ]).finally(() => clearTimeout(timer));
  // Gone when every island is live; on a timeout, say which ones are not.
  const notHydrated = `[${ISLAND_ATTRIBUTE}]:not([${HYDRATED_ATTRIBUTE}="true"])`;
  await page
    .waitForSelector(notHydrated, { state: 'detached', timeout: 20_000 })
    .catch(async (error: unknown) => {
      const names = await page.$$eval(
        notHydrated,
        (els, attr) => els.map((e) => e.getAttribute(attr)),
        ISLAND_ATTRIBUTE,
      );
      throw new Error(`islands not hydrated: ${names.join(', ')}`, { cause: error });
    });
}
