// @module-tag chromium
/**
 * Hoy in Chromium against the built server, with bookings today and tomorrow, a new message
 * and a fresh quote: Nu 0, axe 0 and nothing wider than the screen at 390 and 1280 px; on a
 * 390 px phone the nav is one row under the header, Hoy's heading is on the first screen, and
 * the current screen's link is scrolled into view without JavaScript (screenshots in
 * SCREENSHOT_DIR when set).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, shopDate } from '../../../catalogue/validity.ts';
import { panelPaths, queryParams } from '../../../client/paths.ts';
import { createLogger } from '../../../server/logger.ts';
import { SESSION_COOKIE } from '../../../server/panel/session.ts';
import { createQuoteService } from '../../../server/quotes/service.ts';
import { createBookingStore } from '../../../store/bookings.ts';
import { createContactStore } from '../../../store/messages.ts';
import { openDatabase } from '../../../store/open.ts';
import { createPanelStore, PANEL_LINKS } from '../../../store/panel.ts';
import { createQuoteStore } from '../../../store/quotes.ts';
import { axeViolations } from '../../helpers/axe.ts';
import { storedBooking } from '../../helpers/bookings.ts';
import { hydrateAllIslands, watchPage } from '../../helpers/browser.ts';
import { nuErrors } from '../../helpers/nu-checker.ts';
import { sessionCookieValue } from '../../helpers/panel.ts';
import { sampleQuoteDraft } from '../../helpers/quotes.ts';
import { builtSite } from '../../helpers/site.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'today-browser-'));
const site = builtSite(() => ({ DATA_DIR: dataDir }));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

let cookie = '';
beforeAll(async () => {
  const database = await openDatabase({ dataDir, databaseUrl: undefined });
  try {
    const now = new Date();
    const today = shopDate(now);
    const tomorrow = addDays(today, 1);
    const bookings = createBookingStore(database);
    const book = (n: number, day: string, slot: 'manana' | 'tarde', name: string) =>
      bookings.book(
        storedBooking(n, {
          id: `00000000-0000-4000-8000-00000000000${n}`,
          day,
          slot,
          startsAt: `${day}T${slot === 'manana' ? '12' : '17'}:00:00.000Z`,
          endsAt: `${day}T${slot === 'manana' ? '16' : '21'}:00:00.000Z`,
          name,
          place: n === 2 ? 'domicilio' : 'taller',
          locality: n === 2 ? 'San Pedro de Jujuy' : undefined,
        }),
        50,
        undefined,
      );
    await book(1, today, 'manana', 'María José Fernández de la Vega');
    await book(2, today, 'tarde', 'Rodrigo');
    await book(3, tomorrow, 'manana', 'Ana Gómez');
    await bookings.cancel('00000000-0000-4000-8000-000000000003', now);
    await bookings.markReminded('00000000-0000-4000-8000-000000000001', 'x', now);
    await createContactStore(database).insert({
      id: '11111111-1111-4111-8111-111111111111',
      receivedAt: now.toISOString(),
      name: 'Ana',
      email: 'ana@example.com',
      message: 'Hola',
    });
    await createQuoteService({
      store: createQuoteStore(database),
      logger: createLogger('silent'),
      now: () => now,
    }).issue({ ...sampleQuoteDraft(), issuedAt: now.toISOString() });

    const store = createPanelStore(database);
    const { person } = await store.grantAccess('duenio@parabrisas.test', 'Dueño', now);
    const token = await store.createToken('sign-in', person.id, now, PANEL_LINKS['sign-in'].ttlMs);
    const res = await fetch(`${site.url}${panelPaths.link}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: site.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ [queryParams.panelToken]: token }),
    });
    cookie = `${SESSION_COOKIE}=${sessionCookieValue(res.headers.getSetCookie()) ?? ''}`;
  } finally {
    await database.close();
  }
});

async function signedIn(width: number, javaScript = true): Promise<BrowserContext> {
  const context = await site.newContext({
    viewport: { width, height: 844 },
    bypassCSP: true,
    javaScriptEnabled: javaScript,
  });
  await context.setExtraHTTPHeaders({ cookie });
  return context;
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The current screen's link and the nav row's visible box, in viewport pixels. */
async function currentLinkInView(page: Page) {
  return page.evaluate(() => {
    const row = document.querySelector('.panel-nav ul')?.getBoundingClientRect();
    const link = document
      .querySelector('.panel-nav a[aria-current="page"]')
      ?.getBoundingClientRect();
    if (!row || !link) return undefined;
    return {
      inside: link.left >= row.left - 1 && link.right <= row.right + 1,
      navBottom: row.bottom,
      rowHeight: row.height,
    };
  });
}

describe('Hoy in a browser', () => {
  it('Nu HTML Checker finds zero errors', { timeout: 60_000, tags: ['java'] }, async () => {
    const res = await fetch(`${site.url}${panelPaths.today}`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('María José Fernández de la Vega');
    expect(await nuErrors({ hoy: html })).toEqual([]);
  });

  it.each([390, 1280])(
    'axe finds zero violations at %i px and nothing is wider than the screen',
    async (width) => {
      const context = await signedIn(width);
      const page = await context.newPage();
      const problems = await watchPage(page, site.url);
      for (const path of [panelPaths.today, panelPaths.bookings]) {
        await page.goto(site.url + path, { waitUntil: 'load' });
        await hydrateAllIslands(page);
        expect(await axeViolations(page), `${path} at ${width}px`).toEqual([]);
        expect(await overflow(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
        const shots = process.env.SCREENSHOT_DIR;
        if (shots) {
          const name = path === panelPaths.today ? 'hoy' : 'turnos';
          await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
        }
      }
      expect(problems).toEqual([]);
      await context.close();
    },
    60_000,
  );

  it('at 390 px, without JavaScript: the nav is one row, Hoy starts on the first screen, the current screen is in view', async () => {
    const context = await signedIn(390, false);
    const page = await context.newPage();
    await page.goto(site.url + panelPaths.today, { waitUntil: 'load' });
    const hoy = await currentLinkInView(page);
    expect(hoy?.inside).toBe(true);
    expect(hoy?.rowHeight).toBeLessThan(60); // one row of 44 px links
    const heading = await page.getByRole('heading', { level: 1, name: 'Hoy' }).boundingBox();
    expect(heading?.y).toBeLessThan(250);
    // The last screens of the row, scrolled into view by the browser alone.
    for (const path of [
      panelPaths.push,
      panelPaths.account,
      panelPaths.people,
      panelPaths.business,
    ]) {
      await page.goto(site.url + path, { waitUntil: 'load' });
      const view = await currentLinkInView(page);
      expect(view?.inside, path).toBe(true);
      expect(view?.navBottom, path).toBeLessThan(250);
      // The counts' screen-reader words far along the row do not widen the page.
      expect(await overflow(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      const shots = process.env.SCREENSHOT_DIR;
      if (shots && path === panelPaths.push) {
        await page.screenshot({ path: join(shots, 'avisos-sin-js-390.png') });
      }
    }
    await context.close();
  }, 60_000);
});
