/**
 * `npm run bench`: builds, starts the production server and loads it with autocannon on
 * loopback: home, a product page, a 404, a hashed asset, and the same home HTML served as a
 * static file (the physical reference). Prints a table, the page weight, and a one-line JSON
 * summary as the last line. Exits 1 when any target had errors.
 *
 * Environment: BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_WARMUP_SECONDS (1),
 * BENCH_GZIP (1: every request sends `Accept-Encoding: gzip` and both servers compress with
 * the same `compression()` middleware; 0: no compression anywhere), BENCH_SKIP_BUILD=1,
 * BENCH_CPU_PROF=1 (run the server under --cpu-prof and print its top self-time functions).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { CLIENT_ENTRY } from '../server/assets.ts';
import { clientDistDir, projectRoot } from '../server/paths.ts';
import { freePort } from '../tests/helpers/server.ts';

const seconds = envNumber('BENCH_SECONDS', 10);
const connections = envNumber('BENCH_CONNECTIONS', 50);
const warmupSeconds = envNumber('BENCH_WARMUP_SECONDS', 1);
const gzip = process.env.BENCH_GZIP !== '0';
const cpuProf = process.env.BENCH_CPU_PROF === '1';
const HOME_P99_BUDGET_MS = 50;
const JS_BUDGET_BYTES = 100 * 1024;

const requestHeaders: Record<string, string> = gzip ? { 'accept-encoding': 'gzip' } : {};

type Target = { key: string; label: string; url: string; expect: number };
type TargetStats = {
  rps: number;
  p50: number;
  p99: number;
  /** Responses with the expected status that are not 2xx (the 404 target). */
  non2xx: number;
  /** Connection errors, timeouts and unexpected statuses. */
  errors: number;
  statuses: Record<string, number>;
};
type Server = { url: string; stop(): Promise<void> };

const running = new Set<Server>();
const loading = new Set<autocannon.Instance>();
let workDir: string | undefined;

function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (Number.isFinite(value) && value > 0) return value;
  console.error(`bench: ${name} must be a positive number, got ${JSON.stringify(raw)}`);
  process.exit(2);
}

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

/** Spawns a node server on a free port and waits for `healthPath`; kills it if it never answers. */
async function startServer(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  healthPath: string,
): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), SITE_URL: url, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  const server: Server = { url, stop: () => stopChild(child) };
  running.add(server);
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      running.delete(server);
      throw new Error(`${name} exited during start (code ${child.exitCode}):\n${output.join('')}`);
    }
    try {
      if ((await fetch(url + healthPath)).ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop();
      running.delete(server);
      throw new Error(`${name} did not answer ${healthPath} within 15 s:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
  await exited;
  clearTimeout(timer);
}

/** autocannon through its callback API, so a Ctrl-C can stop the load before the servers. */
function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, result) => {
      loading.delete(instance);
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(result);
    });
    loading.add(instance);
  });
}

async function stopAll() {
  for (const instance of loading) instance.stop();
  await Promise.allSettled([...running].map((s) => s.stop()));
  running.clear();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  workDir = undefined;
}

// The reference: the rendered home page as a file, behind the same compression middleware.
const STATIC_SERVER = `
import express from 'express';
import compression from 'compression';
const app = express();
app.disable('x-powered-by');
app.get('/healthz', (_req, res) => res.send('ok'));
app.use(compression());
app.use(express.static(process.env.BENCH_STATIC_DIR, { index: 'index.html' }));
const server = app.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

async function preflight(target: Target): Promise<string | undefined> {
  const res = await fetch(target.url, { headers: requestHeaders });
  await res.arrayBuffer();
  if (res.status !== target.expect) {
    throw new Error(`${target.label}: expected HTTP ${target.expect}, got ${res.status}`);
  }
  return res.headers.get('content-encoding') ?? undefined;
}

async function load(target: Target): Promise<TargetStats> {
  const common = { url: target.url, headers: requestHeaders, timeout: 10 };
  await cannon({ ...common, connections: Math.min(connections, 10), duration: warmupSeconds });
  const result = await cannon({ ...common, connections, duration: seconds });
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statuses[code] = stat.count ?? 0;
  }
  const unexpected = Object.entries(statuses)
    .filter(([code]) => Number(code) !== target.expect)
    .reduce((n, [, count]) => n + count, 0);
  const expectedNon2xx = target.expect >= 300 ? (statuses[String(target.expect)] ?? 0) : 0;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: expectedNon2xx,
    errors: result.errors + result.mismatches + unexpected,
    statuses,
  };
}

type PageWeight = {
  jsGzip: number;
  cssGzip: number;
  htmlGzip: number;
  files: { url: string; kind: 'js' | 'css'; bytes: number; gzip: number }[];
  thirdPartyScripts: { url: string; blocking: boolean }[];
};

function attributes(tag: string): Map<string, string> {
  const attrs = new Map<string, string>();
  const re = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const m of tag.replace(/^<\w+|\/?>$/g, '').matchAll(re)) {
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    attrs.set(m[1]!.toLowerCase(), value.replace(/&amp;/g, '&'));
  }
  return attrs;
}

