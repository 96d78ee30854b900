/**
 * Public pages while PostgreSQL is stopped (issue 45): a server started with DATABASE_URL on a
 * throw-away cluster (tests/helpers/postgres.ts), its pages recorded while the database is up,
 * then the cluster stopped, then the same load as every other row against the bare server
 * replaying those bytes. Skipped, and said so, where the PostgreSQL binaries are missing.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startPostgres } from '../../tests/helpers/postgres.ts';
import {
  againstBare,
  load,
  log,
  running,
  startServer,
  type LoadSettings,
  type Page,
  type Target,
  type TargetStats,
} from './driver.ts';
import { summaryOf, tableRow } from './report.ts';

export type DatabaseDownResult = {
  rows: string[][];
  /** Why the rows are missing, or targets that could not be measured (a wrong status, a crash). */
  notes: string[];
  summary: Record<string, unknown>;
  errors: boolean;
  missed: string[];
};

const PAGES: Page[] = [
  { key: 'pgDownHome', label: 'home / (PostgreSQL stopped)', path: '/' },
  {
    key: 'pgDownProduct',
    label: 'product /parabrisa/peugeot/208-gt (PostgreSQL stopped)',
    path: '/parabrisa/peugeot/208-gt',
  },
].map((page) => ({ ...page, encodings: ['compressed'] }));

export async function databaseDown(
  workDir: string,
  settings: LoadSettings,
  goal: number,
  p99TargetMs: number,
): Promise<DatabaseDownResult> {
  const postgres = await startPostgres({ durable: false });
  if (!postgres) {
    return {
      rows: [],
      notes: ['PostgreSQL stopped: skipped, no PostgreSQL binaries (initdb, pg_ctl) here'],
      summary: { databaseDown: 'skipped: no PostgreSQL binaries' },
      errors: false,
      missed: [],
    };
  }
  const dir = join(workDir, 'database-down');
  mkdirSync(dir, { recursive: true });
  try {
    const ssr = await startServer(
      'SSR server (PostgreSQL)',
      ['dist/server/index.js'],
      {
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        DATA_DIR: join(dir, 'data'),
        DATABASE_URL: postgres.url,
        INSTAGRAM_ACCESS_TOKEN: '',
        SMTP_URL: '',
      },
      '/healthz',
    );
    // Recorded with the database up: what a visitor got before it stopped.
    const { bare, targets } = await againstBare(
      ssr.url,
      PAGES,
      dir,
      'bare node:http server (PostgreSQL rows)',
    );
    log('  stopping PostgreSQL (pg_ctl stop -m fast) ...');
    await postgres.control('stop');
    const stats: Record<string, TargetStats> = {};
    const notes: string[] = [];
    for (const target of targets) {
      log(`  ${target.label} (${target.encoding}) ...`);
      try {
        stats[target.key] = await load(target, settings);
      } catch (error) {
        notes.push(`${target.label}: not measured, ${(error as Error).message}`);
      }
    }
    await ssr.stop();
    running.delete(ssr);
    await bare.stop();
    running.delete(bare);

    const measured = targets.filter((t) => stats[t.key] && (!t.reference || stats[t.reference]));
    const ratioOf = (t: Target) =>
      t.reference
        ? Number((stats[t.key]!.rps / Math.max(stats[t.reference]!.rps, 1)).toFixed(3))
        : undefined;
    const missed: string[] = [];
    for (const t of measured.filter((t) => t.reference)) {
      const ratio = ratioOf(t)!;
      if (ratio < goal) missed.push(`${t.key} ratio ${ratio} < ${goal}`);
      const p99 = stats[t.key]!.p99;
      if (p99 >= p99TargetMs) missed.push(`${t.key} p99 ${p99} ms >= ${p99TargetMs}`);
    }
    return {
      rows: measured.map((t) => tableRow(t, stats, ratioOf(t), t.reference ? goal : undefined)),
      notes,
      summary: Object.fromEntries(
        measured.map((t) => [t.key, summaryOf(stats[t.key]!, ratioOf(t))]),
      ),
      errors: notes.length > 0 || measured.some((t) => stats[t.key]!.errors > 0),
      missed,
    };
  } finally {
    // The cluster is already stopped: pg_ctl's second stop fails, the files go all the same.
    await postgres.stop().catch(() => undefined);
  }
}
