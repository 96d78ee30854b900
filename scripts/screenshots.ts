/**
 * Screenshots of the main page types at phone and desktop widths, for a human look:
 * `npm run build && npx tsx scripts/screenshots.ts [outDir]` (default tests/.artifacts/screens).
 */
import { mkdirSync } from 'node:fs';
import { launchBrowser, watchPage } from '../tests/helpers/browser.ts';
import { startBuiltServer } from '../tests/helpers/server.ts';

const outDir = process.argv[2] ?? 'tests/.artifacts/screens';
const pages = {
  home: '/',
  product: '/parabrisa/peugeot/208-gt',
  hilux: '/parabrisa/toyota/hilux',
  catalogue: '/parabrisas',
  brand: '/parabrisas/toyota',
  search: '/buscar?q=hilux+2018',
  notfound: '/parabrisa/ford/modelo-inexistente',
  models: '/models',
  contact: '/contact',
  booking: '/turnos?que=parabrisas&marca=toyota&modelo=hilux&donde=taller',
  privacy: '/privacidad',
};

mkdirSync(outDir, { recursive: true });
const server = await startBuiltServer();
const browser = await launchBrowser();
try {
  for (const [width, height, label] of [
    [390, 844, 'phone'],
    [1280, 800, 'desktop'],
  ] as const) {
    const page = await browser.newPage({ viewport: { width, height } });
    const problems = await watchPage(page, server.url);
    for (const [name, path] of Object.entries(pages)) {
      await page.goto(server.url + path, { waitUntil: 'networkidle' });
      await page.screenshot({ path: `${outDir}/${name}-${label}.png`, fullPage: true });
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      console.log(`${name}-${label}: ${height} px tall`);
      await page.screenshot({ path: `${outDir}/${name}-${label}-top.png` });
    }
    if (width < 960) {
      // The mobile menu open: its island takes over from the hamburger's link.
      await page.goto(server.url + '/', { waitUntil: 'networkidle' });
      await page.click('a.hamburger');
      await page.waitForSelector('[data-island="menu"][data-hydrated="true"]', {
        state: 'attached',
      });
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${outDir}/menu-${label}-top.png` });
    }
    if (problems.length) console.log(problems.join('\n'));
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`screenshots in ${outDir}`);
