// @module-tag chromium
/**
 * Every panel page, signed in as a person would be: Nu HTML Checker 0 errors, axe 0
 * violations at 390 and 1280 px, and nothing wider than a 390 px phone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { panelPaths, queryParams } from '../../../client/paths.ts';
import { hydrateAllIslands, watchPage } from '../../helpers/browser.ts';
import { freshSampleCatalogueFile } from '../../helpers/catalogue-file.ts';
import { builtSite, signedInPage } from '../../helpers/site.ts';
import { ownerCommand } from '../../helpers/panel.ts';
import { axeViolations } from '../../helpers/axe.ts';
import { nuErrors } from '../../helpers/nu-checker.ts';
import { SECTION_SLUGS, sectionPath } from '../../../client/panel/business-form.ts';
import { SECTIONS } from '../../../client/facts/changes.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'panel-quality-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
// Prices valid from today (the built server's real clock): a quote can be issued.
const CATALOGUE_FILE = freshSampleCatalogueFile();
const site = builtSite(() => ({ DATA_DIR: dataDir, CATALOGUE_FILE }), { host: 'localhost' });

const owner = ownerCommand(() => ({ DATA_DIR: dataDir, SITE_URL: site.url }));

/** A message through the public form; a long unbroken address tests the 390 px layout. */
async function postMessage(name: string, message: string) {
  const res = await fetch(`${site.url}/contact`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
    body: new URLSearchParams({ name, email: 'cliente@example.com', message, website: '' }),
  });
  expect(res.status).toBe(303);
}

/** A browser context signed in through a sign-in link and its button. */
const signedIn = (width: number) => signedInPage(site, owner('link', 'duenio@example.com'), width);

