/**
 * `npm run bench`: builds, starts the production server and loads it with autocannon on
 * loopback. The reference is a bare `node:http` server (another process) answering the
 * same bytes with the same headers from memory: what the SSR server sent for that page
 * and that Accept-Encoding. Home and a product page (and one with 12 versions) are measured
 * against it without compression asked for and with `Accept-Encoding: br, gzip`; then every
 * other kind of page the site serves, with `br, gzip` (decision 27: a slow page kind cannot
 * hide): the price list, a brand, a search, an answer page, the self-check's answer, privacy,
 * contact, HEAD, the booking form without and with a choice, a booking's private page, the
 * insurance quote's form, a quote's own and verification pages, and the 404s (a junk path,
 * also by HEAD for /wp-login.php and /no-existe-xyz, an unknown brand, model, private link,
 * quote, a search that found nothing, and a new junk path every request); then a hashed
 * asset, the first byte of a cold start while Instagram hangs, and home and a product page
 * with PostgreSQL stopped (a server on DATABASE_URL, a throw-away cluster stopped after the
 * pages were recorded; skipped, and said so, where PostgreSQL's binaries are missing). Each row's goal is its ratio to the bare server
 * (docs/decisions/2026-11-28-every-page-at-the-limit.md). Each row also gives the answering
 * process's CPU time per request (Linux /proc) and the bare server's divided by it: on a
 * machine shared with other work requests per second move with the load, CPU time per request
 * hardly does. Prints a table, the page weight,
 * and a one-line JSON summary as the last line. Exits 1 when any target had errors.
 *
 * Then the same against a distributor's catalogue (scripts/gen-big-csv.ts --versiones: 5,000
 * models, 20,000 versions): home, the brand index, a brand page, a search and a product page,
 * each with its HTML size identity and compressed; the server's start-up time and memory with
 * it, and the longest pause a request sees while a catalogue of that size is swapped live.
 *
 * Here: the settings and the run. The parts are in scripts/bench/: pages.ts (which pages and
 * how each is prepared), driver.ts (servers, the bare server, autocannon, CPU and memory
 * readings), report.ts (table, JSON summary, page weight, profile top), cold-start.ts,
 * database-down.ts and large-catalogue.ts.
 *
 * Environment: BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_WARMUP_SECONDS (1),
 * BENCH_NODE (the servers' Node: by default the Docker image's, fetched once by
 * scripts/image-node.sh; `current` for the Node running the bench, or a path to a binary),
 * BENCH_SKIP_BUILD=1, BENCH_CPU_PROF=1 (run the server under --cpu-prof and print its top
 * self-time functions), BENCH_LARGE=0 (skip the large catalogue), BENCH_ONLY=junk404,junk404Head
 * (only the rows with these keys, as in the JSON summary, each against the bare server; no cold
 * start, PostgreSQL or large catalogue: a quick before/after on a shared machine).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLIENT_ENTRY } from '../server/assets.ts';
import { clientDistDir, projectRoot } from '../server/paths.ts';
import { coldFirstByte } from './bench/cold-start.ts';
import { databaseDown } from './bench/database-down.ts';
import {
  againstBare,
  load,
  log,
  running,
  serverNodeVersion,
  startServer,
  stopAll,
  type Target,
  type TargetStats,
} from './bench/driver.ts';
import { largeCatalogue } from './bench/large-catalogue.ts';
import { bookOne, issueQuote, manyVersionsPage, sitePages } from './bench/pages.ts';
import {
  kb,
  pageWeight,
  summaryOf,
  TABLE_HEADER,
  table,
  tableRow,
  topSelfTime,
} from './bench/report.ts';

const seconds = envNumber('BENCH_SECONDS', 10);
const connections = envNumber('BENCH_CONNECTIONS', 50);
const warmupSeconds = envNumber('BENCH_WARMUP_SECONDS', 1);
const cpuProf = process.env.BENCH_CPU_PROF === '1';
const only = process.env.BENCH_ONLY?.split(',')
  .map((key) => key.trim())
  .filter(Boolean);
const wanted = (key: string) => !only || only.includes(key);
/** Targets of the page path (issue: pages at the speed of a static file server). */
const RATIO_TARGET = 0.6;
const P99_TARGET_MS = 20;
const JS_BUDGET_BYTES = 100 * 1024;
const settings = { seconds, connections, warmupSeconds };
let workDir: string | undefined;

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (Number.isFinite(value) && value > 0) return value;
  console.error(`bench: ${name} must be a positive number, got ${JSON.stringify(raw)}`);
  process.exit(2);
}

