/**
 * `npm run bench:photos`: what the gallery's own photo copies cost and save, measured on the
 * production build against the fake Instagram API and its CDN of realistic 1080x1350 JPEGs.
 *
 * 1. Bytes of the home page's 10 gallery photos: before (the CDN's JPEGs, which the old
 *    `<img src=media_url>` loaded on every device) and after (what Chromium downloads at
 *    390 px DPR 3 and 1280 px DPR 1), and the largest `src` fallback.
 * 2. Time to resize one photo (in this process, after a warm-up).
 * 3. A cold server whose first refresh brings 30 new photos: time until every copy is
 *    stored, the server's peak memory (VmHWM), and home p99 under load meanwhile, against
 *    home p99 under the same load afterwards (same run: this machine is shared and noisy).
 *
 * BENCH_SKIP_BUILD=1 skips `npm run build`; BENCH_CONNECTIONS (default 10).
 */
import autocannon from 'autocannon';
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { resizePhoto } from '../server/instagram/photo-process.ts';
import { projectRoot } from '../server/paths.ts';
import { createInstagramClient } from '../server/instagram/client.ts';
import { isAlbum, toAlbum } from '../server/instagram/map.ts';
import { FAKE_TOKEN, startFakeInstagram } from '../tests/helpers/fake-instagram.ts';
import { realisticJpeg } from '../tests/helpers/photos.ts';
import { launchBrowser } from '../tests/helpers/browser.ts';
import { VISITOR_UA } from '../tests/helpers/site.ts';
import { startBuiltServer } from '../tests/helpers/server.ts';

const ALBUMS = 15; // 2 photos each: 30 new photos
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const KB = 1024;

if (process.env.BENCH_SKIP_BUILD !== '1') {
  console.log('building…');
  execSync('npm run build', { cwd: projectRoot, stdio: 'ignore' });
}

const fake = await startFakeInstagram({ albums: ALBUMS, pageSize: 50 });
await fake.prepareCdn();
const dataDir = mkdtempSync(join(tmpdir(), 'measure-photos-'));