let seeded = false;
async function seed() {
  if (seeded) return;
  seeded = true;
  owner('invite', 'duenio@example.com', '--nombre', 'Dueño');
  owner('invite', 'empleado@example.com', '--nombre', 'Empleado');
  await postMessage('Ana Gómez', 'Hola, ¿cuánto sale el parabrisas del Gol Trend 2015?\nGracias.');
  await postMessage(
    'Rodrigo',
    `Mirá esta foto https://example.com/${'una-direccion-muy-larga-sin-espacios-'.repeat(6)}fin`,
  );
  // An insurance quote, through the public form (the first of the year on a new database).
  const glass = 'que=parabrisas&marca=chevrolet&modelo=onix&version=2013-2019-original-agc';
  const res = await fetch(`${site.url}/presupuesto?${glass}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
    body: `${glass}&${new URLSearchParams({ nombre: 'María José Fernández', patente: 'AB123CD', aseguradora: 'Sancor Seguros', lugar: 'domicilio', localidad: 'Perico' })}`,
  });
  expect(res.status).toBe(303);
  quoteNumber = /P-\d{4}-\d{6}/.exec(res.headers.get('location') ?? '')?.[0] ?? '';
}

let quoteNumber = '';

/** Every signed-in screen, and the pages anyone may open. */
function pagesFor(messageId: string) {
  return {
    'sign-in': panelPaths.signIn,
    'sign-in-notice': `${panelPaths.signIn}?${queryParams.panelNotice}=enviado`,
    link: `${panelPaths.link}?${queryParams.panelToken}=abc`,
    invite: `${panelPaths.invite}?${queryParams.panelToken}=abc`,
    today: panelPaths.today,
    messages: panelPaths.messages,
    'messages-confirm': `${panelPaths.messages}?${queryParams.confirmDelete}=${messageId}`,
    'messages-search': `${panelPaths.messages}?${queryParams.search}=nadie`,
    people: panelPaths.people,
    activity: panelPaths.activity,
    account: panelPaths.account,
    bookings: panelPaths.bookings,
    quotes: panelPaths.quotes,
    'quote-booking': `${panelPaths.quoteBooking}?${queryParams.quoteNumber}=${quoteNumber}`,
    'bookings-day': `${panelPaths.bookings}?${queryParams.agendaView}=dia`,
    'coming-soon': panelPaths.prices,
    'not-found': `${panelPaths.signIn}/no-existe`,
    business: panelPaths.business,
    'business-history': panelPaths.businessHistory,
    ...Object.fromEntries(
      SECTIONS.map((section) => [`business-${SECTION_SLUGS[section]}`, sectionPath(section)]),
    ),
  };
}

/** Datos del negocio's answers to a POST (a preview, a form with problems), as the browser shows them. */
async function businessAnswers(page: Page): Promise<Record<string, string>> {
  const answers: Record<string, string> = {};
  await page.goto(`${site.url}${sectionPath('zones')}`);
  await page.locator('#dato-zones-3-fee-amount').fill('18.000');
  await page.getByRole('button', { name: 'Ver los cambios' }).first().click();
  await page.getByRole('heading', { name: 'Vista previa' }).waitFor();
  answers['business-preview'] = await page.content();
  await page.goto(`${site.url}${sectionPath('contact')}`);
  await page.locator('#dato-contact-phone').fill('123');
  await page.locator('#dato-contact-instagramUrl').fill('https://evil.example/x');
  await page.getByRole('button', { name: 'Ver los cambios' }).first().click();
  await page.getByRole('alert').first().waitFor();
  answers['business-problems'] = await page.content();
  await page.goto(`${site.url}${sectionPath('closedDays')}`);
  await page.getByRole('button', { name: 'Agregar un día' }).click();
  await page.locator('#dato-closedDays-9-date').waitFor();
  answers['business-row-added'] = await page.content();
  return answers;
}

async function firstMessageId(page: Page): Promise<string> {
  await page.goto(`${site.url}${panelPaths.messages}`);
  const href = await page.getByRole('link', { name: 'Borrar' }).first().getAttribute('href');
  return new URL(href ?? '', site.url).searchParams.get(queryParams.confirmDelete) ?? '';
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('panel pages', () => {
  it('Nu HTML Checker finds zero errors', { timeout: 60_000, tags: ['java'] }, async () => {
    await seed();
    const { context, page } = await signedIn(390);
    const documents: Record<string, string> = {};
    try {
      for (const [name, path] of Object.entries(pagesFor(await firstMessageId(page)))) {
        // The server's HTML as the browser received it, with the session's cookie.
        const html = await (await context.request.get(site.url + path)).text();
        documents[name] = html;
      }
      expect(Object.keys(documents)).toHaveLength(27);
      // Datos del negocio's POST answers, without JavaScript (no island on these pages).
      Object.assign(documents, await businessAnswers(page));
      expect(await nuErrors(documents)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each([390, 1280])(
    'axe finds zero violations at %i px, and nothing is wider than the screen',
    async (width) => {
      await seed();
      const { context, page } = await signedIn(width);
      const problems = await watchPage(page, site.url);
      for (const [name, path] of Object.entries(pagesFor(await firstMessageId(page)))) {
        await page.goto(site.url + path, { waitUntil: 'load' });
        await hydrateAllIslands(page);
        expect(await axeViolations(page), `${name} at ${width}px`).toEqual([]);
        expect(await overflow(page), `${name} scrolls sideways at ${width}px`).toBeLessThanOrEqual(
          0,
        );
      }
      // Datos del negocio's answers to its forms: a preview, and problems next to the fields.
      for (const step of ['preview', 'problems'] as const) {
        await page.goto(`${site.url}${sectionPath(step === 'preview' ? 'zones' : 'contact')}`);
        const field = step === 'preview' ? '#dato-zones-3-fee-amount' : '#dato-contact-phone';
        await page.locator(field).fill(step === 'preview' ? '18.000' : '123');
        await page.getByRole('button', { name: 'Ver los cambios' }).first().click();
        await page.waitForLoadState('load');
        expect(await axeViolations(page), `business ${step} at ${width}px`).toEqual([]);
        expect(
          await overflow(page),
          `business ${step} scrolls sideways at ${width}px`,
        ).toBeLessThanOrEqual(0);
      }
      // The invitation's answer (the link to copy) is a page of its own.
      await page.goto(`${site.url}${panelPaths.people}`);
      await page.getByLabel('E-mail').fill('nuevo@example.com');
      await page.getByRole('button', { name: 'Crear invitación' }).click();
      await page.getByLabel('Enlace de invitación').waitFor();
      const link = await page.getByLabel('Enlace de invitación').inputValue();
      expect(link).toMatch(new RegExp(`^${site.url}${panelPaths.invite}\\?t=[\\w-]{43}$`));
      expect(await axeViolations(page), `invitation at ${width}px`).toEqual([]);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      // 404: the not-found page; 422: Datos del negocio's form sent back with its problems.
      expect(problems.filter((p) => !/status of (404|422) /.test(p))).toEqual([]);
      await context.close();
    },
    90_000,
  );
});
