/**
 * The bench's report: the table, each target's figures in the JSON summary, the home page's
 * weight, and the top self-time functions of a CPU profile.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Target, TargetStats } from './driver.ts';

export type PageWeight = {
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
export async function pageWeight(pageUrl: string, html: string): Promise<PageWeight> {
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
export function topSelfTime(file: string, limit = 20): string[] {
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

export const TABLE_HEADER = [
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
export function tableRow(
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
export function summaryOf(s: TargetStats, ratio: number | undefined) {
  return { rps: s.rps, p50: s.p50, p99: s.p99, errors: s.errors, ratio, cpuUs: s.cpuUs };
}

export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [
    line(rows[0]!),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.slice(1).map(line),
  ].join('\n');
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
