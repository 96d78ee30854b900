/**
 * The bench's load driver: servers started and stopped as child processes, the bare node:http
 * server that replays what the SSR server sent, autocannon (and a HEAD loader of its own),
 * and the readings of the answering process's CPU time and memory (Linux /proc).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { connect } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { projectRoot } from '../../server/paths.ts';
import { freePort } from '../../tests/helpers/server.ts';

export const ENCODINGS = {
  identity: {} as Record<string, string>,
  compressed: { 'accept-encoding': 'br, gzip' } as Record<string, string>,
};
export type EncodingName = keyof typeof ENCODINGS;

export type Target = {
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
export type TargetStats = {
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
export type Server = { url: string; pid: number | undefined; stop(): Promise<void> };
/** One response as the SSR server sent it, replayed by the bare server. */
export type Recorded = {
  path: string;
  acceptEncoding: string;
  status: number;
  headers: Record<string, string>;
  body: string;
};

let chosenNode: string | undefined;

/**
 * The node binary the servers (ours and the bare one) run on: the Docker image's exact Node
 * (scripts/image-node.sh, fetched from the registry once), as production runs it. On Node 20
 * a request costs the server a few µs more than on the image's Node, most of it the
 * async_hooks that React's AsyncLocalStorage turns on there (docs/performance.md).
 * BENCH_NODE=current: the Node running the bench; BENCH_NODE=<path>: that binary.
 */
export function serverNode(): string {
  if (chosenNode) return chosenNode;
  const choice = process.env.BENCH_NODE;
  if (choice === 'current') chosenNode = process.execPath;
  else if (choice) chosenNode = choice;
  else {
    const fetched = spawnSync('bash', ['scripts/image-node.sh'], {
      cwd: projectRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (fetched.status !== 0) {
      throw new Error(
        "bench: the image's Node could not be fetched (scripts/image-node.sh); " +
          'BENCH_NODE=current measures on the Node running the bench',
      );
    }
    chosenNode = join(fetched.stdout.trim(), 'node');
  }
  return chosenNode;
}

/** `node --version` of serverNode(). */
export function serverNodeVersion(): string {
  return spawnSync(serverNode(), ['--version'], { encoding: 'utf8' }).stdout.trim();
}

export const running = new Set<Server>();
const loading = new Set<autocannon.Instance>();

export function log(message: string) {
  process.stderr.write(`${message}\n`);
}

/** Spawns a node server on a free port and waits for `healthPath`; kills it if it never answers. */
export async function startServer(
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  healthPath: string,
): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(serverNode(), args, {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), SITE_URL: url, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // What the server printed while it started, for the error below; once it answers, its log
  // lines are read and dropped (kept, they were hundreds of MB of the bench's heap by the end).
  const output: string[] = [];
  const onOutput = (d: Buffer) => output.push(String(d));
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  const started = () => {
    child.stdout?.off('data', onOutput).resume();
    child.stderr?.off('data', onOutput).resume();
  };
  const server: Server = { url, pid: child.pid, stop: () => stopChild(child) };
  running.add(server);
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      running.delete(server);
      throw new Error(`${name} exited during start (code ${child.exitCode}):\n${output.join('')}`);
    }
    try {
      if ((await fetch(url + healthPath)).ok) {
        started();
        return server;
      }
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
export function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, result) => {
      loading.delete(instance);
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve(result);
    });
    loading.add(instance);
  });
}

/** Stops any load under way, then every server still running. */
export async function stopAll() {
  for (const instance of loading) instance.stop();
  await Promise.allSettled([...running].map((s) => s.stop()));
  running.clear();
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
export function record(url: string, headers: Record<string, string>): Promise<Recorded> {
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

/** How long and how hard each target is loaded (scripts/bench.ts reads them from the environment). */
export type LoadSettings = { seconds: number; connections: number; warmupSeconds: number };

export async function load(
  target: Target,
  { seconds, connections, warmupSeconds }: LoadSettings,
): Promise<TargetStats> {
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
export function firstByteMs(url: string): Promise<number> {
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

/** Resident memory of a process (Linux /proc), in bytes; undefined elsewhere. */
export function rssOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return line?.[1] ? Number(line[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

export type Page = {
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
export async function againstBare(
  ssrUrl: string,
  pages: readonly Page[],
  dir: string,
  name: string,
) {
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