/** JS and CSS the home page references (script src, modulepreload, stylesheet), gzipped. */
async function pageWeight(pageUrl: string, html: string): Promise<PageWeight> {
  const origin = new URL(pageUrl).origin;
  const refs = new Map<string, 'js' | 'css'>();
  const thirdPartyScripts: PageWeight['thirdPartyScripts'] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attrs = attributes(tag);
    const rel = (attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
    const as = attrs.get('as');
    let ref: string | undefined;
    let kind: 'js' | 'css' | undefined;
    if (/^<script/i.test(tag) && attrs.get('src')) {
      ref = attrs.get('src');
      kind = 'js';
    } else if (rel.includes('modulepreload') || (rel.includes('preload') && as === 'script')) {
      ref = attrs.get('href');
      kind = 'js';
    } else if (rel.includes('stylesheet') || (rel.includes('preload') && as === 'style')) {
      ref = attrs.get('href');
      kind = 'css';
    }
    if (!ref || !kind) continue;
    const url = new URL(ref, pageUrl);
    if (url.origin !== origin) {
      if (kind === 'js') {
        const blocking =
          !attrs.has('async') && !attrs.has('defer') && attrs.get('type') !== 'module';
        thirdPartyScripts.push({ url: url.href, blocking });
      }
      continue;
    }
    refs.set(url.href, kind);
  }
  const files: PageWeight['files'] = [];
  for (const [url, kind] of refs) {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`page weight: ${url} answered ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    files.push({ url, kind, bytes: body.length, gzip: gzipSync(body).length });
  }
  const sum = (kind: 'js' | 'css') =>
    files.filter((f) => f.kind === kind).reduce((n, f) => n + f.gzip, 0);
  return {
    jsGzip: sum('js'),
    cssGzip: sum('css'),
    htmlGzip: gzipSync(html).length,
    files,
    thirdPartyScripts,
  };
}

/** Top self-time functions of a V8 .cpuprofile (what --cpu-prof writes). */
function topSelfTime(file: string, limit = 20): string[] {
  type Node = {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  };
  const profile = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: Node[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    // A sample's duration is the delta to the next sample.
    const micros = profile.timeDeltas[i + 1] ?? 0;
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const where = frame.url
      ? `${frame.url.replace(/^.*node_modules\//, '')}:${frame.lineNumber + 1}`
      : '';
    const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + micros);
    total += micros;
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(
      ([key, micros]) =>
        `${(micros / 1000).toFixed(0).padStart(7)} ms ${((100 * micros) / total).toFixed(1).padStart(5)}%  ${key}`,
    );
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [
    line(rows[0]!),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.slice(1).map(line),
  ].join('\n');
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

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
  const profDir = join(workDir, 'prof');
  const nodeArgs = cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [];
  const ssr = await startServer(
    'SSR server',
    [...nodeArgs, 'dist/server/index.js'],
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATA_DIR: join(workDir, 'data'),
      // The same page for every run: no live Instagram feed, no mail.
      INSTAGRAM_ACCESS_TOKEN: '',
      SMTP_URL: '',
    },
    '/healthz',
  );

  const homeRes = await fetch(`${ssr.url}/`);
  const homeHtml = await homeRes.text();
  if (homeRes.status !== 200) throw new Error(`home answered ${homeRes.status}`);
  const staticDir = join(workDir, 'static');
  mkdirSync(staticDir);
  writeFileSync(join(staticDir, 'index.html'), homeHtml);
  const reference = await startServer(
    'static server',
    ['--input-type=module', '-e', STATIC_SERVER],
    { BENCH_STATIC_DIR: staticDir },
    '/healthz',
  );

  const targets: Target[] = [
    { key: 'home', label: 'SSR home /', url: `${ssr.url}/`, expect: 200 },
    {
      key: 'product',
      label: 'product /parabrisa/peugeot/208-gt',
      url: `${ssr.url}/parabrisa/peugeot/208-gt`,
      expect: 200,
    },
    {
      key: 'notFound',
      label: '404 /parabrisa/ford/no-existe',
      url: `${ssr.url}/parabrisa/ford/no-existe`,
      expect: 404,
    },
    { key: 'asset', label: `asset /${entryFile}`, url: `${ssr.url}/${entryFile}`, expect: 200 },
    { key: 'staticHome', label: 'static home (reference)', url: `${reference.url}/`, expect: 200 },
  ];

  const encodings = new Map<string, string | undefined>();
  for (const target of targets) encodings.set(target.key, await preflight(target));
  if (encodings.get('home') !== encodings.get('staticHome')) {
    throw new Error(
      `SSR and static home differ in compression: ${encodings.get('home')} vs ${encodings.get('staticHome')}`,
    );
  }

  log(
    `Load: ${connections} connections, ${seconds} s per target after a ${warmupSeconds} s warm-up, ` +
      `Accept-Encoding: ${gzip ? 'gzip' : '(none)'}`,
  );
  const stats: Record<string, TargetStats> = {};
  for (const target of targets) {
    log(`  ${target.label} ...`);
    stats[target.key] = await load(target);
  }

  const weight = await pageWeight(`${ssr.url}/`, homeHtml);

  await ssr.stop();
  running.delete(ssr);
  const profiles = cpuProf ? readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile')) : [];

  const rows = [['target', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors']];
  for (const target of targets) {
    const s = stats[target.key]!;
    rows.push([
      target.label,
      String(s.rps),
      String(s.p50),
      String(s.p99),
      String(s.non2xx),
      String(s.errors),
    ]);
  }
  const home = stats.home!;
  const ratio = Number((home.rps / Math.max(stats.staticHome!.rps, 1)).toFixed(3));

  console.log(
    `\n${connections} connections, ${seconds} s per target, 127.0.0.1, ` +
      `compression: ${gzip ? `gzip on both (content-encoding: ${encodings.get('home')})` : 'off on both'}\n`,
  );
  console.log(table(rows));
  console.log(`\nSSR home / static home (req/s): ${ratio}`);
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

  if (home.p99 > HOME_P99_BUDGET_MS) {
    // Little's law: with every connection always busy, mean latency = connections / throughput.
    console.log(
      `\nHome p99 ${home.p99} ms is over the ${HOME_P99_BUDGET_MS} ms budget. With ${connections} ` +
        `busy connections the mean latency is about connections / req/s (${Math.round((1000 * connections) / Math.max(home.rps, 1))} ms here); ` +
        `p99 under ${HOME_P99_BUDGET_MS} ms needs well over ${Math.round((1000 * connections) / HOME_P99_BUDGET_MS)} req/s.`,
    );
  }
  for (const file of profiles) {
    console.log(`\nTop self time, SSR server (${file}):`);
    console.log(topSelfTime(join(profDir, file)).join('\n'));
  }

  const pick = (s: TargetStats) => ({ rps: s.rps, p50: s.p50, p99: s.p99, errors: s.errors });
  const summary = {
    ...Object.fromEntries(targets.map((t) => [t.key, pick(stats[t.key]!)])),
    ratioSsrToStatic: ratio,
    pageWeight: {
      jsGzip: weight.jsGzip,
      cssGzip: weight.cssGzip,
      htmlGzip: weight.htmlGzip,
      thirdPartyScripts: weight.thirdPartyScripts.length,
      renderBlockingThirdParty: blocking.length,
    },
    settings: { connections, seconds, gzip },
  };
  console.log(JSON.stringify(summary));
  return targets.some((t) => stats[t.key]!.errors > 0) ? 1 : 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopAll().finally(() => process.exit(130));
  });
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(`bench failed: ${(error as Error).message}`);
} finally {
  await stopAll();
}
process.exit(exitCode);
