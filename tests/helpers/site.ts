import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { panelHome } from '../../client/paths.ts';
import { launchBrowser } from './browser.ts';
import { startBuiltServer, type RunningServer } from './server.ts';

/**
 * A phone browser's user agent. Headless Chromium's own ("HeadlessChrome") is a crawler
 * to isbot, and the server answers crawlers differently (whole document at once, waits
 * for a cold Instagram feed): browser tests must see what visitors get.
 */
export const VISITOR_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

export type BuiltSite = {
  /** The running production server's origin, e.g. http://127.0.0.1:41234 */
  readonly url: string;
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A browser context that looks like a visitor (VISITOR_UA unless overridden). */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
};

/**
 * The production build as a real process plus a browser, started before the tests of
 * the calling file and stopped after them (`npm run build` must have run). `env` is
 * read when the server starts, so it may use values set up by earlier beforeAll hooks.
 */
export function builtSite(
  env: () => NodeJS.ProcessEnv = () => ({}),
  options: { host?: string } = {},
): BuiltSite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // The browser first: a server's first seconds (a cold Instagram feed) belong to the tests.
    browser = await launchBrowser();
    server = await startBuiltServer(env(), options);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the site is not started yet (use it inside a test)');
    return value;
  };
  return {
    get url() {
      return started(server).url;
    },
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
    newContext: (options = {}) =>
      started(browser).newContext({ userAgent: VISITOR_UA, ...options }),
  };
}

/**
 * A browser context signed in to the panel through a sign-in link (`npm run owner -- link`)
 * and its button, as the owner would; `bypassCSP` so that axe can be injected.
 */
export async function signedInPage(
  site: BuiltSite,
  signInLink: string,
  width: number,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await site.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(signInLink);
  await page.getByRole('button', { name: 'Entrar al panel' }).click();
  await page.waitForURL(`${site.url}${panelHome}`);
  return { context, page };
}
