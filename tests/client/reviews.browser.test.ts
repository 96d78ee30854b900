// @module-tag chromium
/**
 * Reviews in the browser, against the built server on a DATA_DIR seeded with test reviews
 * (tests/helpers/seed-reviews.ts): Nu 0 and axe 0 on the form (blank, refused, thanks, link
 * no longer active), the public pages that show reviews and /panel/opiniones; at 390 px nothing
 * wider than the screen, with and without JavaScript.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { panelPaths, paths } from '../../client/paths.ts';
import { axeViolations } from '../helpers/axe.ts';
import { hydrateAllIslands, watchPage } from '../helpers/browser.ts';
import { nuErrors } from '../helpers/nu-checker.ts';
import { ownerCommand } from '../helpers/panel.ts';
import { seedReviews } from '../helpers/seed-reviews.ts';
import { builtSite, signedInPage } from '../helpers/site.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'reviews-browser-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const { formToken, usedToken, openDay } = await seedReviews(dataDir);
const site = builtSite(() => ({ DATA_DIR: dataDir }), { host: 'localhost' });
const owner = ownerCommand(() => ({ DATA_DIR: dataDir, SITE_URL: site.url }));

const publicPages = {
  home: '/',
  testimonials: '/testimonials',
  'testimonials-luneta': '/testimonials?trabajo=luneta',
  'testimonials-none': '/testimonials?trabajo=polarizado&pagina=1',
  'product-versions': '/parabrisa/peugeot/208',
  product: '/parabrisa/ford/fiesta',
  'rear-window': '/luneta/peugeot/208',
  form: paths.review(formToken),
  'link-used': paths.review(usedToken),
  privacy: paths.privacy,
};

const panelPages = {
  reviews: panelPaths.reviews,
  'reviews-confirm': `${panelPaths.reviews}?borrar=`,
};

/** How much the page is wider (or taller) than the window. */
const overflow = (page: Page, side: 'width' | 'height' = 'width') =>
  page.evaluate((s) => {
    const root = document.documentElement;
    return s === 'width'
      ? root.scrollWidth - window.innerWidth
      : Math.max(0, root.scrollHeight - window.innerHeight);
  }, side);

/** The form refused (a link in the text), as the browser gets it. */
async function refusedForm(page: Page) {
  await page.goto(site.url + paths.review(formToken));
  await page.getByLabel('Tu opinión (opcional)').fill('Mirá www.ejemplo.com');
  await page.getByText('4 estrellas: Bien').click();
  await page.getByRole('button', { name: /Enviar mi opinión|Guardar los cambios/ }).click();
  await page.getByText('Revisá los datos marcados:').waitFor();
}

const signedIn = (width: number) => signedInPage(site, owner('link', 'duenio@example.com'), width);

let invited = false;
function invite() {
  if (invited) return;
  invited = true;
  owner('invite', 'duenio@example.com', '--nombre', 'Dueño');
}

async function firstReviewId(page: Page): Promise<string> {
  await page.goto(site.url + panelPaths.reviews);
  const href = await page
    .getByRole('link', { name: /Borrar/ })
    .first()
    .getAttribute('href');
  return new URL(href ?? '', site.url).searchParams.get('borrar') ?? '';
}

describe('reviews: valid HTML', { tags: ['java'] }, () => {
  it('Nu finds zero errors on the form (blank, refused, thanks, used link), the public pages and the panel', async () => {
    invite();
    const documents: Record<string, string> = {};
    for (const [name, path] of Object.entries(publicPages)) {
      documents[name] = await (await fetch(site.url + path)).text();
    }
    const post = (fields: Record<string, string>) =>
      fetch(site.url + paths.review(formToken), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
        body: new URLSearchParams(fields),
      });
    const refused = await post({ estrellas: '', texto: '<b>hola</b>', nombre: '' });
    expect(refused.status).toBe(422);
    documents.refused = await refused.text();
    documents.thanks = await (
      await fetch(`${site.url}${paths.review(formToken)}?enviada=1`)
    ).text();
    const { context, page } = await signedIn(390);
    try {
      const id = await firstReviewId(page);
      for (const [name, path] of Object.entries(panelPages)) {
        const url = site.url + path + (name === 'reviews-confirm' ? id : '');
        documents[`panel-${name}`] = await (await context.request.get(url)).text();
      }
    } finally {
      await context.close();
    }
    expect(Object.keys(documents)).toHaveLength(14);
    expect(await nuErrors(documents)).toEqual([]);
  }, 90_000);
});

