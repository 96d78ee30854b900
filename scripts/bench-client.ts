/**
 * `npm run bench:client`: what the page's JavaScript costs a phone, measured with Lighthouse
 * (mobile preset: simulated slow 4G and a 4x slower CPU) against the physical limit: the same
 * HTML with its scripts removed, served in the same run.
 *
 * The production build runs against the fake Instagram API (12 albums, their photo copies
 * stored before measuring), so the home page has its gallery as visitors see it. A second
 * small server answers the same pages with every executable <script> (and modulepreload) cut
 * out and passes everything else (CSS, images, photos) through to the real server. Home and a
 * product page, three runs each, alternating served and stripped; medians and ranges.
 *
 * JavaScript per page, gzipped: what the page fetches by its load (what Lighthouse sees, and
 * what the targets are about), and what it has fetched once every island is hydrated (the
 * visitor scrolled to the bottom and touched the menu and the picker).
 *
 * Environment: BENCH_RUNS (3), BENCH_SKIP_BUILD=1, CHROME_PATH (default /usr/bin/chromium).
 * Prints a table, whether the targets were met, and a one-line JSON summary as the last line.
 */
import { execSync } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { projectRoot } from '../server/paths.ts';
import { chromePath, hydrateAllIslands, launchBrowser } from '../tests/helpers/browser.ts';
import { FAKE_TOKEN, startFakeInstagram } from '../tests/helpers/fake-instagram.ts';
import { startBuiltServer } from '../tests/helpers/server.ts';
import { VISITOR_UA } from '../tests/helpers/site.ts';
import { markdownTable } from './markdown-table.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGES = [
  { name: 'home', path: '/', jsTargetKb: 75 },
  { name: 'product', path: '/parabrisa/peugeot/208-gt', jsTargetKb: 65 },
] as const;
/** The targets: within 0.03 of the stripped page's score and 150 ms of its TBT. */
const SCORE_GAP = 0.03;
const TBT_GAP_MS = 150;
const ALBUMS = 12;

type Run = { score: number; tbt: number; lcp: number; fcp: number; benchmarkIndex: number };

/**
 * Executable scripts and module preloads removed; data blocks (JSON-LD, which is the page's
 * content for search engines) stay.
 */
function stripScripts(html: string): string {
  return html
    .replace(/<script\b([^>]*)>[\s\S]*?<\/script>/gi, (whole, attrs: string) =>
      /type\s*=\s*"application\/ld\+json"/i.test(attrs) ? whole : '',
    )
    .replace(/<link\b[^>]*rel\s*=\s*"modulepreload"[^>]*>/gi, '');
}

