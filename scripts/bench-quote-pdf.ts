/**
 * `npm run bench:quote-pdf [-- --out quote.pdf]`: what one insurance quote's PDF costs, measured
 * alone (server/quotes/pdf.ts): the time per PDF (median, p95, max over a run after warm-up)
 * and the memory (the heap and RSS growth over the run, and the heap a single PDF holds while
 * it is made). The goal is "well under a second and a bounded amount of memory": a bench, never
 * a timed test. `--out` also writes one sample PDF (to look at: `pdftoppm -png -r 100`).
 * Prints a table, then a JSON summary as its last line.
 */
import { writeFileSync } from 'node:fs';
import { renderQuotePdf } from '../server/quotes/pdf.ts';
import type { QuoteDocument } from '../client/quote/types.ts';
import { sampleQuoteDraft } from '../tests/helpers/quotes.ts';

const RUNS = Number(process.env.BENCH_QUOTE_RUNS ?? 200);
const WARMUP = 20;
const out = process.argv.indexOf('--out');

const quote: QuoteDocument = {
  ...sampleQuoteDraft(),
  number: 'P-2026-000123',
  verifyUrl: 'https://parabrisasjujuy.com.ar/presupuesto/P-2026-000123?c=7kq2m9xdh3fa',
};

const gc = typeof globalThis.gc === 'function' ? globalThis.gc : undefined;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

const first = performance.now();
const sample = await renderQuotePdf(quote);
const coldMs = performance.now() - first;
if (out > 0) writeFileSync(process.argv[out + 1] ?? 'quote.pdf', sample);

for (let i = 0; i < WARMUP; i++) await renderQuotePdf(quote);
gc?.();
const before = process.memoryUsage();
let peakHeap = before.heapUsed;
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  await renderQuotePdf(quote);
  times.push(performance.now() - start);
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
}
gc?.();
const after = process.memoryUsage();
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
const summary = {
  runs: RUNS,
  bytes: sample.length,
  coldMs: Number(coldMs.toFixed(1)),
  medianMs: Number(at(0.5).toFixed(1)),
  p95Ms: Number(at(0.95).toFixed(1)),
  maxMs: Number((times.at(-1) ?? 0).toFixed(1)),
  heapGrowthMB: Number(mb(after.heapUsed - before.heapUsed)),
  peakHeapAboveStartMB: Number(mb(peakHeap - before.heapUsed)),
  rssMB: Number(mb(after.rss)),
  gc: gc !== undefined,
};
console.log(
  `PDF of one quote: ${summary.bytes} bytes, first ${summary.coldMs} ms (fonts and modules)`,
);
console.log(`| runs | median | p95 | max | heap growth | peak heap above start | RSS |`);
console.log(`| --- | --- | --- | --- | --- | --- | --- |`);
console.log(
  `| ${RUNS} | ${summary.medianMs} ms | ${summary.p95Ms} ms | ${summary.maxMs} ms | ${summary.heapGrowthMB} MB | ${summary.peakHeapAboveStartMB} MB | ${summary.rssMB} MB |`,
);
console.log(JSON.stringify(summary));