try {
  // --- 2. one photo, in this process -------------------------------------------------------
  const sample = await realisticJpeg('measure-one');
  await resizePhoto(sample); // warm-up
  const runs: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    await resizePhoto(sample);
    runs.push(performance.now() - started);
  }
  runs.sort((a, b) => a - b);
  const onePhotoMs = Math.round(runs[3]!);
  let started = performance.now();
  const avif = await sharp(sample).resize({ width: 540 }).avif({ quality: 50 }).toBuffer();
  const avifMs = Math.round(performance.now() - started);
  started = performance.now();
  const webp = await sharp(sample)
    .resize({ width: 540 })
    .webp({ quality: 75, effort: 0 })
    .toBuffer();
  const webpMs = Math.round(performance.now() - started);

  // --- 3. a cold server refreshing 30 new photos under load --------------------------------
  const server = await startBuiltServer({
    INSTAGRAM_API_URL: fake.url,
    INSTAGRAM_ACCESS_TOKEN: FAKE_TOKEN,
    DATA_DIR: dataDir,
  });
  const pid = server.process.pid!;
  const memory = (field: 'VmHWM' | 'VmRSS') => {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(field));
    return Math.round(Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) / 1024);
  };
  const rssAtStart = memory('VmRSS');
  const t0 = performance.now();
  let storedMs: number | undefined;
  const poll = setInterval(async () => {
    try {
      const health = await (await fetch(`${server.url}/healthz`)).json();
      if (storedMs === undefined && health.instagram.photos.stored >= ALBUMS * 2) {
        storedMs = performance.now() - t0;
      }
    } catch {
      // the server is busy; next time
    }
  }, 100);
  const load = (seconds: number) =>
    new Promise<autocannon.Result>((resolve, reject) => {
      autocannon(
        {
          url: `${server.url}/`,
          connections: CONNECTIONS,
          duration: seconds,
          headers: { 'user-agent': VISITOR_UA, 'accept-encoding': 'gzip' },
        },
        (error: unknown, result) => (error ? reject(error) : resolve(result)),
      );
    });
  const during = await load(10);
  while (storedMs === undefined && performance.now() - t0 < 60_000) {
    await new Promise((r) => setTimeout(r, 100));
  }
  clearInterval(poll);
  const peakMb = memory('VmHWM');
  const after = await load(10);

  // --- 1. bytes as a browser downloads them -----------------------------------------------
  const home = await (
    await fetch(`${server.url}/?albumes=15`, { headers: { 'user-agent': VISITOR_UA } })
  ).text();
  const srcs = [...home.matchAll(/<img class="gallery__photo" src="([^"]+)"/g)].map((m) => m[1]!);
  const srcBytes = await Promise.all(
    srcs.map(async (src) => (await (await fetch(`${server.url}${src}`)).arrayBuffer()).byteLength),
  );
  // What the old page loaded: the CDN URL of each of the first 5 albums' 2 photos.
  const api = createInstagramClient({
    apiUrl: fake.url,
    getToken: () => FAKE_TOKEN,
    timeoutMs: 5_000,
  });
  const firstAlbums = (await api.listMedia(undefined)).items.filter(isAlbum).slice(0, 5);
  const before = await Promise.all(
    firstAlbums.map(async (item) => {
      const album = toAlbum(item, await api.listChildren(item.id));
      const sizes = await Promise.all(
        (album?.photos ?? []).map(
          async (p) => (await (await fetch(p.url)).arrayBuffer()).byteLength,
        ),
      );
      return sizes.reduce((a, b) => a + b, 0);
    }),
  );
  const browser = await launchBrowser();
  const views: Record<string, { photos: number; bytes: number; widths: string[] }> = {};
  for (const [label, width, height, dpr] of [
    ['phone 390 px DPR 3', 390, 844, 3],
    ['desktop 1280 px DPR 1', 1280, 900, 1],
  ] as const) {
    const context = await browser.newContext({
      viewport: { width, height },
      deviceScaleFactor: dpr,
      userAgent: VISITOR_UA,
    });
    const page = await context.newPage();
    const bodies = new Map<string, number>();
    page.on('response', async (r) => {
      if (r.url().includes('/fotos/')) bodies.set(r.url(), (await r.body()).length);
    });
    await page.goto(`${server.url}/`);
    await page.locator('#testimonials').scrollIntoViewIfNeeded();
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.gallery__photo')].every(
        (i) => i.complete && i.naturalWidth > 0,
      ),
    );
    await page.waitForLoadState('networkidle');
    // The srcset candidate the browser chose for each photo.
    const widths = await page.$$eval('.gallery__photo', (imgs) =>
      imgs.map((img) => {
        const i = img as HTMLImageElement;
        const path = new URL(i.currentSrc).pathname;
        const chosen = i.srcset.split(', ').find((c) => c.startsWith(path));
        return chosen?.split(' ')[1] ?? '?';
      }),
    );
    views[label] = {
      photos: bodies.size,
      bytes: [...bodies.values()].reduce((a, b) => a + b, 0),
      widths: [...new Set(widths)],
    };
    await context.close();
  }
  await browser.close();
  const health = await (await fetch(`${server.url}/healthz`)).json();
  await server.stop();

  const kb = (n: number) => `${(n / KB).toFixed(0)} KB`;
  const beforeBytes = before.reduce((a, b) => a + b, 0);
  console.log('\nGallery photos: the 10 photos of the home page');
  console.log(`  before (CDN JPEGs, any device):  ${kb(beforeBytes)}`);
  for (const [label, v] of Object.entries(views)) {
    console.log(
      `  after, ${label.padEnd(22)} ${kb(v.bytes)} (${v.photos} files, srcset ${v.widths.join('/')})`,
    );
  }
  console.log(
    `  largest src fallback:            ${kb(Math.max(...srcBytes))} (of ${srcs.length})`,
  );
  console.log(`\nOne photo: resize to 4 WebP widths ${onePhotoMs} ms (median of 7)`);
  console.log(
    `  one 540 px copy: WebP ${webpMs} ms ${kb(webp.length)}, AVIF ${avifMs} ms ${kb(avif.length)}`,
  );
  console.log(`\nCold start, first refresh brings ${ALBUMS * 2} new photos:`);
  console.log(
    `  all stored after ${storedMs === undefined ? 'more than 60 s' : `${(storedMs / 1000).toFixed(1)} s`}`,
  );
  console.log(`  server memory: RSS at start ${rssAtStart} MB, peak (VmHWM) ${peakMb} MB`);
  console.log(
    `  disk: ${health.instagram.photos.stored} photos, ${kb(health.instagram.photos.bytes)}`,
  );
  console.log(
    `  home under ${CONNECTIONS} connections, 10 s: while processing p99 ${during.latency.p99} ms ` +
      `(${Math.round(during.requests.average)} req/s), afterwards p99 ${after.latency.p99} ms ` +
      `(${Math.round(after.requests.average)} req/s)`,
  );
  console.log(
    JSON.stringify({
      beforeKB: Math.round(beforeBytes / KB),
      phoneKB: Math.round(views['phone 390 px DPR 3']!.bytes / KB),
      desktopKB: Math.round(views['desktop 1280 px DPR 1']!.bytes / KB),
      maxSrcKB: Math.round(Math.max(...srcBytes) / KB),
      onePhotoMs,
      avifMs,
      webpMs,
      thirtyPhotosMs: storedMs === undefined ? null : Math.round(storedMs),
      peakRssMB: peakMb,
      startRssMB: rssAtStart,
      diskKB: Math.round(health.instagram.photos.bytes / KB),
      homeP99DuringMs: during.latency.p99,
      homeP99AfterMs: after.latency.p99,
      homeErrors: during.errors + during.non2xx + after.errors + after.non2xx,
    }),
  );
} finally {
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
}