/** Same pages without scripts; every other request goes to the real server as it is. */
async function startStrippedServer(origin: string) {
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const isPage = PAGES.some((p) => p.path === url.pathname);
    if (!isPage) {
      const upstream = http.request(url, { method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
      return;
    }
    const page = await fetch(url, { headers: { 'user-agent': req.headers['user-agent'] ?? '' } });
    const body = Buffer.from(stripScripts(await page.text()));
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const [encoding, encoded] = accepts.includes('br')
      ? ['br', brotliCompressSync(body)]
      : accepts.includes('gzip')
        ? ['gzip', gzipSync(body)]
        : ['identity', body];
    res.writeHead(page.status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      vary: 'Accept-Encoding',
      ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
    });
    res.end(encoded);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function lighthouseRun(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: lhr.categories.performance?.score ?? Number.NaN,
    tbt: value('total-blocking-time'),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** Gzipped bytes of the same-origin scripts a page fetches: by its load, and once every island is hydrated. */
async function scriptBytes(url: string) {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({
      userAgent: VISITOR_UA,
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    const page = await context.newPage();
    const scripts = new Map<string, number>();
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      if (new URL(response.url()).origin !== new URL(url).origin) return;
      pending.push(
        response.body().then((body) => void scripts.set(response.url(), gzipSync(body).length)),
      );
    });
    const total = async () => {
      await Promise.all(pending);
      return [...scripts.values()].reduce((a, b) => a + b, 0);
    };
    await page.goto(url, { waitUntil: 'networkidle' });
    const atLoad = await total();
    await hydrateAllIslands(page);
    await page.waitForLoadState('networkidle');
    return { atLoad, hydrated: await total(), files: [...scripts.keys()] };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const range = (values: number[], fmt: (n: number) => string) =>
  `${fmt(Math.min(...values))}-${fmt(Math.max(...values))}`;
const ms = (n: number) => `${Math.round(n)}`;
const sec = (n: number) => (n / 1000).toFixed(2);
const score = (n: number) => n.toFixed(2);
const kb = (n: number) => `${(n / 1024).toFixed(1)}`;

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    console.error('building…');
    execSync('npm run build', { cwd: projectRoot, stdio: 'ignore' });
  }
  const loadBefore = loadavg();
  const fake = await startFakeInstagram({ albums: ALBUMS, pageSize: 50 });
  await fake.prepareCdn();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-client-'));
  const server = await startBuiltServer({
    INSTAGRAM_API_URL: fake.url,
    INSTAGRAM_ACCESS_TOKEN: FAKE_TOKEN,
    DATA_DIR: dataDir,
    // The photo counts below are in /healthz's detail only.
    HEALTH_DETAIL: '1',
  });
  const stripped = await startStrippedServer(server.url);
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'],
  });
  try {
    // The gallery as visitors see it: every album photo copied before measuring.
    for (const deadline = Date.now() + 60_000; ;) {
      const health = await (await fetch(`${server.url}/healthz`)).json();
      if (health.instagram?.photos?.stored >= ALBUMS * 2) break;
      if (Date.now() > deadline) throw new Error('the gallery photos were not stored in 60 s');
      await new Promise((r) => setTimeout(r, 250));
    }
    const results = [];
    for (const page of PAGES) {
      const served: Run[] = [];
      const bare: Run[] = [];
      // Warm the page cache, then alternate so the machine's noise falls on both columns.
      await fetch(server.url + page.path);
      for (let i = 0; i < RUNS; i++) {
        console.error(`${page.name}: run ${i + 1} of ${RUNS}`);
        served.push(await lighthouseRun(server.url + page.path, chrome.port));
        bare.push(await lighthouseRun(stripped.url + page.path, chrome.port));
      }
      const js = await scriptBytes(server.url + page.path);
      results.push({ page, served, bare, js });
    }
    const loadAfter = loadavg();

    const rows = [
      [
        'page',
        'as served: score',
        'TBT ms',
        'LCP s',
        'scripts stripped: score',
        'TBT ms',
        'LCP s',
        'JS gz KB: at load / all islands',
      ],
    ];
    const summary: Record<string, unknown> = {};
    const verdicts: string[] = [];
    for (const { page, served, bare, js } of results) {
      const m = (runs: Run[], key: keyof Run) => median(runs.map((r) => r[key]));
      const cell = (runs: Run[], key: keyof Run, fmt: (n: number) => string) =>
        `${fmt(m(runs, key))} (${range(
          runs.map((r) => r[key]),
          fmt,
        )})`;
      rows.push([
        page.name,
        cell(served, 'score', score),
        cell(served, 'tbt', ms),
        cell(served, 'lcp', sec),
        cell(bare, 'score', score),
        cell(bare, 'tbt', ms),
        cell(bare, 'lcp', sec),
        `${kb(js.atLoad)} / ${kb(js.hydrated)}`,
      ]);
      const scoreOk = m(bare, 'score') - m(served, 'score') <= SCORE_GAP + 1e-9;
      const tbtOk = m(served, 'tbt') - m(bare, 'tbt') <= TBT_GAP_MS;
      const jsOk = js.atLoad <= page.jsTargetKb * 1024;
      verdicts.push(
        `${page.name}: score within ${SCORE_GAP} ${scoreOk ? 'yes' : 'NO'}, TBT within ${TBT_GAP_MS} ms ${tbtOk ? 'yes' : 'NO'}, JS at load ≤ ${page.jsTargetKb} KB ${jsOk ? 'yes' : 'NO'}`,
      );
      summary[page.name] = {
        served: { score: m(served, 'score'), tbtMs: m(served, 'tbt'), lcpMs: m(served, 'lcp') },
        stripped: { score: m(bare, 'score'), tbtMs: m(bare, 'tbt'), lcpMs: m(bare, 'lcp') },
        jsGzipBytes: { atLoad: js.atLoad, allIslands: js.hydrated },
        scripts: js.files.map((f) => new URL(f).pathname),
        targetsMet: scoreOk && tbtOk && jsOk,
      };
    }
    const benchmarkIndex = median(
      results.flatMap((r) => [...r.served, ...r.bare]).map((r) => r.benchmarkIndex),
    );
    console.log(markdownTable(rows));
    console.log(
      `\nLighthouse ${RUNS} runs each (median, range), mobile preset; benchmarkIndex ${Math.round(benchmarkIndex)}; load average ${loadBefore[0]!.toFixed(1)} before, ${loadAfter[0]!.toFixed(1)} after`,
    );
    for (const verdict of verdicts) console.log(verdict);
    console.log(
      JSON.stringify({ benchmarkIndex, loadAverage: [loadBefore[0], loadAfter[0]], ...summary }),
    );
  } finally {
    await chrome.kill();
    await stripped.stop();
    await server.stop();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
