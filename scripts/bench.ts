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
 * also by HEAD, an unknown brand, model, private link, quote, a search that found nothing,
 * and a new junk path every request); then a hashed asset, and the first byte
 * of a cold start while Instagram hangs. Each row's goal is its ratio to the bare server
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
 * Environment: BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_WARMUP_SECONDS (1),
 * BENCH_SKIP_BUILD=1, BENCH_CPU_PROF=1 (run the server under --cpu-prof and print its top
 * self-time functions), BENCH_LARGE=0 (skip the large catalogue).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { connect, createServer as createTcpServer, type Socket } from 'node:net';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { CLIENT_ENTRY } from '../server/assets.ts';
import { clientDistDir, projectRoot } from '../server/paths.ts';
import { freePort } from '../tests/helpers/server.ts';
import { sampleCatalogueWith } from '../tests/helpers/versions-catalogue.ts';
import { versionRows } from '../tests/fixtures/versions.ts';
import { catalogueFile } from '../server/paths.ts';
import { loadCatalogue } from '../server/catalogue.ts';
import { generateBigCsv } from './gen-big-csv.ts';
import { buildFromFile } from '../sheet/build.ts';

const seconds = envNumber('BENCH_SECONDS', 10);
const connections = envNumber('BENCH_CONNECTIONS', 50);
const warmupSeconds = envNumber('BENCH_WARMUP_SECONDS', 1);
const cpuProf = process.env.BENCH_CPU_PROF === '1';
/** Targets of the page path (issue: pages at the speed of a static file server). */
const RATIO_TARGET = 0.6;
const P99_TARGET_MS = 20;
const JS_BUDGET_BYTES = 100 * 1024;

const ENCODINGS = {
  identity: {} as Record<string, string>,
  compressed: { 'accept-encoding': 'br, gzip' } as Record<string, string>,
};
type EncodingName = keyof typeof ENCODINGS;

type Target = {
  key: string;
  label: string;
  url: string;
  expect: number;
  encoding: EncodingName;
  /** Default GET. */
  method?: 'GET' | 'HEAD';
  /** `[<id>]` in the URL becomes a new id per request (autocannon's idReplacement). */
  distinct?: boolean;
  /** Key of the bare node:http target this one is compared with. */
  reference?: string;
  /** The ratio to the bare server this page must reach (RATIO_TARGET unless said). */
  goal?: number;
  /** A row shown for what it costs, with no goal (it says why in its label). */
  noGoal?: boolean;
};
type TargetStats = {
  rps: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts and unexpected statuses. */
  errors: number;
  statuses: Record<string, number>;
  contentEncoding: string;
  /**
   * The answering server's CPU time (user + system) per request over the measured load, in
   * µs: unlike requests per second it hardly moves with what else the machine runs.
   */
  cpuUs: number | undefined;
};
type Server = { url: string; pid: number | undefined; stop(): Promise<void> };
/** One response as the SSR server sent it, replayed by the bare server. */
type Recorded = {
  path: string;
  acceptEncoding: string;
  status: number;
  headers: Record<string, string>;
  body: string;
};

const running = new Set<Server>();
const loading = new Set<autocannon.Instance>();
let workDir: string | undefined;

/**
 * A product page with 12 versions: the committed catalogue's model with the most versions when
 * it has 12 or more, else the sample plus tests/fixtures/versions.ts (a 12-version Corolla),
 * written to `dir` for the server to serve.
 */
function manyVersionsPage(dir: string): { path: string; catalogueFile?: string } {
  const models = loadCatalogue(catalogueFile).lookup.catalogue.marcas.flatMap((m) => m.modelos);
  const most = models.reduce<(typeof models)[number] | undefined>(
    (best, m) => ((m.versiones?.length ?? 1) > (best?.versiones?.length ?? 1) ? m : best),
    undefined,
  );
  if (most && (most.versiones?.length ?? 1) >= 12) return { path: most.meta.canonical };
  const file = join(dir, 'catalogue.json');
  writeFileSync(file, sampleCatalogueWith(versionRows));
  return { path: '/parabrisa/toyota/corolla', catalogueFile: file };
}

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
  const server: Server = { url, pid: child.pid, stop: () => stopChild(child) };
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

