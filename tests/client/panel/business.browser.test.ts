// @module-tag chromium
/**
 * Datos del negocio in a phone's browser with JavaScript off: a locality added with the form's
 * own button, its surcharge typed, "Ver los cambios", "Publicar"; the zones page shows it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { panelHome, panelPaths, paths } from '../../../client/paths.ts';
import { sectionPath } from '../../../client/panel/business-form.ts';
import { builtSite } from '../../helpers/site.ts';
import { ownerCommand } from '../../helpers/panel.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'panel-business-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const site = builtSite(() => ({ DATA_DIR: dataDir }), { host: 'localhost' });
const owner = ownerCommand(() => ({ DATA_DIR: dataDir, SITE_URL: site.url }));

describe('Datos del negocio without JavaScript', () => {
  it(
    'adds a locality with its surcharge and publishes it from a 390 px phone',
    { timeout: 90_000 },
    async () => {
      owner('invite', 'duenio@example.com', '--nombre', 'Dueño');
      const context = await site.newContext({
        viewport: { width: 390, height: 844 },
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      try {
        await page.goto(owner('link', 'duenio@example.com'));
        await page.getByRole('button', { name: 'Entrar al panel' }).click();
        await page.waitForURL(`${site.url}${panelHome}`);
        await page.getByRole('link', { name: 'Datos del negocio' }).click();
        await page.goto(`${site.url}${sectionPath('zones')}`);
        await page.getByRole('button', { name: 'Agregar una localidad' }).click();
        await page.locator('#dato-zones-9-locality').fill('Maimará');
        await page.locator('#dato-zones-9-fee-kind').selectOption('surcharge');
        await page.locator('#dato-zones-9-fee-amount').fill('25.000');
        await page.getByRole('button', { name: 'Ver los cambios' }).first().click();
        await page.getByRole('heading', { name: 'Vista previa' }).waitFor();
        expect(await page.textContent('main')).toContain(
          'Se agrega Maimará: Recargo de $\u00a025.000.',
        );
        await page.getByRole('button', { name: 'Publicar' }).click();
        await page.waitForURL(`${site.url}${panelPaths.business}?publicado=1`);
        expect(await page.textContent('main')).toContain('Publicado: versión 1.');
        await page.goto(`${site.url}${paths.homeInstallation}`);
        expect(await page.textContent('main')).toMatch(/Maimará\s*Recargo de \$\u00a025\.000/);
      } finally {
        await context.close();
      }
    },
  );
});
