/**
 * Screenshots of the main page types at phone and desktop widths, for a human look:
 * `npm run build && npx tsx scripts/screenshots.ts [outDir]` (default tests/.artifacts/screens).
 * The site runs on a scratch DATA_DIR with test reviews (never a real site's data).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, watchPage } from '../tests/helpers/browser.ts';
import { startBuiltServer } from '../tests/helpers/server.ts';
import { seedReviews } from '../tests/helpers/seed-reviews.ts';

const outDir = process.argv[2] ?? 'tests/.artifacts/screens';
// Test reviews (tests/helpers/seed-reviews.ts) so the pages that show them have some.
const dataDir = mkdtempSync(join(tmpdir(), 'screens-'));
const { formToken } = await seedReviews(dataDir);
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
  testimonials: '/testimonials',
  'product-reviews': '/parabrisa/peugeot/208#opiniones',
  'review-form': `/opinion/${formToken}`,
};

mkdirSync(outDir, { recursive: true });
const server = await startBuiltServer({ DATA_DIR: dataDir });
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
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`screenshots in ${outDir}`);