async function main(): Promise<number> {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    log('Building (npm run build)...');
    const build = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: ['ignore', 2, 2] });
    if (build.status !== 0) throw new Error(`npm run build failed (status ${build.status})`);
  }
  const manifest = JSON.parse(
    readFileSync(join(clientDistDir, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const entryFile = manifest[CLIENT_ENTRY]?.file;
  if (!entryFile) throw new Error(`Vite manifest has no entry for ${CLIENT_ENTRY}`);

  workDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const versions = manyVersionsPage(workDir);
  const profDir = join(workDir, 'prof');
  const nodeArgs = cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [];
  const ssr = await startServer(
    'SSR server',
    [...nodeArgs, 'dist/server/index.js'],
    {
      NODE_ENV: 'production',
      // The production default: one log line per request is part of the cost measured.
      LOG_LEVEL: 'info',
      DATA_DIR: join(workDir, 'data'),
      // The same page for every run: no live Instagram feed, no mail.
      INSTAGRAM_ACCESS_TOKEN: '',
      SMTP_URL: '',
      ...(versions.catalogueFile ? { CATALOGUE_FILE: versions.catalogueFile } : {}),
    },
    '/healthz',
  );

  const privatePage = await bookOne(ssr.url);
  const quote = await issueQuote(ssr.url, '/parabrisa/peugeot/208-gt');
  // A quote number never issued, with a code of the right shape: it reaches the database.
  const unknownQuote = quote.verify.replace(/P-(\d{4})-\d{6}/, 'P-$1-999999');
  const pages = sitePages(versions.path, privatePage, quote, unknownQuote).filter((page) =>
    wanted(page.key),
  );
  const { bare, targets } = await againstBare(ssr.url, pages, workDir, 'bare node:http server');
  if (wanted('asset')) {
    targets.push({
      key: 'asset',
      label: `asset /${entryFile}`,
      url: `${ssr.url}/${entryFile}`,
      expect: 200,
      encoding: 'compressed',
    });
  }

  log(
    `Load: ${connections} connections, ${seconds} s per target after a ${warmupSeconds} s warm-up`,
  );
  const stats: Record<string, TargetStats> = {};
  for (const target of targets) {
    log(`  ${target.label} (${target.encoding}) ...`);
    stats[target.key] = await load(target, settings);
  }

  const homeHtml = await (await fetch(`${ssr.url}/`)).text();
  const weight = await pageWeight(`${ssr.url}/`, homeHtml);

  await ssr.stop();
  running.delete(ssr);
  await bare.stop();
  running.delete(bare);
  const profiles = cpuProf ? readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile')) : [];

  const coldMs = only
    ? []
    : (log('Cold start with a hanging Instagram API: first byte of / ...'),
      await coldFirstByte(workDir));

  const dbDown = only
    ? { rows: [], notes: ['(BENCH_ONLY: skipped)'], summary: {}, errors: false, missed: [] }
    : (log('Home and a product page with PostgreSQL stopped ...'),
      await databaseDown(workDir, settings, RATIO_TARGET, P99_TARGET_MS));

  const large =
    only || process.env.BENCH_LARGE === '0'
      ? undefined
      : await (async () => {
          log('Large catalogue (5,000 models, 20,000 versions) ...');
          return largeCatalogue(workDir!, settings, RATIO_TARGET);
        })();

  const ratioOf = (t: Target) =>
    t.reference
      ? Number((stats[t.key]!.rps / Math.max(stats[t.reference]!.rps, 1)).toFixed(3))
      : undefined;
  const rows = [TABLE_HEADER];
  for (const target of targets) {
    const goal = target.reference && !target.noGoal ? (target.goal ?? RATIO_TARGET) : undefined;
    rows.push(tableRow(target, stats, ratioOf(target), goal));
  }

  console.log(
    `\n${connections} connections, ${seconds} s per target, 127.0.0.1, both servers on Node ` +
      `${serverNodeVersion()}; "sent as" is the ` +
      `Content-Encoding answered (asked: none, or "br, gzip")\n`,
  );
  console.log(table(rows));
  console.log(`\nCold start, Instagram hanging: first byte of / in ${coldMs.join(', ')} ms`);
  if (large) {
    const l = large.summary.largeCatalogue as Record<string, unknown>;
    console.log("\nA distributor's catalogue: 5,000 models in 250 brands, 20,000 versions\n");
    console.log(table([rows[0]!, ...large.rows]));
    console.log('');
    console.log(table(large.sizes));
    console.log(
      `\nCLI build ${l.cliBuildMs} ms; server start ${l.startMs} ms, ` +
        `${l.rssAtStartMb} MB resident (${l.rssAfterLoadMb} MB after the load); live swap ` +
        `visible after ${l.swapVisibleMs} ms, longest request during it ${l.swapLongestPauseMs} ms ` +
        `(median ${l.swapTypicalRequestMs} ms over ${l.swapRequests} requests)`,
    );
  }

  console.log('\nPostgreSQL stopped after the pages were recorded (DATABASE_URL)\n');
  if (dbDown.rows.length > 0) console.log(table([rows[0]!, ...dbDown.rows]));
  for (const note of dbDown.notes) console.log(note);

  const checked = targets.filter((t) => t.reference && !t.noGoal);
  const misses: string[] = [...dbDown.missed, ...(large?.missed ?? [])];
  for (const target of checked) {
    const s = stats[target.key]!;
    const ratio = ratioOf(target)!;
    const goal = target.goal ?? RATIO_TARGET;
    if (ratio < goal) misses.push(`${target.key} ratio ${ratio} < ${goal}`);
    if (s.p99 >= P99_TARGET_MS) misses.push(`${target.key} p99 ${s.p99} ms >= ${P99_TARGET_MS}`);
  }
  console.log(
    misses.length === 0
      ? `Targets met: every page at its goal (${RATIO_TARGET} of bare node:http unless the table ` +
          `says), p99 < ${P99_TARGET_MS} ms`
      : `Targets missed: ${misses.join('; ')}`,
  );
  for (const target of targets) {
    const s = stats[target.key]!;
    if (s.errors > 0) console.log(`${target.label}: statuses ${JSON.stringify(s.statuses)}`);
  }

  console.log('\nHome page weight (gzip level 6, node:zlib):');
  for (const f of weight.files) {
    console.log(
      `  ${f.kind.padEnd(3)} ${new URL(f.url).pathname}  ${kb(f.bytes)} -> ${kb(f.gzip)}`,
    );
  }
  console.log(
    `  JS ${kb(weight.jsGzip)} (budget ${kb(JS_BUDGET_BYTES)}${weight.jsGzip > JS_BUDGET_BYTES ? ', OVER' : ''}), ` +
      `CSS ${kb(weight.cssGzip)}, HTML ${kb(weight.htmlGzip)}`,
  );
  const blocking = weight.thirdPartyScripts.filter((s) => s.blocking);
  console.log(
    weight.thirdPartyScripts.length === 0
      ? '  Third-party scripts: none'
      : `  Third-party scripts: ${weight.thirdPartyScripts.map((s) => `${s.url}${s.blocking ? ' (RENDER-BLOCKING)' : ' (async)'}`).join(', ')}`,
  );

  for (const file of profiles) {
    console.log(`\nTop self time, SSR server (${file}):`);
    console.log(topSelfTime(join(profDir, file)).join('\n'));
  }

  const summary = {
    ...Object.fromEntries(targets.map((t) => [t.key, summaryOf(stats[t.key]!, ratioOf(t))])),
    coldFirstByteMs: coldMs,
    ...dbDown.summary,
    ...(large?.summary ?? {}),
    targetsMet: misses.length === 0,
    pageWeight: {
      jsGzip: weight.jsGzip,
      cssGzip: weight.cssGzip,
      htmlGzip: weight.htmlGzip,
      thirdPartyScripts: weight.thirdPartyScripts.length,
      renderBlockingThirdParty: blocking.length,
    },
    settings: { connections, seconds },
  };
  console.log(JSON.stringify(summary));
  return targets.some((t) => stats[t.key]!.errors > 0) || dbDown.errors || large?.errors ? 1 : 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopAll().finally(() => {
      if (workDir) rmSync(workDir, { recursive: true, force: true });
      process.exit(130);
    });
  });
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(`bench failed: ${(error as Error).message}`);
} finally {
  await stopAll();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}
process.exit(exitCode);
