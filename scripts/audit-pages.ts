/**
 * `npm run audit:pages`: Lighthouse's SEO and accessibility categories (mobile preset) on
 * every page of the sitemap but the product and brand pages, plus the first windshield, the
 * first rear-window and the first brand page, against the production build and Debian's Chromium. Prints each page's
 * two scores and the audits that failed; exits 1 when a score is below 1.
 *
 * These two categories do not depend on the machine's speed, so one run per page tells.
 * The site runs on a scratch DATA_DIR with test reviews (tests/helpers/seed-reviews.ts), so the
 * pages that show reviews are audited with some. Paths given on the command line
 * (`npm run audit:pages -- /testimonials /`) are audited instead of the sitemap's.
 * Environment: BENCH_SKIP_BUILD=1, CHROME_PATH (default /usr/bin/chromium).
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { projectRoot } from '../server/paths.ts';
import { chromePath } from '../tests/helpers/browser.ts';
import { startBuiltServer } from '../tests/helpers/server.ts';
import { seedReviews } from '../tests/helpers/seed-reviews.ts';
import { markdownTable } from './markdown-table.ts';

const CATEGORIES = ['seo', 'accessibility'] as const;

/** The sitemap's paths: every page but one of each kind of product page and one brand page. */
function pagesToAudit(sitemap: string): string[] {
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const productKinds = new Set<string>();
  return paths.filter((path) => {
    const segments = path.split('/').filter(Boolean);
    if (segments.length < 2) return true;
    // A product kind (`parabrisa`, `luneta`) or the brand pages (`parabrisas/{marca}`).
    const kind = `${segments[0]!}/${segments.length}`;
    if (productKinds.has(kind)) return false;
    productKinds.add(kind);
    return true;
  });
}

async function main(): Promise<number> {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    console.error('building…');
    execSync('npm run build', { cwd: projectRoot, stdio: 'ignore' });
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'audit-'));
  await seedReviews(dataDir);
  const server = await startBuiltServer({ DATA_DIR: dataDir });
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'],
  });
  try {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const asked = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
    const rows = [['page', ...CATEGORIES, 'failed audits']];
    let allPerfect = true;
    for (const path of asked.length > 0 ? asked : pagesToAudit(sitemap)) {
      console.error(path);
      const result = await lighthouse(server.url + path, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`lighthouse gave no result for ${path}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
      const scores = CATEGORIES.map((c) => lhr.categories[c]?.score ?? 0);
      const failed = CATEGORIES.flatMap((c) =>
        (lhr.categories[c]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ref.id),
      );
      if (scores.some((s) => s < 1)) allPerfect = false;
      rows.push([path, ...scores.map((s) => s.toFixed(2)), failed.join(', ') || '-']);
    }
    console.log(markdownTable(rows));
    console.log(allPerfect ? 'every page: 1.00 in both' : 'NOT every page scores 1.00');
    return allPerfect ? 0 : 1;
  } finally {
    await chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