/**
 * The reference: bare node:http, every recorded response in memory, chosen by path and
 * the exact Accept-Encoding header, sent with its recorded status and headers.
 */
const BARE_SERVER = `
import http from 'node:http';
import { readFileSync } from 'node:fs';
const recorded = JSON.parse(readFileSync(process.env.BENCH_RECORDED, 'utf8'));
const answers = new Map();
for (const r of recorded) {
  const body = Buffer.from(r.body, 'base64');
  const headers = { ...r.headers, 'content-length': String(body.length) };
  answers.set(r.path + '\\n' + r.acceptEncoding, { status: r.status, headers, body });
}
const server = http.createServer((req, res) => {
  if (req.url === '/healthz') return res.end('ok');
  const encoding = '\\n' + (req.headers['accept-encoding'] ?? '');
  // '*': what any other path gets (a flood of distinct junk paths).
  const answer = answers.get(req.url + encoding) ?? answers.get('*' + encoding);
  if (!answer) { res.statusCode = 404; return res.end(); }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
});
server.keepAliveTimeout = 5000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

/** Headers that belong to one connection or one moment, not to the page. */
const HOP_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'x-request-id',
]);

/** GET `url` with node:http (no decompression): status, headers and the raw body bytes. */
function record(url: string, headers: Record<string, string>): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const kept: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (!HOP_HEADERS.has(name) && value !== undefined) kept[name] = String(value);
          }
          resolve({
            path: target.pathname + target.search,
            acceptEncoding: headers['accept-encoding'] ?? '',
            status: res.statusCode ?? 0,
            headers: kept,
            body: Buffer.concat(chunks).toString('base64'),
          });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function load(target: Target): Promise<TargetStats> {
  const pid = [...running].find((server) => target.url.startsWith(`${server.url}/`))?.pid;
  const cpuMs = () => cpuMsOf(pid);
  const headers = ENCODINGS[target.encoding];
  const first = await record(target.url, headers);
  if (first.status !== target.expect) {
    throw new Error(`${target.label}: expected HTTP ${target.expect}, got ${first.status}`);
  }
  if (target.method === 'HEAD') {
    await headLoad(target.url, headers, Math.min(connections, 10), warmupSeconds);
    const cpuBefore = cpuMs();
    const result = await headLoad(target.url, headers, connections, seconds);
    const cpuAfter = cpuMs();
    const unexpected = Object.entries(result.statuses)
      .filter(([code]) => Number(code) !== target.expect)
      .reduce((n, [, count]) => n + count, 0);
    return {
      ...result,
      errors: result.errors + unexpected,
      contentEncoding: first.headers['content-encoding'] ?? 'identity',
      cpuUs: perRequestUs(cpuBefore, cpuAfter, result.rps * seconds),
    };
  }
  const common = {
    url: target.url,
    headers,
    timeout: 10,
    idReplacement: target.distinct ?? false,
  };
  await cannon({ ...common, connections: Math.min(connections, 10), duration: warmupSeconds });
  const cpuBefore = cpuMs();
  const result = await cannon({ ...common, connections, duration: seconds });
  const cpuAfter = cpuMs();
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statuses[code] = stat.count ?? 0;
  }
  const unexpected = Object.entries(statuses)
    .filter(([code]) => Number(code) !== target.expect)
    .reduce((n, [, count]) => n + count, 0);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.mismatches + unexpected,
    statuses,
    contentEncoding: first.headers['content-encoding'] ?? 'identity',
    cpuUs: perRequestUs(cpuBefore, cpuAfter, result.requests.total),
  };
}

/** CPU time (user + system) a process has used, in ms (Linux /proc); undefined elsewhere. */
function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

function perRequestUs(before: number | undefined, after: number | undefined, requests: number) {
  if (before === undefined || after === undefined || requests <= 0) return undefined;
  return Math.round(((after - before) * 1000) / requests);
}

/**
 * HEAD under load. autocannon's response parser waits for the body that a HEAD answer's
 * Content-Length announces and never gets: here each of `conns` keep-alive sockets sends a
 * HEAD, reads up to the end of the headers, and sends the next.
 */
async function headLoad(
  url: string,
  headers: Record<string, string>,
  conns: number,
  durationSeconds: number,
): Promise<Omit<TargetStats, 'contentEncoding' | 'cpuUs'>> {
  const { hostname, port, pathname, search } = new URL(url);
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  const request = Buffer.from(
    `HEAD ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${lines.join('')}\r\n`,
  );
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const started = performance.now();
  const deadline = started + durationSeconds * 1000;
  await Promise.all(
    Array.from(
      { length: conns },
      () =>
        new Promise<void>((resolve) => {
          const socket = connect(Number(port), hostname);
          let pending = '';
          let sentAt = 0;
          const send = () => {
            if (performance.now() >= deadline) {
              socket.end();
              return resolve();
            }
            sentAt = performance.now();
            socket.write(request);
          };
          socket.on('connect', send);
          socket.on('data', (chunk: Buffer) => {
            pending += chunk.toString('latin1');
            for (
              let end = pending.indexOf('\r\n\r\n');
              end >= 0;
              end = pending.indexOf('\r\n\r\n')
            ) {
              const status = pending.slice(9, 12);
              statuses[status] = (statuses[status] ?? 0) + 1;
              latencies.push(performance.now() - sentAt);
              pending = pending.slice(end + 4);
              send();
            }
          });
          socket.on('error', () => {
            errors += 1;
            resolve();
          });
        }),
    ),
  );
  const sorted = latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return {
    rps: Math.round(latencies.length / ((performance.now() - started) / 1000)),
    p50: at(0.5),
    p99: at(0.99),
    errors,
    statuses,
  };
}

/** Time to the first body byte of `/` for a visitor (no waiting for Instagram). */
function firstByteMs(url: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(
        url,
        { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0' } },
        (res) => {
          res.once('data', () => {
            resolve(performance.now() - started);
            res.destroy();
          });
          res.on('error', reject);
        },
      )
      .on('error', reject);
  });
}

/**
 * A fresh server whose Instagram API accepts connections and never answers: the page cache
 * and the gallery are both cold. Returns the first-byte times of the first visits.
 */
async function coldFirstByte(): Promise<number[]> {
  const sockets = new Set<Socket>();
  const hanging = createTcpServer((socket) => sockets.add(socket));
  hanging.listen(0, '127.0.0.1');
  await once(hanging, 'listening');
  const address = hanging.address();
  if (!address || typeof address === 'string') throw new Error('no port for the hanging API');
  try {
    const server = await startServer(
      'SSR server (hanging Instagram)',
      ['dist/server/index.js'],
      {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATA_DIR: join(workDir!, 'data-cold'),
        INSTAGRAM_ACCESS_TOKEN: 'bench-token',
        INSTAGRAM_API_URL: `http://127.0.0.1:${address.port}`,
        SMTP_URL: '',
      },
      '/healthz',
    );
    const times: number[] = [];
    for (let i = 0; i < 3; i += 1) times.push(Math.round(await firstByteMs(`${server.url}/`)));
    await server.stop();
    running.delete(server);
    return times;
  } finally {
    for (const socket of sockets) socket.destroy();
    hanging.close();
  }
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