describe('reviews: accessible, and nothing wider than a phone', () => {
  it.each([390, 1280])(
    'axe finds zero violations at %i px on every public page and the form in each state',
    async (width) => {
      const context = await site.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
      const page = await context.newPage();
      const problems = await watchPage(page, site.url);
      for (const [name, path] of Object.entries(publicPages)) {
        const res = await page.goto(site.url + path, { waitUntil: 'load' });
        expect(res?.status(), name).toBe(name === 'link-used' ? 410 : 200);
        // The scroll-to-top island wakes on scrolling (and shows after 600 px): a page that
        // hardly scrolls may leave it asleep, as it would for a visitor.
        if ((await overflow(page, 'height')) > 600) await hydrateAllIslands(page);
        expect(await axeViolations(page), `${name} at ${width}px`).toEqual([]);
        expect(await overflow(page), `${name} scrolls sideways at ${width}px`).toBeLessThanOrEqual(
          0,
        );
      }
      await refusedForm(page);
      expect(await axeViolations(page), `refused at ${width}px`).toEqual([]);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.getByLabel('Tu opinión (opcional)').fill('Muy bien, rápidos y prolijos.');
      await page.getByRole('button', { name: /Enviar mi opinión|Guardar los cambios/ }).click();
      await page.getByRole('heading', { name: '¡Gracias por tu opinión!' }).waitFor();
      expect(await axeViolations(page), `thanks at ${width}px`).toEqual([]);
      expect(problems.filter((p) => !/status of (404|410|422) /.test(p))).toEqual([]);
      await context.close();
    },
    120_000,
  );

  it('at 390 px without JavaScript: every page fits, and the form is sent', async () => {
    const context = await site.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    for (const [name, path] of Object.entries(publicPages)) {
      await page.goto(site.url + path);
      expect(await overflow(page), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    await page.goto(site.url + paths.review(formToken));
    await page.getByText('5 estrellas: Excelente').click();
    await page.getByLabel('Nombre que se muestra').fill('Ana G.');
    await page.getByRole('button', { name: /Enviar mi opinión|Guardar los cambios/ }).click();
    await page.getByRole('heading', { name: '¡Gracias por tu opinión!' }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await context.close();
  }, 60_000);

  it.each([390, 1280])(
    '/panel/opiniones: axe 0 and nothing wider at %i px',
    async (width) => {
      invite();
      const { context, page } = await signedIn(width);
      const id = await firstReviewId(page);
      for (const [name, path] of Object.entries(panelPages)) {
        await page.goto(site.url + path + (name === 'reviews-confirm' ? id : ''));
        expect(await axeViolations(page), `${name} at ${width}px`).toEqual([]);
        expect(await overflow(page), `${name} scrolls sideways at ${width}px`).toBeLessThanOrEqual(
          0,
        );
      }
      // The agenda's request after a done job, and the WhatsApp link it shows once.
      await page.goto(`${site.url}${panelPaths.bookings}?dia=${openDay}&vista=dia`);
      await page.getByRole('button', { name: 'Pedir opinión por WhatsApp' }).first().click();
      const open = page.getByRole('link', { name: 'Abrir WhatsApp con el pedido' });
      expect(await open.getAttribute('href')).toMatch(
        /^https:\/\/wa\.me\/\d+\?text=.*%2Fopinion%2F/,
      );
      expect(await axeViolations(page), `agenda request at ${width}px`).toEqual([]);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await context.close();
    },
    60_000,
  );
});
