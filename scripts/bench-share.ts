/**
 * Share pictures and the product feed at 5,000 models (not a timed test; figures in
 * docs/performance.md): the built server on the generator's catalogue (250 brands x 20 models
 * x 4 versions: 5,000 models, 20,000 versions). Draws PICTURES distinct share pictures one
 * after another (more than the kept pictures' bound holds, so old ones are dropped), then
 * BURST other new pictures asked by 40 clients at once (a crawler's burst: the route draws
 * one at a time and turns away what waits beyond its queue), asks for the feed gzipped, and
 * prints each step's time, the slowest picture, the biggest one and the server's peak memory
 * (VmRSS, read from /proc every 20 ms).
 * Usage: npm run build && npm run bench:share [-- PICTURES [BURST]]   (default 800, 400)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { modelsOf } from '../catalogue/schema.ts';
import { PIEZAS } from '../catalogue/pieces.ts';
import { defaultFacts } from '../client/facts/defaults.ts';
import { productCard, sharePicturePath } from '../client/seo/share-card.ts';
import { paths } from '../client/paths.ts';
import { projectRoot } from '../server/paths.ts';
import { loadCatalogue } from '../server/catalogue.ts';
import { buildFromFile } from '../sheet/build.ts';
import { generateBigCsv } from './gen-big-csv.ts';
import { freePort } from '../tests/helpers/server.ts';
import { SAMPLE_STAMP } from '../tests/helpers/sample.ts';

const PICTURES = Number(process.argv[2] ?? 800);
const BURST = Number(process.argv[3] ?? 400);
const BURST_CLIENTS = 40;
const SITE = 'https://parabrisas.test';

const dir = mkdtempSync(join(tmpdir(), 'bench-share-'));
const file = join(dir, 'catalogue.json');
const built = await buildFromFile(
  new TextEncoder().encode(generateBigCsv(250, 80, true)),
  SAMPLE_STAMP,
);
if (!built.ok) throw new Error('the generated sheet does not build');
writeFileSync(file, built.json);
const lookup = loadCatalogue(file).lookup;
const models = lookup.catalogue.marcas.flatMap((marca) =>
  PIEZAS.flatMap((pieza) => modelsOf(marca, pieza).map((modelo) => ({ marca, pieza, modelo }))),
);

const port = await freePort();
const server = spawn(process.execPath, [join(projectRoot, 'dist/server/index.js')], {
  cwd: projectRoot,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: SITE,
    DATA_DIR: join(dir, 'data'),
    CATALOGUE_FILE: file,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
const rss = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

try {
  for (let i = 0; ; i += 1) {
    if (i > 300) throw new Error('the server did not start');
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 20);

  // The page names the same picture the bench computes (no facts published: the defaults).
  const first = models[0];
  if (!first) throw new Error('no models');
  const pageHtml = await fetch(`${base}${first.modelo.meta.canonical}`).then((r) => r.text());
  const cardOf = (m: (typeof models)[number]) =>
    productCard(defaultFacts, {
      pieza: m.pieza,
      marca: m.marca.marca,
      nombre: m.modelo.nombre,
      precio: m.modelo.precio,
      cuotas: m.modelo.cuotas,
      versiones: m.modelo.versiones?.length ?? 0,
    });
  const firstPath = sharePicturePath(cardOf(first), first.modelo.meta.canonical);
  if (!pageHtml.includes(`${SITE}${firstPath}`))
    throw new Error(`the page does not name ${firstPath}`);

  const times: number[] = [];
  const rssAt: string[] = [];
  let biggest = 0;
  const t0 = performance.now();
  for (const m of models.slice(0, PICTURES)) {
    const path = sharePicturePath(cardOf(m), m.modelo.meta.canonical);
    const started = performance.now();
    const res = await fetch(`${base}${path}`);
    const body = Buffer.from(await res.arrayBuffer());
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    biggest = Math.max(biggest, body.length);
    if ([1, 100, 300, 600, 1000, 1500].includes(times.length))
      rssAt.push(`${rss().toFixed(0)} MB after ${times.length}`);
  }
  const t1 = performance.now();
  const afterPictures = peak;

  // A visitor's usual case: a picture drawn already (the last ones drawn are kept).
  const keptTimes: number[] = [];
  for (let round = 0; round < 5; round++) {
    for (const m of models.slice(Math.max(0, PICTURES - 50), PICTURES)) {
      const started = performance.now();
      const res = await fetch(`${base}${sharePicturePath(cardOf(m), m.modelo.meta.canonical)}`);
      await res.arrayBuffer();
      keptTimes.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`a kept picture: ${res.status}`);
    }
  }
  keptTimes.sort((a, b) => a - b);
  const keptAt = (q: number) =>
    keptTimes[Math.min(keptTimes.length - 1, Math.floor(q * keptTimes.length))] ?? 0;

  // The burst: each client asks for its next new picture as soon as it has an answer.
  const burst = models.slice(PICTURES, PICTURES + BURST);
  const statuses = new Map<number, number>();
  const burstTimes: number[] = [];
  const burstStarted = performance.now();
  await Promise.all(
    Array.from({ length: BURST_CLIENTS }, async () => {
      for (let m = burst.shift(); m; m = burst.shift()) {
        const started = performance.now();
        const res = await fetch(`${base}${sharePicturePath(cardOf(m), m.modelo.meta.canonical)}`);
        await res.arrayBuffer();
        if (res.status === 200) burstTimes.push(performance.now() - started);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }),
  );
  const burstMs = performance.now() - burstStarted;
  const afterBurst = peak;
  burstTimes.sort((a, b) => a - b);

  const feedStarted = performance.now();
  const feed = await fetch(`${base}${paths.productFeed}`, {
    headers: { 'Accept-Encoding': 'gzip' },
  });
  const gz = Buffer.from(await feed.arrayBuffer());
  const feedMs = performance.now() - feedStarted;
  // fetch decodes gzip itself; ask again through node:zlib only when it did not.
  const xml = feed.headers.get('content-encoding') === 'gzip' ? gz : gunzipSync(gz);
  const items = (xml.toString('utf8').match(/<item>/g) ?? []).length;
  clearInterval(sampler);

  // The first picture also loads the fonts and starts librsvg: said apart.
  const sorted = times.slice(1).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  console.log(
    [
      `catalogue: ${models.length} models, ${lookup.catalogue.marcas.length} brands`,
      `${times.length} share pictures drawn one after another: ${(t1 - t0).toFixed(0)} ms; the first ${(times[0] ?? 0).toFixed(0)} ms, then per picture p50 ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms, max ${at(1).toFixed(0)} ms; biggest ${(biggest / 1024).toFixed(0)} KB`,
      `${keptTimes.length} pictures drawn before, asked again: p50 ${keptAt(0.5).toFixed(1)} ms, p99 ${keptAt(0.99).toFixed(1)} ms`,
      `burst of ${BURST} new pictures by ${BURST_CLIENTS} clients at once: ${burstMs.toFixed(0)} ms; ${[...statuses].map(([status, n]) => `${n} x ${status}`).join(', ')}; a drawn one p50 ${(burstTimes[Math.floor(burstTimes.length / 2)] ?? 0).toFixed(0)} ms, max ${(burstTimes.at(-1) ?? 0).toFixed(0)} ms`,
      `feed: ${items} items, ${(xml.length / 1024 / 1024).toFixed(1)} MB of XML (${feed.headers.get('content-encoding') ?? 'identity'} on the wire) in ${feedMs.toFixed(0)} ms`,
      `server memory (VmRSS): ${rssAt.join(', ')}`,
      `server memory (VmRSS): ${before.toFixed(0)} MB at start, ${afterPictures.toFixed(0)} MB peak after the pictures, ${afterBurst.toFixed(0)} MB peak after the burst, ${peak.toFixed(0)} MB peak with the feed`,
    ].join('\n'),
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
