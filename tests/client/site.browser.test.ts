// @module-tag chromium
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { inlineScriptHashes } from '../../server/security.ts';
import { hydrateAllIslands, islandHydrated, islandNames, watchPage } from '../helpers/browser.ts';
import { builtSite } from '../helpers/site.ts';

const site = builtSite();

const widths = [
  { label: 'phone', width: 390, height: 844 },
  { label: 'desktop', width: 1280, height: 800 },
] as const;

async function open(path: string, width: number, height: number, javaScriptEnabled = true) {
  const context = await site.newContext({ viewport: { width, height }, javaScriptEnabled });
  const page = await context.newPage();
  const problems = await watchPage(page, site.url);
  const response = await page.goto(site.url + path, { waitUntil: 'load' });
  return { page, problems, status: response?.status(), close: () => context.close() };
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

describe.each(widths)('at $width px ($label)', ({ width, height }) => {
  it.each([
    ['/', ['menu', 'picker', 'gallery', 'scrollTop']],
    ['/parabrisas', ['menu', 'picker', 'scrollTop']],
    ['/parabrisa/peugeot/208-gt', ['menu', 'scrollTop']],
    [
      '/reparar-o-cambiar?tamano=moneda&fisura=no&impactos=1&borde=no&vision=no&sensor=no',
      ['menu', 'scrollTop'],
    ],
    ['/about', ['menu', 'scrollTop']],
    ['/models', ['menu', 'scrollTop']],
    ['/testimonials', ['menu', 'scrollTop']],
    ['/team', ['menu', 'scrollTop']],
    ['/contact', ['menu', 'scrollTop']],
  ])('%s: each island (%j) hydrates without console errors or warnings', async (path, names) => {
    const { page, problems, status, close } = await open(path, width, height);
    expect(status).toBe(200);
    expect(await islandNames(page)).toEqual(names);
    await hydrateAllIslands(page);
    expect(problems).toEqual([]);
    await close();
  });

  it('the 404 page: its islands hydrate without errors beyond its own 404 status', async () => {
    const { problems, status, page, close } = await open(
      '/parabrisa/ford/no-existe',
      width,
      height,
    );
    expect(status).toBe(404);
    expect(await page.textContent('h1')).toBe('Parabrisas no encontrado');
    expect(await islandNames(page)).toEqual(['menu', 'picker', 'scrollTop']);
    await hydrateAllIslands(page);
    expect(problems.filter((p) => !p.includes('status of 404'))).toEqual([]);
    await close();
  });

  it('a page loads no React until one of its islands is due', async () => {
    const { page, close } = await open('/parabrisa/peugeot/208-gt', width, height);
    const scripts = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .filter((p) => p.endsWith('.js')),
      );
    await page.waitForLoadState('networkidle');
    const atLoad = await scripts();
    expect(atLoad).toHaveLength(1);
    expect(atLoad[0]).toMatch(/^\/assets\/entry-client-[\w-]+\.js$/);
    await page.evaluate(() => window.scrollTo(0, 100));
    await islandHydrated(page, 'scrollTop');
    expect((await scripts()).length).toBeGreaterThan(1);
    await close();
  });

  it('FAQ: q1 open at start, one answer at a time, clicking the open one closes it', async () => {
    const { page, problems, close } = await open('/', width, height);
    const openIds = () => page.$$eval('#faq details[open]', (els) => els.map((e) => e.id));
    expect(await openIds()).toEqual(['q1']);
    await page.click('#q2 summary');
    expect(await openIds()).toEqual(['q2']);
    await page.click('#q4 summary');
    expect(await openIds()).toEqual(['q4']);
    await page.click('#q4 summary');
    expect(await openIds()).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  it('scroll-to-top button stays hidden until past 600 px and brings the page back up', async () => {
    const { page, close } = await open('/', width, height);
    const button = page.locator('button.scroll-top');
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 550));
    await islandHydrated(page, 'scrollTop');
    await page.waitForTimeout(100);
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 650));
    await button.waitFor({ state: 'visible' });
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await page.locator('button.scroll-top').waitFor({ state: 'detached' });
    await close();
  });

  it.each([
    ['after it is hydrated', true],
    ['chosen before it is hydrated (the island takes over)', false],
  ])(
    "the model picker: the brand %s fetches that brand's models, and it leads to the product page",
    async (_label, hydrateFirst) => {
      const { page, problems, close } = await open('/', width, height);
      const brand = page.locator('#picker-marca');
      const models = page.waitForResponse((r) => r.url().endsWith('/api/modelos/honda'));
      if (hydrateFirst) {
        await brand.focus();
        await islandHydrated(page, 'picker');
        await page.selectOption('#picker-marca', 'Honda');
      } else {
        // The visitor's choice lands before React does: no focus, no pointer yet.
        await brand.evaluate((select: HTMLSelectElement) => {
          select.value = 'Honda';
          select.dispatchEvent(new Event('change', { bubbles: true }));
        });
        await page.focus('#picker-pieza');
        await islandHydrated(page, 'picker');
      }
      const answer = await models;
      expect(answer.status()).toBe(200);
      expect(await brand.inputValue()).toBe('Honda');
      await page.locator('#picker-modelo:not([disabled])').waitFor();
      const options = await page.$$eval('#picker-modelo option:not([disabled])', (els) =>
        els.map((e) => (e as HTMLOptionElement).value),
      );
      expect(options).toContain('honda/hr-v');
      expect(options.every((v) => v.startsWith('honda/'))).toBe(true);
      await page.selectOption('#picker-modelo', 'honda/hr-v');
      await Promise.all([
        page.waitForURL('**/parabrisa/honda/hr-v'),
        page.click('form.picker button[type=submit]'),
      ]);
      expect(await page.textContent('h1')).toBe('Parabrisas para Honda HR-V');
      expect(problems).toEqual([]);
      await close();
    },
  );
});

