/**
 * Fuzzes request targets against the app in-process. The PRNG is seeded: the seed is printed,
 * and a failure reports the shortest target that still fails; FUZZ_SEED=<seed> reproduces it.
 * FUZZ_COUNT sets how many generated GET targets (default 3000).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import http from 'node:http';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SITE_URL, testApp } from '../helpers/app.ts';
import {
  BASE_PATHS,
  XSS_PAYLOADS,
  generateTarget,
  pick,
  rawTargets,
  seededRandom,
  type Random,
} from '../helpers/fuzz.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const COUNT = Number(process.env.FUZZ_COUNT ?? 3000);
const RAW_COUNT = 200;
const BATCH = 20;
const SHRINK_PER_KIND = 4;

/** Statuses a GET may answer; other methods may answer any status below 500. */
const GET_STATUSES = new Set([200, 301, 302, 303, 400, 404, 405, 413, 414, 431]);
/** Every other method is a 405 naming these in Allow. */
const ANSWERED_METHODS = new Set(['GET', 'HEAD', 'POST']);
const ALLOW = 'GET, HEAD, POST';
const STACK_TRACE = /\bat .*\.(ts|tsx|js|mjs|cjs):\d+/;

type Reply = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};
type Probe = {
  method: string;
  target: string;
  /** Sent byte for byte with node:http instead of supertest. */
  raw?: boolean;
  headers?: Record<string, string>;
  body?: string;
};

/** What is wrong with a reply, or undefined. `origin` is where the app listens. */
function problem(reply: Reply, method: string, origin: string): string | undefined {
  if (reply.status >= 500) return `HTTP ${reply.status}`;
  if (!ANSWERED_METHODS.has(method) && (reply.status !== 405 || reply.headers.allow !== ALLOW))
    return `HTTP ${reply.status} to ${method}, not 405 with Allow: ${ALLOW}`;
  if (method === 'GET' && !GET_STATUSES.has(reply.status)) return `unexpected HTTP ${reply.status}`;
  const trace = STACK_TRACE.exec(reply.body);
  if (trace) return `stack trace in body: ${trace[0].slice(0, 120)}`;
  const lower = reply.body.toLowerCase();
  const echoed = XSS_PAYLOADS.find((p) => lower.includes(p.toLowerCase()));
  if (echoed) return `unescaped echo: ${echoed}`;
  const cookies = [reply.headers['set-cookie'] ?? []].flat().join('\n');
  if (cookies.includes('fuzz=') || reply.headers['x-fuzz'] !== undefined) return 'header injection';
  const location = reply.headers.location;
  if (typeof location === 'string') {
    let to: URL;
    try {
      to = new URL(location, `${origin}/`);
    } catch {
      return `unparseable Location: ${location}`;
    }
    if (to.origin !== origin && to.origin !== new URL(SITE_URL).origin)
      return `off-site redirect: ${location}`;
  }
  return undefined;
}

const kindOf = (failure: string) => failure.replace(/:.*$/s, '');
const show = (target: string) =>
  target.length > 160
    ? `${JSON.stringify(target.slice(0, 160))}… (${target.length} chars)`
    : JSON.stringify(target);

let server: http.Server;
let origin: string;
let dataDir: string;

