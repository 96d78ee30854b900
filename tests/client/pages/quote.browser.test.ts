// @module-tag chromium
// @module-tag java
/**
 * The insurance quote as a visitor gets it, with and without JavaScript, on the built server: the form
 * from a product page's version, sent; the customer's page; the verification page. Nu 0, axe 0
 * at 390 and 1280 px, nothing wider than the screen.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { builtSite } from '../../helpers/site.ts';
import { freshSampleCatalogueFile } from '../../helpers/catalogue-file.ts';
import { axeViolations } from '../../helpers/axe.ts';
import { nuErrors } from '../../helpers/nu-checker.ts';

const CATALOGUE_FILE = freshSampleCatalogueFile();
// Each run is its own visitor (X-Forwarded-For from loopback): the form's rate limit is per client.
const site = builtSite(() => ({ CATALOGUE_FILE, TRUST_PROXY: 'loopback' }));
let visitor = 0;

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the insurance quote', () => {
  it.each([
    [390, false],
    [1280, false],
    [390, true],
    [1280, true],
  ])(
    'from the version row to the PDF link and the verification page at %i px (JavaScript: %s)',
    async (width, javaScriptEnabled) => {
      const context = await site.newContext({
        viewport: { width, height: 900 },
        javaScriptEnabled,
        extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${++visitor}` },
        // axe is injected as a script: let it past the page's Content-Security-Policy.
        bypassCSP: true,
      });
      const page = await context.newPage();
      const pages: Record<string, string> = {};
      const check = async (name: string) => {
        // axe runs in the page: with scripts on (the HTML is the same either way).
        if (javaScriptEnabled)
          expect(await axeViolations(page), `${name} at ${width}px`).toEqual([]);
        expect(await overflow(page), `${name} scrolls sideways at ${width}px`).toBeLessThanOrEqual(
          0,
        );
        pages[`${name}-${width}`] = await page.content();
      };
      await page.goto(`${site.url}/parabrisa/chevrolet/onix?version=2013-2019-original-agc`);
      await page
        .locator('#v-2013-2019-original-agc')
        .getByRole('link', { name: 'Presupuesto para el seguro (PDF)' })
        .click();
      await page.waitForURL(/\/presupuesto\?/);
      await check('form');

      // An error first: the form comes back with its message and what was typed.
      await page.getByLabel('Nombre y apellido').fill('Lucía Peña');
      await page.getByLabel('Aseguradora').selectOption('otra');
      await page.getByRole('button', { name: 'Generar el presupuesto' }).click();
      await page.getByText('Escribí el nombre de tu aseguradora.').first().waitFor();
      expect(await page.getByLabel('Nombre y apellido').inputValue()).toBe('Lucía Peña');
      await check('form-422');

      await page.getByLabel('Si elegiste “Otra”, cuál').fill('Seguros del Norte');
      await page.getByLabel('Patente (opcional)').fill('AB 123 CD');
      await page.getByRole('radio', { name: 'A domicilio' }).check();
      await page.getByLabel('Localidad (a domicilio)').selectOption('San Pedro');
      await page.getByRole('button', { name: 'Generar el presupuesto' }).click();
      await page.waitForURL(/\/presupuesto\/P-\d{4}-\d{6}\/[\w-]{43}$/);
      await page.getByRole('link', { name: 'Descargar PDF' }).waitFor();
      await check('own');

      await page.getByRole('link', { name: /página de verificación/ }).click();
      await page.waitForURL(/\/presupuesto\/P-\d{4}-\d{6}\?c=[0-9a-z]{12}$/);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(
        'Presupuesto verificado',
      );
      expect(await page.content()).not.toContain('AB123CD');
      await check('verified');

      if (!javaScriptEnabled) expect(await nuErrors(pages)).toEqual([]);
      await context.close();
    },
    120_000,
  );
});