describe('navigation at 390 px (mobile menu)', () => {
  it.each([
    ['tapped before it is hydrated (the link opens it, React takes over)', false],
    ['already hydrated', true],
  ])(
    'hamburger %s: opens, close icon closes, an entry closes it and scrolls to the section',
    async (_label, hydrateFirst) => {
      const { page, problems, close } = await open('/', 390, 844);
      const menu = page.locator('#menu-movil');
      const expanded = () => page.getAttribute('a.hamburger', 'aria-expanded');
      expect(await page.isVisible('.nav-desktop')).toBe(false);
      expect(await menu.isVisible()).toBe(false);
      if (hydrateFirst) {
        await page.focus('a.hamburger');
        await islandHydrated(page, 'menu');
      }
      await page.click('a.hamburger');
      await expect.poll(() => menu.isVisible()).toBe(true);
      await expect.poll(expanded).toBe('true');
      expect(await menu.locator('li').first().textContent()).toBe('Home');
      await page.click('#menu-movil a.mobile-close');
      await expect.poll(() => menu.isVisible()).toBe(false);
      expect(await expanded()).toBe('false');

      await page.click('a.hamburger');
      await expect.poll(() => menu.isVisible()).toBe(true);
      expect(await expanded()).toBe('true');
      await menu.getByText('Preguntas Frecuentes').click();
      await expect.poll(() => menu.isVisible()).toBe(false);
      expect(await expanded()).toBe('false');
      await expect
        .poll(
          () =>
            page.evaluate(() =>
              Math.abs(document.getElementById('faq')!.getBoundingClientRect().top),
            ),
          {
            timeout: 5000,
          },
        )
        .toBeLessThan(90);
      expect(page.url()).toMatch(/#faq$/);
      expect(problems).toEqual([]);
      await close();
    },
  );
});

describe('navigation at 1280 px (desktop menu)', () => {
  it('shows the desktop labels and scrolls smoothly to the section', async () => {
    const { page, close } = await open('/', 1280, 800);
    const labels = await page.$$eval('.nav-desktop a', (els) => els.map((e) => e.textContent));
    expect(labels).toEqual([
      'Inicio',
      'Lo que ofrecemos',
      'Testimonios',
      'Preguntas Frecuentes',
      'Contacto',
    ]);
    expect(await page.isVisible('a.hamburger')).toBe(false);
    await page.click('.nav-desktop a[href="/#contact"]');
    // Smooth: the page passes through intermediate positions before arriving.
    const samples: number[] = [];
    for (let i = 0; i < 15; i++) {
      samples.push(await scrollY(page));
      await page.waitForTimeout(30);
    }
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            Math.abs(document.getElementById('contact')!.getBoundingClientRect().top),
          ),
        {
          timeout: 5000,
        },
      )
      .toBeLessThan(90);
    const final = await scrollY(page);
    expect(samples.some((y) => y > 0 && y < final - 10)).toBe(true);
    await close();
  });

  it('links other pages to the home sections', async () => {
    const { page, close } = await open('/parabrisas', 1280, 800);
    await Promise.all([page.waitForURL('**/#faq'), page.click('.nav-desktop a[href="/#faq"]')]);
    // The new page may glide to the section (CSS smooth scrolling): wait for it to arrive.
    await expect
      .poll(
        () => page.evaluate(() => document.getElementById('faq')!.getBoundingClientRect().top),
        { timeout: 5000 },
      )
      .toBeLessThan(90);
    await close();
  });
});

