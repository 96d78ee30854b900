// @module-tag chromium
/**
 * Booking without JavaScript on a 390 px phone, against the built server: from a product page's
 * "Pedir turno" to the confirmation; then the Nu HTML Checker and axe on /turnos and on the
 * confirmation.
 */
import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { hydrateAllIslands, watchPage } from '../../helpers/browser.ts';
import { builtSite } from '../../helpers/site.ts';
import { nuErrors } from '../../helpers/nu-checker.ts';
import { axeViolations } from '../../helpers/axe.ts';

const site = builtSite();
const PHONE = { width: 390, height: 844 };
let confirmation = '';

describe('booking in a browser', () => {
  it('books without JavaScript at 390 px: product page, form, 303, confirmation', async () => {
    const context = await site.newContext({ javaScriptEnabled: false, viewport: PHONE });
    try {
      const page = await context.newPage();
      await watchPage(page, site.url);
      await page.goto(`${site.url}/parabrisa/ford/fiesta`);
      await page.getByRole('link', { name: 'Pedir turno' }).first().click();
      await page.waitForURL(/\/turnos\?/);
      await expect(page.getByText('Parabrisas Ford Fiesta').first().isVisible()).resolves.toBe(
        true,
      );
      const firstFree = page.locator('input[name="turno"]:not([disabled])').first();
      await firstFree.check();
      await page.getByLabel('Nombre y apellido').fill('Juana Sin Script');
      await page.getByLabel('Teléfono con WhatsApp').fill('388 15 412-3456');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: 'Reservar turno' }).click();
      await page.waitForURL(/\/turnos\/turno\/[A-Za-z0-9_-]{43}\?nuevo=1$/);
      confirmation = page.url().slice(site.url.length);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        '¡Listo! Tu turno quedó reservado',
      );
      await expect(page.getByRole('status').textContent()).resolves.toContain('Juana Sin Script');
      const ics = await fetch(`${site.url}${confirmation.replace('?nuevo=1', '')}/turno.ics`);
      const event = new ICAL.Component(ICAL.parse(await ics.text())).getFirstSubcomponent('vevent');
      expect(event?.getFirstPropertyValue('summary')).toBe(
        'Cambio de parabrisas en Parabrisas Jujuy',
      );
    } finally {
      await context.close();
    }
  }, 60_000);

  it('with JavaScript, the free windows follow the place in place (no reload) and the booking takes it', async () => {
    const context = await site.newContext({ viewport: PHONE });
    try {
      const page = await context.newPage();
      await watchPage(page, site.url);
      await page.goto(`${site.url}/turnos?que=polarizado&lugar=taller`);
      await hydrateAllIslands(page);
      const list = page.locator('[data-booking-windows]');
      await expect(list.textContent()).resolves.toContain('quedan 3 lugares');
      const url = page.url();
      await page.getByLabel('Localidad (a domicilio)').selectOption('Palpalá');
      await page.getByRole('radio', { name: 'A domicilio', exact: true }).check();
      await page.waitForFunction(() =>
        document.querySelector('[data-booking-windows]')?.textContent?.includes('quedan 2 lugares'),
      );
      expect(page.url()).toBe(url);
      await page.locator('input[name="turno"]:not([disabled])').first().check();
      await page.getByLabel('Nombre y apellido').fill('Juana Con Script');
      await page.getByLabel('Teléfono con WhatsApp').fill('388 15 412-3456');
      await page.getByRole('button', { name: 'Reservar turno' }).click();
      await page.waitForURL(/\/turnos\/turno\//);
      await expect(page.getByRole('status').textContent()).resolves.toContain(
        'A domicilio en Palpalá',
      );
    } finally {
      await context.close();
    }
  }, 60_000);

  const pages = () => ({
    turnos: '/turnos',
    'turnos-dias': '/turnos?que=parabrisas&marca=ford&modelo=fiesta&lugar=taller',
    confirmacion: confirmation,
  });

  it(
    'Nu HTML Checker: zero errors on /turnos and the confirmation',
    { timeout: 60_000, tags: ['java'] },
    async () => {
      expect(confirmation).not.toBe('');
      const documents: Record<string, string> = {};
      for (const [name, path] of Object.entries(pages())) {
        documents[name] = await (await fetch(site.url + path)).text();
      }
      expect(await nuErrors(documents)).toEqual([]);
    },
  );

  it('axe: zero violations on /turnos and the confirmation at 390 px', async () => {
    expect(confirmation).not.toBe('');
    for (const [name, path] of Object.entries(pages())) {
      const context = await site.newContext({ viewport: PHONE, bypassCSP: true });
      try {
        const page = await context.newPage();
        await watchPage(page, site.url);
        await page.goto(site.url + path, { waitUntil: 'load' });
        await hydrateAllIslands(page);
        const violations = await axeViolations(page);
        expect(violations, name).toEqual([]);
      } finally {
        await context.close();
      }
    }
  }, 60_000);
});
