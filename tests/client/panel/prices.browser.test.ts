// @module-tag chromium
/**
 * The prices screens on a 390 px phone: the upload form, a preview with flags and long version
 * names, and the history fit the screen (no sideways scrolling) and work without JavaScript.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { panelPaths, queryParams } from '../../../client/paths.ts';
import { SESSION_COOKIE } from '../../../server/panel/session.ts';
import { projectRoot } from '../../../server/paths.ts';
import { launchBrowser } from '../../helpers/browser.ts';
import { SITE_URL } from '../../helpers/app.ts';
import { pricesPanelSite } from '../../helpers/panel.ts';

let browser: Browser;
let server: Server;
let base: string;
let cookie: string;
let draft: string;
const dir = mkdtempSync(join(tmpdir(), 'prices-browser-'));

beforeAll(async () => {
  const { site, signIn } = await pricesPanelSite(dir);
  const owner = await signIn();
  cookie = owner.id;
  const sheet = readFileSync(join(projectRoot, 'tests/fixtures/xlsx/versiones-formulas.xlsx'));
  const uploaded = await request(site.listener)
    .post(panelPaths.prices)
    .set('Origin', SITE_URL)
    .set('Cookie', owner.cookie)
    .field('_csrf', owner.csrfToken)
    .field('accion', 'subir')
    .attach('planilla', sheet, 'versiones-formulas.xlsx')
    .expect(303);
  draft =
    new URL(String(uploaded.headers.location), SITE_URL).searchParams.get(queryParams.priceDraft) ??
    '';
  server = createServer(site.listener);
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const address = server.address();
  base = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('prices at 390 px, without JavaScript', () => {
  it.each([
    ['upload', () => panelPaths.prices],
    ['preview', () => `${panelPaths.prices}?${queryParams.priceDraft}=${draft}`],
    ['history', () => panelPaths.pricesHistory],
  ])('%s fits the screen', async (_name, path) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    try {
      // The __Host- cookie needs https; the header is what the browser would send.
      await context.setExtraHTTPHeaders({ cookie: `${SESSION_COOKIE}=${cookie}` });
      const page = await context.newPage();
      const response = await page.goto(base + path());
      expect(response?.status()).toBe(200);
      await expect(page.locator('h1').first().textContent()).resolves.toMatch(/precios/i);
      const overflow = await page.evaluate(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      expect(overflow).toBe(0);
    } finally {
      await context.close();
    }
  });
});