beforeAll(async () => {
  // POSTs may store contact messages: keep them out of the project's data/ folder.
  dataDir = mkdtempSync(join(tmpdir(), 'fuzz-data-'));
  server = http.createServer(await testApp({ env: { DATA_DIR: dataDir } }));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  console.log(`path fuzz: seed ${SEED} (FUZZ_SEED=${SEED} reproduces), ${COUNT} generated targets`);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

async function viaSupertest(probe: Probe): Promise<Reply> {
  const verb = probe.method.toLowerCase() as 'get' | 'head' | 'post' | 'put' | 'delete' | 'options';
  let req = request(server)[verb](probe.target).timeout({ response: 10_000, deadline: 15_000 });
  for (const [k, v] of Object.entries(probe.headers ?? {})) req = req.set(k, v);
  if (probe.body !== undefined) req = req.send(probe.body);
  const res = await req.ok(() => true);
  return { status: res.status, headers: res.headers, body: res.text ?? '' };
}

/** node:http sends the target as given (supertest would normalise backslashes and encode). */
function viaRawHttp(probe: Probe): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}/`,
      { method: probe.method, path: probe.target, agent: false, timeout: 10_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', reject);
    req.end();
  });
}

async function check(probe: Probe): Promise<string | undefined> {
  try {
    const reply = await (probe.raw ? viaRawHttp(probe) : viaSupertest(probe));
    return problem(reply, probe.method, origin);
  } catch (error) {
    return `request failed: ${(error as Error).message}`;
  }
}

/** Drops query parameters and path segments while the same kind of failure remains. */
async function shrink(probe: Probe, failure: string): Promise<Probe> {
  const kind = kindOf(failure);
  let best = probe;
  for (let attempts = 0, improved = true; improved && attempts < 300;) {
    improved = false;
    const q = best.target.indexOf('?');
    const segments = (q < 0 ? best.target : best.target.slice(0, q)).split('/');
    const params = q < 0 ? [] : best.target.slice(q + 1).split('&');
    const build = (segs: string[], ps: string[] | undefined) =>
      `${segs.join('/') || '/'}${ps === undefined ? '' : `?${ps.join('&')}`}`;
    const candidates = [
      ...(q < 0 ? [] : [build(segments, undefined)]),
      ...params.map((_, i) => build(segments, params.toSpliced(i, 1))),
      ...segments
        .slice(1)
        .map((_, i) => build(segments.toSpliced(i + 1, 1), q < 0 ? undefined : params)),
    ];
    for (const target of candidates) {
      if (target.length >= best.target.length) continue;
      attempts++;
      const failed = await check({ ...best, target });
      if (failed && kindOf(failed) === kind) {
        best = { ...best, target };
        improved = true;
        break;
      }
    }
  }
  // Then characters (a %XX escape counts as one), in shrinking chunks.
  let tokens: string[] = best.target.match(/%[0-9A-Fa-f]{2}|[\s\S]/g) ?? [];
  for (let size = Math.max(1, tokens.length >> 1), attempts = 0; size >= 1 && attempts < 300;) {
    let removed = false;
    for (let start = 1; start + size <= tokens.length && attempts < 300; start++) {
      const candidate = tokens.toSpliced(start, size);
      attempts++;
      const failed = await check({ ...best, target: candidate.join('') });
      if (failed && kindOf(failed) === kind) {
        tokens = candidate;
        removed = true;
        break;
      }
    }
    if (!removed) size >>= 1;
  }
  return { ...best, target: tokens.join('') };
}

/** Runs the probes in small concurrent batches; returns one shrunk report per kind of failure. */
async function run(probes: Probe[]): Promise<string[]> {
  const failures: { probe: Probe; failure: string }[] = [];
  for (let i = 0; i < probes.length; i += BATCH) {
    const batch = probes.slice(i, i + BATCH);
    const results = await Promise.all(batch.map(check));
    results.forEach((failure, j) => {
      if (failure) failures.push({ probe: batch[j]!, failure });
    });
  }
  // Several failures of one kind may have different causes: shrink a few spread-out ones
  // and report each distinct smallest target.
  const byKind = new Map<string, { probe: Probe; failure: string }[]>();
  for (const f of failures) {
    const key = `${f.probe.method} ${kindOf(f.failure)}`;
    byKind.set(key, [...(byKind.get(key) ?? []), f]);
  }
  const reports: string[] = [];
  for (const group of byKind.values()) {
    const step = Math.max(1, Math.floor(group.length / SHRINK_PER_KIND));
    const seen = new Set<string>();
    for (let i = 0; i < group.length && seen.size < SHRINK_PER_KIND; i += step) {
      const { probe, failure } = group[i]!;
      const small = await shrink(probe, failure);
      const key = small.target.replace(/%[0-9a-f]{2}/gi, (e) => e.toUpperCase());
      if (seen.has(key)) continue;
      seen.add(key);
      const type = probe.headers?.['content-type'];
      reports.push(
        `${failure.slice(0, 200)} — ${group.length} of ${probes.length} probes (seed ${SEED})\n` +
          `    smallest: ${probe.method} ${show(small.target)}${probe.raw ? ' sent raw' : ''}` +
          `${type ? ` (content-type ${type})` : ''}\n` +
          `    found as: ${probe.method} ${show(probe.target)}`,
      );
    }
  }
  return reports;
}

describe('the fuzz oracle', () => {
  const ok: Reply = { status: 200, headers: {}, body: '<p>hola</p>' };
  const at = 'http://127.0.0.1:1';
  it.each([
    ['a 500', { ...ok, status: 500 }, /^HTTP 500$/],
    ['a status a GET must not answer', { ...ok, status: 403 }, /^unexpected HTTP 403$/],
    [
      'a stack trace',
      { ...ok, body: 'Error: boom\n    at render (/app/server/render.tsx:42:7)' },
      /^stack trace in body/,
    ],
    ['an unescaped script echo', { ...ok, body: `<p>${XSS_PAYLOADS[0]}</p>` }, /^unescaped echo/],
    ['an injected header', { ...ok, headers: { 'set-cookie': ['fuzz=1'] } }, /^header injection$/],
    [
      'an off-site redirect',
      { ...ok, status: 301, headers: { location: '//evil.example/' } },
      /^off-site redirect/,
    ],
  ])('flags %s', (_name, reply, expected) => {
    expect(problem(reply, 'GET', at)).toMatch(expected);
  });
  it('flags another method that is not a 405 with Allow', () => {
    expect(problem(ok, 'PUT', at)).toMatch(/^HTTP 200 to PUT, not 405/);
    expect(problem({ ...ok, status: 405, headers: { allow: ALLOW } }, 'PUT', at)).toBeUndefined();
  });
  it('passes escaped echoes and same-site redirects', () => {
    const escaped = { ...ok, body: '<p>&lt;script&gt;xss1337()&lt;/script&gt;</p>' };
    expect(problem(escaped, 'GET', at)).toBeUndefined();
    const redirect = { ...ok, status: 301, headers: { location: '/parabrisas#ford' } };
    expect(problem(redirect, 'GET', at)).toBeUndefined();
  });
});

describe('path fuzz', () => {
  it('the harness reaches the app: a known page answers 200', async () => {
    const reply = await viaSupertest({ method: 'GET', target: '/parabrisa/ford/fiesta' });
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('Fiesta');
  });

  it(`GET on ${COUNT} generated targets: no 5xx, stack trace, script echo or off-site redirect`, async () => {
    const random = seededRandom(SEED);
    const probes = Array.from({ length: COUNT }, () => ({
      method: 'GET',
      target: generateTarget(random),
    }));
    const reports = await run(probes);
    expect(reports, reports.join('\n')).toEqual([]);
  }, 60_000);

  it(`GET on ${RAW_COUNT} targets sent raw (backslashes, raw bytes, absolute-form)`, async () => {
    const probes = rawTargets(seededRandom(SEED + 1), RAW_COUNT).map((target) => ({
      method: 'GET',
      target,
      raw: true,
    }));
    const reports = await run(probes);
    expect(reports, reports.join('\n')).toEqual([]);
  }, 30_000);

  it('TRACE, PATCH, PROPFIND and friends sent raw answer 405 with Allow', async () => {
    const methods = ['TRACE', 'PATCH', 'PROPFIND', 'MKCOL', 'LOCK', 'PURGE', 'SEARCH', 'QUERY'];
    const probes = BASE_PATHS.flatMap((target) =>
      methods.map((method) => ({ method, target, raw: true })),
    );
    const reports = await run(probes);
    expect(reports, reports.join('\n')).toEqual([]);
  }, 30_000);

  it('HEAD and POST with junk never answer 5xx; OPTIONS, PUT and DELETE answer 405 with Allow', async () => {
    const random = seededRandom(SEED + 2);
    const targets = [
      ...BASE_PATHS,
      ...Array.from({ length: 40 }, () => generateTarget(random, 2048)),
    ];
    const bodies = [
      { type: 'application/x-www-form-urlencoded', body: 'nombre=%ZZ&email=&&&=x&mensaje=%00' },
      { type: 'application/x-www-form-urlencoded', body: 'a'.repeat(70_000) },
      { type: 'application/x-www-form-urlencoded', body: Array(50).fill('k=v').join('&') },
      { type: 'application/json', body: '{"nombre": ' },
      { type: 'text/plain', body: '\u0000\u0001<script>' },
      { type: 'multipart/form-data; boundary=x', body: '--x\r\njunk' },
    ];
    const ip = (r: Random) =>
      [10, ...Array.from({ length: 3 }, () => Math.floor(r() * 256))].join('.');
    const probes: Probe[] = targets.flatMap((target) =>
      ['HEAD', 'POST', 'OPTIONS', 'PUT', 'DELETE'].map((method) => {
        const junk = pick(random, bodies);
        const withBody = method === 'POST' || method === 'PUT';
        return {
          method,
          target,
          headers: {
            'x-forwarded-for': ip(random), // spreads the contact form's per-client rate limit
            ...(withBody ? { 'content-type': junk.type } : {}),
            ...(random() < 0.5 ? { origin: SITE_URL } : {}),
          },
          ...(withBody ? { body: junk.body } : {}),
        };
      }),
    );
    const reports = await run(probes);
    expect(reports, reports.join('\n')).toEqual([]);
  }, 30_000);
});
