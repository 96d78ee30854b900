import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from './tests/helpers/browser.ts';
import { startBuiltServer } from './tests/helpers/server.ts';
import { spawnSync } from 'node:child_process';
const ownerCommand = (env: () => NodeJS.ProcessEnv) => (...args: string[]) => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'cli/owner.ts', ...args], { env: { ...process.env, ...env() }, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout.trim();
};

const dataDir = mkdtempSync(join(tmpdir(), 'shots-'));
const server = await startBuiltServer({ DATA_DIR: dataDir }, { host: 'localhost' });
const owner = ownerCommand(() => ({ DATA_DIR: dataDir, SITE_URL: server.url }));
owner('invite', 'duenio@example.com', '--nombre', 'Dueño');
const browser = await launchBrowser();
const out = 'tests/.artifacts/shots';
try {
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(owner('link', 'duenio@example.com'));
    await page.getByRole('button', { name: 'Entrar al panel' }).click();
    await page.waitForURL(/mensajes/);
    const shots: [string, string][] = [
      ['overview', '/panel/negocio'],
      ['zonas', '/panel/negocio?seccion=zonas'],
      ['horarios', '/panel/negocio?seccion=horarios'],
      ['feriados', '/panel/negocio?seccion=feriados'],
      ['contacto', '/panel/negocio?seccion=contacto'],
    ];
    for (const [name, path] of shots) {
      await page.goto(server.url + path);
      await page.screenshot({ path: `${out}/${name}-${width}.png`, fullPage: true });
      await page.screenshot({ path: `${out}/${name}-top-${width}.png` });
    }
    // A change previewed: Perico's surcharge.
    await page.goto(server.url + '/panel/negocio?seccion=zonas');
    await page.locator('#dato-zones-3-fee-amount').fill('18.000');
    await page.getByRole('button', { name: 'Ver los cambios' }).first().click();
    await page.screenshot({ path: `${out}/preview-${width}.png`, fullPage: true });
    await page.screenshot({ path: `${out}/preview-top-${width}.png` });
    // A bad phone.
    await page.goto(server.url + '/panel/negocio?seccion=contacto');
    await page.locator('#dato-contact-phone').fill('123');
    await page.getByRole('button', { name: 'Ver los cambios' }).first().click();
    await page.screenshot({ path: `${out}/error-${width}.png`, fullPage: true });
    await page.screenshot({ path: `${out}/error-top-${width}.png` });
    console.log(width, await page.evaluate(() => document.documentElement.scrollWidth - innerWidth));
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