const TABLE_HEADER = [
  'target',
  'sent as',
  'req/s',
  'p50 ms',
  'p99 ms',
  'errors',
  'vs bare',
  'goal',
  'CPU µs/req',
  'CPU: bare / SSR',
];

/** A target's row; its CPU per request is compared with its bare reference's. */
function tableRow(
  target: Target,
  stats: Record<string, TargetStats>,
  ratio: number | undefined,
  goal: number | undefined,
): string[] {
  const s = stats[target.key]!;
  const bareCpu = target.reference ? stats[target.reference]?.cpuUs : undefined;
  return [
    target.label,
    s.contentEncoding,
    String(s.rps),
    String(s.p50),
    String(s.p99),
    String(s.errors),
    ratio?.toFixed(2) ?? '',
    goal === undefined ? '' : `>= ${goal}`,
    s.cpuUs === undefined ? '' : String(s.cpuUs),
    bareCpu && s.cpuUs ? (bareCpu / s.cpuUs).toFixed(2) : '',
  ];
}

/** A target's figures in the JSON summary. */
function summaryOf(s: TargetStats, ratio: number | undefined) {
  return { rps: s.rps, p50: s.p50, p99: s.p99, errors: s.errors, ratio, cpuUs: s.cpuUs };
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

/** Resident memory of a process (Linux /proc), in bytes; undefined elsewhere. */
function rssOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return line?.[1] ? Number(line[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The generator's sheet built as the CLI builds it, stamped `builtAt`: the catalogue's JSON. */
async function bigCatalogueJson(builtAt: Date): Promise<string> {
  const csv = generateBigCsv(250, 80, true);
  const built = await buildFromFile(new TextEncoder().encode(csv), { builtAt, validDays: 30 });
  if (!built.ok) throw new Error(`the generated sheet does not build (${built.problems.length})`);
  return built.json;
}

type LargeResult = {
  rows: string[][];
  sizes: string[][];
  summary: Record<string, unknown>;
  errors: boolean;
  missed: string[];
};

type Page = {
  key: string;
  label: string;
  path: string;
  /** Default both: without compression asked for, and with `br, gzip`. */
  encodings?: readonly EncodingName[];
  method?: 'GET' | 'HEAD';
  goal?: number;
  noGoal?: boolean;
  /**
   * `path` holds `[<id>]`: every request asks for a new path. The bare server answers any path
   * it was not given with what the SSR server sent for the path with id 0.
   */
  distinct?: boolean;
};

/**
 * Each page recorded from the SSR server identity and compressed, a bare node:http server
 * started on those bytes, and the targets in pairs: the SSR page, then its bare reference,
 * per encoding and page.
 */
async function againstBare(ssrUrl: string, pages: readonly Page[], dir: string, name: string) {
  const recordings: { page: Page; identity: Recorded; compressed: Recorded }[] = [];
  for (const page of pages) {
    const sample = page.path.replace('[<id>]', '0');
    const as = (answer: Recorded): Recorded => (page.distinct ? { ...answer, path: '*' } : answer);
    recordings.push({
      page,
      identity: as(await record(`${ssrUrl}${sample}`, ENCODINGS.identity)),
      compressed: as(await record(`${ssrUrl}${sample}`, ENCODINGS.compressed)),
    });
  }
  const recorded = recordings.flatMap((r) => [r.identity, r.compressed]);
  const recordedFile = join(dir, 'recorded.json');
  writeFileSync(recordedFile, JSON.stringify(recorded));
  const bare = await startServer(
    name,
    ['--input-type=module', '-e', BARE_SERVER],
    { BENCH_RECORDED: recordedFile },
    '/healthz',
  );
  const targets: Target[] = [];
  for (const encoding of Object.keys(ENCODINGS) as EncodingName[]) {
    for (const { page, ...answers } of recordings) {
      if (!(page.encodings ?? ['identity', 'compressed']).includes(encoding)) continue;
      const reference = `${page.key}Bare_${encoding}`;
      const common = {
        expect: answers[encoding].status,
        encoding,
        method: page.method,
        distinct: page.distinct,
      };
      targets.push(
        {
          ...common,
          key: `${page.key}_${encoding}`,
          label: `SSR ${page.label}`,
          url: `${ssrUrl}${page.path}`,
          reference,
          goal: page.goal,
          noGoal: page.noGoal,
        },
        {
          ...common,
          key: reference,
          label: '  bare node:http, same bytes',
          url: `${bare.url}${page.path}`,
        },
      );
    }
  }
  return { recordings, recorded, bare, targets };
}

/**
 * One booking made through the form as a visitor makes it (the first free window for a tint
 * at the shop): its private page's path.
 */
async function bookOne(ssrUrl: string): Promise<string> {
  const form = await fetch(`${ssrUrl}/turnos?que=polarizado&lugar=taller`);
  const html = await form.text();
  const token = /name="token" value="([\w-]{43})"/.exec(html)?.[1];
  const window = /<input[^>]*value="(\d{4}-\d{2}-\d{2}\/(?:manana|tarde))"(?![^>]*disabled)/.exec(
    html,
  )?.[1];
  if (!token || !window) throw new Error('bench: the booking form has no token or no free window');
  const booked = await fetch(`${ssrUrl}/turnos`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ssrUrl },
    body: new URLSearchParams({
      que: 'polarizado',
      lugar: 'taller',
      turno: window,
      token,
      nombre: 'Banco de pruebas',
      telefono: '388 15 412-3456',
    }),
  });
  const location = booked.headers.get('location');
  if (booked.status !== 303 || !location)
    throw new Error(`bench: booking answered ${booked.status}`);
  return location.split('?')[0] ?? location;
}

/**
 * One insurance quote issued through its form as a visitor does, for the glass the product page
 * links to: the form's path, the customer's own page and the verification page it links to
 * (the PDF's QR code; what the bench knows without any secret).
 */
async function issueQuote(
  ssrUrl: string,
  productPath: string,
): Promise<{ form: string; own: string; verify: string }> {
  const product = await (await fetch(`${ssrUrl}${productPath}`)).text();
  const form = decodeHtml(/href="(\/presupuesto\?[^"]+)"/.exec(product)?.[1] ?? '');
  if (!form) throw new Error(`bench: ${productPath} links to no quote form`);
  const issued = await fetch(`${ssrUrl}${form}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ssrUrl },
    body: new URLSearchParams({
      ...Object.fromEntries(new URL(form, ssrUrl).searchParams),
      nombre: 'Banco de pruebas',
      aseguradora: 'La Segunda',
      lugar: 'taller',
    }),
  });
  const own = issued.headers.get('location');
  if (issued.status !== 303 || !own) throw new Error(`bench: the quote answered ${issued.status}`);
  const page = await (await fetch(`${ssrUrl}${own}`)).text();
  const verify = decodeHtml(/href="(\/presupuesto\/P-[^"/]+\?[^"]+)"/.exec(page)?.[1] ?? '');
  if (!verify) throw new Error("bench: the quote's page links to no verification page");
  return { form, own, verify };
}

/** An attribute's value as the browser reads it (React escapes `&` in links). */
function decodeHtml(text: string): string {
  return text.replace(/&amp;/g, '&');
}

/**
 * The large catalogue: start-up, memory, each listing page against the bare server, and a live
 * swap while one visitor keeps asking for a kept page (the longest answer is the pause).
 */
async function largeCatalogue(): Promise<LargeResult> {
  const dir = join(workDir!, 'large');
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
    stats[target.key] = await load(target);
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
    tableRow(t, stats, ratioOf(t), t.reference ? RATIO_TARGET : undefined),
  );
  const missed = targets
    .filter((t) => t.reference && (ratioOf(t) ?? 1) < RATIO_TARGET)
    .map((t) => `${t.key} ratio ${ratioOf(t)} < ${RATIO_TARGET}`);
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
  const compressed: readonly EncodingName[] = ['compressed'];
  const pages: Page[] = [
    { key: 'home', label: 'home /', path: '/' },
    {
      key: 'product',
      label: 'product /parabrisa/peugeot/208-gt',
      path: '/parabrisa/peugeot/208-gt',
    },
    {
      key: 'versions',
      label: `product with 12 versions ${versions.path}`,
      path: versions.path,
    },
    // Every other kind of page the site serves, as browsers ask for it (br, gzip).
    ...(
      [
        { key: 'priceList', label: 'price list /parabrisas', path: '/parabrisas' },
        { key: 'brandPage', label: 'brand page /parabrisas/ford', path: '/parabrisas/ford' },
        { key: 'search', label: 'search /buscar?q=hilux', path: '/buscar?q=hilux' },
        { key: 'answer', label: 'answer page /seguros', path: '/seguros' },
        {
          key: 'selfCheck',
          label: "self-check's answer /reparar-o-cambiar?…",
          path: '/reparar-o-cambiar?tamano=moneda&fisura=no&impactos=1&borde=no&vision=no&sensor=no',
        },
        { key: 'privacy', label: 'privacy /privacidad', path: '/privacidad' },
        { key: 'reviews', label: 'reviews /testimonials', path: '/testimonials' },
        { key: 'contact', label: 'contact /contact', path: '/contact' },
        {
          key: 'contactSent',
          label: 'contact sent /contact?enviado=1',
          path: '/contact?enviado=1',
        },
        { key: 'head', label: 'HEAD /', path: '/', method: 'HEAD' },
        { key: 'booking', label: 'booking /turnos (no choice)', path: '/turnos', goal: 0.8 },
        {
          key: 'bookingDays',
          label: 'booking with a choice /turnos?que=reparacion&lugar=taller',
          path: '/turnos?que=reparacion&lugar=taller',
          goal: 0.3,
        },
        {
          key: 'bookingPrivate',
          label: "a booking's private page (no goal: one person's, never kept)",
          path: privatePage,
          noGoal: true,
        },
        {
          key: 'quoteForm',
          label: `quote form ${quote.form.replace(/&.*/, '&…')}`,
          path: quote.form,
        },
        {
          key: 'quoteOwn',
          label: "a quote's own page (no goal: one person's, never kept)",
          path: quote.own,
          noGoal: true,
        },
        {
          key: 'quoteVerify',
          label: "a quote's verification page (no goal: one quote's, never kept)",
          path: quote.verify,
          noGoal: true,
        },
        { key: 'junk404', label: '404 junk path /wp-login.php', path: '/wp-login.php', goal: 0.8 },
        {
          key: 'junk404Head',
          label: '404 junk path, HEAD',
          path: '/wp-login.php',
          method: 'HEAD',
          goal: 0.8,
        },
        {
          key: 'brand404',
          label: '404 unknown brand /parabrisas/no-existe',
          path: '/parabrisas/no-existe',
          goal: 0.8,
        },
        {
          key: 'model404',
          label: '404 unknown model /parabrisa/ford/no-existe',
          path: '/parabrisa/ford/no-existe',
          goal: 0.8,
        },
        {
          key: 'review404',
          label: '404 unknown review link /opinion/xxx…',
          path: `/opinion/${'x'.repeat(43)}`,
        },
        {
          key: 'link404',
          label: '404 unknown private link /turnos/turno/xxx…',
          path: `/turnos/turno/${'x'.repeat(43)}`,
          goal: 0.8,
        },
        {
          key: 'quote404',
          label: '404 unknown quote /presupuesto/P-…-999999?c=…',
          path: unknownQuote,
          goal: 0.8,
        },
        {
          key: 'search404',
          label: '404 search that found nothing /buscar?q=zzzz',
          path: '/buscar?q=zzzz',
          goal: 0.8,
        },
        {
          key: 'distinct404',
          label: '404 a new junk path every request (no goal: the cost of a flood)',
          path: '/sin-pagina-[<id>]',
          distinct: true,
          noGoal: true,
        },
      ] satisfies Page[]
    ).map((page) => ({ ...page, encodings: compressed })),
  ];
  const { bare, targets } = await againstBare(ssr.url, pages, workDir, 'bare node:http server');
  targets.push({
    key: 'asset',
    label: `asset /${entryFile}`,
    url: `${ssr.url}/${entryFile}`,
    expect: 200,
    encoding: 'compressed',
  });

  log(
    `Load: ${connections} connections, ${seconds} s per target after a ${warmupSeconds} s warm-up`,
  );
  const stats: Record<string, TargetStats> = {};
  for (const target of targets) {
    log(`  ${target.label} (${target.encoding}) ...`);
    stats[target.key] = await load(target);
  }

  const homeHtml = await (await fetch(`${ssr.url}/`)).text();
  const weight = await pageWeight(`${ssr.url}/`, homeHtml);

  await ssr.stop();
  running.delete(ssr);
  await bare.stop();
  running.delete(bare);
  const profiles = cpuProf ? readdirSync(profDir).filter((f) => f.endsWith('.cpuprofile')) : [];

  log('Cold start with a hanging Instagram API: first byte of / ...');
  const coldMs = await coldFirstByte();

  const large =
    process.env.BENCH_LARGE === '0'
      ? undefined
      : await (async () => {
          log('Large catalogue (5,000 models, 20,000 versions) ...');
          return largeCatalogue();
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
    `\n${connections} connections, ${seconds} s per target, 127.0.0.1; "sent as" is the ` +
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

  const checked = targets.filter((t) => t.reference && !t.noGoal);
  const misses: string[] = [...(large?.missed ?? [])];
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
  return targets.some((t) => stats[t.key]!.errors > 0) || large?.errors ? 1 : 0;
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
