/**
 * A distributor's catalogue (scripts/gen-big-csv.ts --versiones: 5,000 models, 20,000
 * versions): its listing pages against the bare server, the server's start-up time and memory
 * with it, and the longest pause a request sees while it is swapped live.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildFromFile } from '../../sheet/build.ts';
import { generateBigCsv } from '../gen-big-csv.ts';
import {
  againstBare,
  ENCODINGS,
  load,
  log,
  record,
  rssOf,
  running,
  startServer,
  type LoadSettings,
  type Recorded,
  type Target,
  type TargetStats,
} from './driver.ts';
import { kb, summaryOf, tableRow } from './report.ts';

/** The generator's sheet built as the CLI builds it, stamped `builtAt`: the catalogue's JSON. */
async function bigCatalogueJson(builtAt: Date): Promise<string> {
  const csv = generateBigCsv(250, 80, true);
  const built = await buildFromFile(new TextEncoder().encode(csv), { builtAt, validDays: 30 });
  if (!built.ok) throw new Error(`the generated sheet does not build (${built.problems.length})`);
  return built.json;
}

export type LargeResult = {
  rows: string[][];
  sizes: string[][];
  summary: Record<string, unknown>;
  errors: boolean;
  missed: string[];
};

/**
 * The large catalogue: start-up, memory, each listing page against the bare server, and a live
 * swap while one visitor keeps asking for a kept page (the longest answer is the pause).
 */
export async function largeCatalogue(
  workDir: string,
  settings: LoadSettings,
  ratioTarget: number,
): Promise<LargeResult> {
  const dir = join(workDir, 'large');
  const file = join(dir, 'catalogue.json');
  mkdirSync(dir, { recursive: true });
  const builtAt = new Date();
  builtAt.setUTCSeconds(0, 0);
  const buildStarted = performance.now();
  writeFileSync(file, await bigCatalogueJson(builtAt));
  const buildMs = Math.round(performance.now() - buildStarted);

  const started = performance.now();
  const ssr = await startServer(
    'SSR server (5,000 models)',
    ['dist/server/index.js'],
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATA_DIR: join(dir, 'data'),
      INSTAGRAM_ACCESS_TOKEN: '',
      SMTP_URL: '',
      CATALOGUE_FILE: file,
    },
    '/healthz',
  );
  const startMs = Math.round(performance.now() - started);
  const rssAtStart = rssOf(ssr.pid);

  const product = '/parabrisa/marca-7/modelo-0-gt';
  const pages = [
    { key: 'largeHome', label: 'home /', path: '/' },
    { key: 'largeIndex', label: 'brand index /parabrisas', path: '/parabrisas' },
    { key: 'largeBrand', label: 'brand page /parabrisas/marca-7', path: '/parabrisas/marca-7' },
    { key: 'largeSearch', label: 'search /buscar?q=modelo+3+gt', path: '/buscar?q=modelo+3+gt' },
    { key: 'largeProduct', label: `product ${product}`, path: product },
  ];
  const { recordings, recorded, bare, targets } = await againstBare(
    ssr.url,
    pages,
    dir,
    'bare node:http server (5,000 models)',
  );
  const size = (r: Recorded) => kb(Buffer.from(r.body, 'base64').length);
  const sizes = [
    ['page (5,000 models)', 'HTML identity', 'compressed', 'as'],
    ...recordings.map(({ page, identity, compressed }) => [
      page.label,
      size(identity),
      size(compressed),
      compressed.headers['content-encoding'] ?? 'identity',
    ]),
  ];
  const stats: Record<string, TargetStats> = {};
  for (const target of targets) {
    log(`  ${target.label} (${target.encoding}) ...`);
    stats[target.key] = await load(target, settings);
  }
  const rssAfterLoad = rssOf(ssr.pid);
  await bare.stop();
  running.delete(bare);

  // The swap: the same sheet stamped a minute later, written as the CLI writes (rename).
  log('  live swap of the 5,000-model catalogue ...');
  const next = await bigCatalogueJson(new Date(builtAt.getTime() + 60_000));
  const target = `${ssr.url}${product}`;
  await record(target, ENCODINGS.compressed);
  const latencies: number[] = [];
  let swapped = false;
  let swapMs = 0;
  const writtenAt = performance.now();
  writeFileSync(`${file}.tmp`, next);
  renameSync(`${file}.tmp`, file);
  const deadline = writtenAt + 15_000;
  // Every request is timed (the page and the health check that tells the swap happened): the
  // server parses and validates the new file on its one thread, and whichever request
  // arrives meanwhile waits for it.
  const timed = async <T>(ask: () => Promise<T>): Promise<T> => {
    const asked = performance.now();
    const answer = await ask();
    latencies.push(performance.now() - asked);
    return answer;
  };
  while (performance.now() < deadline) {
    const answer = await timed(() => record(target, ENCODINGS.compressed));
    if (answer.status !== 200) throw new Error(`during the swap: HTTP ${answer.status}`);
    const health = await timed(() => record(`${ssr.url}/healthz`, ENCODINGS.identity));
    const builtNow = (
      JSON.parse(Buffer.from(health.body, 'base64').toString('utf8')) as {
        catalogue: { builtAt: string };
      }
    ).catalogue.builtAt;
    if (!swapped && builtNow !== builtAt.toISOString()) {
      swapped = true;
      swapMs = Math.round(performance.now() - writtenAt);
    } else if (swapped && performance.now() - writtenAt > swapMs + 1000) break;
  }
  await ssr.stop();
  running.delete(ssr);
  if (!swapped) throw new Error('the large catalogue was not swapped within 15 s');
  const longestPauseMs = Math.round(Math.max(...latencies));
  const typicalMs = Number(
    [...latencies].sort((a, b) => a - b)[Math.floor(latencies.length / 2)]?.toFixed(1),
  );

  const ratioOf = (t: Target) =>
    t.reference
      ? Number((stats[t.key]!.rps / Math.max(stats[t.reference]!.rps, 1)).toFixed(3))
      : undefined;
  const rows = targets.map((t) =>
    tableRow(t, stats, ratioOf(t), t.reference ? ratioTarget : undefined),
  );
  const missed = targets
    .filter((t) => t.reference && (ratioOf(t) ?? 1) < ratioTarget)
    .map((t) => `${t.key} ratio ${ratioOf(t)} < ${ratioTarget}`);
  const mb = (bytes: number | undefined) =>
    bytes === undefined ? null : Math.round(bytes / 1024 / 1024);
  return {
    rows,
    sizes,
    errors: targets.some((t) => stats[t.key]!.errors > 0),
    missed,
    summary: {
      ...Object.fromEntries(targets.map((t) => [t.key, summaryOf(stats[t.key]!, ratioOf(t))])),
      largeCatalogue: {
        models: 5000,
        versions: 20000,
        cliBuildMs: buildMs,
        startMs,
        rssAtStartMb: mb(rssAtStart),
        rssAfterLoadMb: mb(rssAfterLoad),
        swapVisibleMs: swapMs,
        swapLongestPauseMs: longestPauseMs,
        swapTypicalRequestMs: typicalMs,
        swapRequests: latencies.length,
        pageBytes: Object.fromEntries(
          recorded.map((r) => [
            `${r.path} ${r.acceptEncoding || 'identity'}`,
            Buffer.from(r.body, 'base64').length,
          ]),
        ),
      },
    },
  };
}