describe('Content-Security-Policy in a real browser', () => {
  it.each(['/', '/parabrisa/peugeot/208-gt', '/contact'])(
    '%s runs its islands with no policy violation',
    async (path) => {
      const context = await site.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const problems = await watchPage(page, site.url);
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __csp: string[] }).__csp = seen;
        document.addEventListener('securitypolicyviolation', (e) =>
          seen.push(`${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      await page.goto(site.url + path, { waitUntil: 'load' });
      // Scrolling through also loads the lazy images and the map iframe.
      await hydrateAllIslands(page);
      await page.waitForLoadState('networkidle');
      const violations = await page.evaluate(
        () => (window as unknown as { __csp: string[] }).__csp,
      );
      expect(violations).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});

describe('one identity per page', () => {
  it('two visitors get the same bytes, with no inline script to allow: the islands run', async () => {
    const visits = await Promise.all(
      [0, 1].map(async () => {
        const context = await site.newContext();
        const page = await context.newPage();
        const problems = await watchPage(page, site.url);
        const response = await page.goto(`${site.url}/?utm_source=whatsapp`, { waitUntil: 'load' });
        await page.focus('#picker-marca');
        await islandHydrated(page, 'picker');
        const visit = {
          body: await response!.body(),
          csp: (await response!.headerValue('content-security-policy')) ?? '',
          etag: await response!.headerValue('etag'),
          problems,
        };
        await context.close();
        return visit;
      }),
    );
    const [a, b] = visits as [(typeof visits)[0], (typeof visits)[0]];
    expect(b.body.equals(a.body)).toBe(true);
    expect(b.etag).toBe(a.etag);
    expect(inlineScriptHashes(a.body.toString('utf8'))).toEqual([]);
    expect(a.csp).toContain("script-src 'self';");
    expect(a.csp).not.toContain('unsafe-inline');
    expect([...a.problems, ...b.problems]).toEqual([]);
  });
});

describe('without JavaScript', () => {
  it('every home section is visible and the FAQ still keeps one answer open', async () => {
    const { page, close } = await open('/', 390, 844, false);
    for (const id of ['home', 'booking-section', 'models', 'testimonials', 'faq', 'contact']) {
      expect(await page.isVisible(`#${id}`), id).toBe(true);
    }
    expect(await page.isVisible('iframe.map')).toBe(true);
    expect(await page.$$eval('#faq details[open]', (els) => els.map((e) => e.id))).toEqual(['q1']);
    await page.click('#q3 summary');
    expect(await page.$$eval('#faq details[open]', (els) => els.map((e) => e.id))).toEqual(['q3']);
    await close();
  });

  it('the mobile menu opens with the hamburger link and closes on an entry', async () => {
    const { page, close } = await open('/', 390, 844, false);
    const menu = page.locator('#menu-movil');
    expect(await menu.isVisible()).toBe(false);
    await page.click('a.hamburger');
    await expect.poll(() => menu.isVisible()).toBe(true);
    await menu.getByText('Contacto').click();
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(page.url()).toMatch(/#contact$/);
    await close();
  });

  it('the picker asks the brand, the server answers with its models, then the product page', async () => {
    const { page, close } = await open('/', 390, 844, false);
    expect(await page.isDisabled('#picker-modelo')).toBe(true);
    await page.selectOption('#picker-marca', 'Toyota');
    await Promise.all([
      page.waitForURL('**/parabrisas/toyota'),
      page.click('.hero__picker button[type=submit]'),
    ]);
    expect(await page.inputValue('#picker-marca')).toBe('Toyota');
    await page.selectOption('#picker-modelo', 'toyota/hilux');
    await Promise.all([
      page.waitForURL('**/parabrisa/toyota/hilux'),
      page.click('form.picker button[type=submit]'),
    ]);
    expect(await page.textContent('h1')).toBe('Parabrisas para Toyota Hilux');
    await close();
  });

  it('the search answers on the server: the best match first', async () => {
    const { page, close } = await open('/', 390, 844, false);
    await page.fill('#buscar-inicio-q', 'hilux 2018');
    await Promise.all([
      page.waitForURL('**/buscar?q=hilux+2018'),
      page.click('.hero__picker .search-form button[type=submit]'),
    ]);
    await Promise.all([
      page.waitForURL('**/parabrisa/toyota/hilux?anio=2018'),
      page.click('.search-results li:first-child a'),
    ]);
    expect(await page.textContent('h1')).toBe('Parabrisas para Toyota Hilux');
    await close();
  });
});
