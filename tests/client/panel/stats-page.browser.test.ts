// @module-tag chromium
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtSite } from '../../helpers/site.ts';
import { watchPage } from '../../helpers/browser.ts';
import { sessionCookieValue } from '../../helpers/panel.ts';
import { openDatabase } from '../../../store/open.ts';
import { createCountStore, type DemandCount } from '../../../store/counts.ts';
import { createPanelStore, PANEL_LINKS } from '../../../store/panel.ts';
import { shopDate, addDays } from '../../../catalogue/validity.ts';
import { panelPaths, queryParams } from '../../../client/paths.ts';
import { SESSION_COOKIE } from '../../../server/panel/session.ts';
import { axeViolations } from '../../helpers/axe.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'stats-browser-'));
const site = builtSite(() => ({ DATA_DIR: dataDir }));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** 90 days of counts, a long model name, and a session of the owner's. */
let sessionId = '';
beforeAll(async () => {
  const database = await openDatabase({ dataDir, databaseUrl: undefined });
  try {
    const today = shopDate(new Date());
    const rows: DemandCount[] = [];
    for (let i = 0; i < 90; i++) {
      const day = addDays(today, -i);
      rows.push({ day, kind: 'view', key: '/parabrisa/peugeot/208-gt', count: 40 + (i % 17) });
      rows.push({ day, kind: 'whatsapp', key: '/parabrisa/peugeot/208-gt', count: i % 5 });
    }
    rows.push({
      day: today,
      kind: 'not-found',
      key: 'parabrisas/mercedes-benz/sprinter-street-furgon-mediano-techo-elevado',
      count: 3,
    });
    await createCountStore(database).add(rows);
    const store = createPanelStore(database);
    const now = new Date();
    const { person } = await store.grantAccess('duenio@parabrisas.test', 'Dueño', now);
    const token = await store.createToken('sign-in', person.id, now, PANEL_LINKS['sign-in'].ttlMs);
    const res = await fetch(`${site.url}${panelPaths.link}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: site.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ [queryParams.panelToken]: token }),
    });
    sessionId = sessionCookieValue(res.headers.getSetCookie()) ?? '';
  } finally {
    await database.close();
  }
});

describe('/panel/estadisticas in a phone browser', () => {
  it('is complete without JavaScript: the chart, its table and every export link', async () => {
    expect(sessionId).not.toBe('');
    const context = await site.newContext({
      viewport: { width: 390, height: 900 },
      javaScriptEnabled: false,
    });
    // The session cookie is `__Host-` and Secure: sent by hand to http://127.0.0.1.
    await context.setExtraHTTPHeaders({ cookie: `${SESSION_COOKIE}=${sessionId}` });
    const page = await context.newPage();
    await page.goto(`${site.url}${panelPaths.stats}`);
    expect(await page.locator('svg.stats-chart rect').count()).toBeGreaterThan(0);
    expect(await page.locator('#tabla-por-dia ~ div tbody tr').count()).toBe(30);
    expect(await page.getByRole('link', { name: 'Exportar CSV' }).count()).toBe(7);
    await Promise.all([
      page.waitForURL(/dias=7$/),
      page.getByRole('link', { name: 'Últimos 7 días' }).click(),
    ]);
    expect(await page.locator('#tabla-por-dia ~ div tbody tr').count()).toBe(7);
    await context.close();
  });

  it('fits 390 px without horizontal scroll, and axe finds nothing', async () => {
    expect(sessionId).not.toBe('');
    for (const width of [390, 1280]) {
      // axe is injected as a script: let it past the page's Content-Security-Policy.
      const context = await site.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
      await context.setExtraHTTPHeaders({ cookie: `${SESSION_COOKIE}=${sessionId}` });
      const page = await context.newPage();
      const problems = await watchPage(page, site.url);
      const response = await page.goto(`${site.url}${panelPaths.stats}?dias=90`);
      expect(response?.status()).toBe(200);
      expect(await page.textContent('h1')).toBe('Estadísticas');
      // 90 days of views; clicks on the 72 days with any (a day without clicks draws no bar).
      expect(await page.locator('svg.stats-chart rect').count()).toBe(162);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
      // The chart is as wide as the page's column, and its labels are not tiny.
      const chart = await page.locator('svg.stats-chart').boundingBox();
      expect(chart?.width ?? 0).toBeGreaterThan(width === 390 ? 300 : 400);
      const violations = await axeViolations(page);
      expect(violations, `${width} px`).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    }
  }, 60_000);
});
