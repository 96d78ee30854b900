/**
 * The daily backup (docs/decisions/2026-11-28-backups.md): with BACKUP_DIR set and the
 * database in SQLite, one backup a day at a quiet hour in Jujuy, keeping the newest
 * BACKUP_KEEP. A backup is due when the newest in the folder is older than the last 03:00, so
 * a server that was down at that hour takes it when it comes back, and one started on an
 * empty folder takes the first within a minute. A failure is logged as an error, kept in
 * memory for the panel (client/panel/BackupLine.tsx) and retried an hour later.
 * The copy runs in a child process, the same `npm run backup` the operator runs: its
 * synchronous work (1 to 2 s for a 16 MB database on a loaded machine: docs/performance.md)
 * never holds up a request.
 * With DATABASE_URL, PostgreSQL is copied with pg_dump outside the site (cli/backup.ts).
 */
import type { BackupStatus, Backups } from '../client/panel/backup-types.ts';
import { nextShopDayAt } from '../catalogue/validity.ts';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { backupFileName, listBackups, pruneBackups, type DataPlaces } from '../store/backup.ts';
import type { Logger } from './logger.ts';
import { projectRoot } from './paths.ts';

/** 03:00 in Jujuy: the shop is closed and nobody books. */
export const BACKUP_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export type BackupSchedule = Backups & {
  /** Takes a backup when one is due (tests call it with their clock). */
  runDue(): Promise<void>;
  start(): void;
  stop(): void;
};

export type BackupScheduleOptions = {
  /** BACKUP_DIR; undefined: no backups (the panel says what that risks). */
  readonly dir: string | undefined;
  /** BACKUP_KEEP. */
  readonly keep: number;
  readonly places: DataPlaces;
  /** 'postgres': copied with pg_dump outside the site. */
  readonly engine: 'sqlite' | 'postgres';
  readonly now: () => Date;
  readonly logger: Logger;
  /** How often to look whether a backup is due. */
  readonly checkEveryMs?: number;
  /** Whether the disk of DATA_DIR is full (SQLite; store/disk-space.ts): the panel's line says so. */
  readonly diskFull?: () => boolean;
  /** Writes the backup to `target`; default: backupInChild. */
  readonly take?: (places: DataPlaces, target: string) => Promise<void>;
};

/** A backup may take this long before it is stopped and counted as failed. */
const CHILD_TIMEOUT_MS = 10 * 60_000;

/** `npm run backup -- <target>` (scripts/cli.mjs) on these places; rejects with what it said. */
export function backupInChild(places: DataPlaces, target: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(projectRoot, 'scripts/cli.mjs'), 'backup', target],
      {
        cwd: projectRoot,
        env: {
          ...process.env,
          DATA_DIR: places.dataDir,
          CATALOGUE_FILE: places.catalogueFile,
          DATABASE_URL: '',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
        timeout: CHILD_TIMEOUT_MS,
      },
    );
    let said = '';
    child.stderr.on('data', (chunk) => {
      if (said.length < 4_000) said += String(chunk);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(new Error(said.trim() || `npm run backup ended with ${signal ?? `exit ${code}`}`));
    });
  });
}

/** The latest instant at or before `now` that was BACKUP_HOUR o'clock in Jujuy. */
export function lastBackupSlot(now: Date): number {
  const dayStart = nextShopDayAt(now) - DAY_MS;
  const slot = dayStart + BACKUP_HOUR * HOUR_MS;
  return slot <= now.getTime() ? slot : slot - DAY_MS;
}

export function createBackupSchedule(options: BackupScheduleOptions): BackupSchedule {
  const { dir, keep, places, engine, now, logger, checkEveryMs = 60_000 } = options;
  const take = options.take ?? backupInChild;
  let failure: { at: string; message: string } | null = null;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const status = (): BackupStatus => {
    if (engine === 'postgres') return { state: 'external' };
    const full = options.diskFull?.() ? { diskFull: true } : {};
    if (!dir) return { state: 'off', ...full };
    const kept = listBackups(dir);
    return {
      state: 'on',
      newest: kept[0]?.takenAt.toISOString() ?? null,
      kept: kept.length,
      failure,
      ...full,
    };
  };

  const due = (instant: Date): boolean => {
    if (!dir || engine !== 'sqlite') return false;
    if (failure && instant.getTime() - Date.parse(failure.at) < HOUR_MS) return false;
    const newest = listBackups(dir)[0];
    return !newest || newest.takenAt.getTime() < lastBackupSlot(instant);
  };

  const runDue = () => {
    running ??= (async () => {
      const instant = now();
      if (!dir || !due(instant)) return;
      const target = join(dir, backupFileName(instant));
      const started = Date.now();
      try {
        await take(places, target);
        const removed = pruneBackups(dir, keep);
        failure = null;
        logger.info(
          { file: target, ms: Date.now() - started, removed: removed.length },
          'backup written',
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        failure = { at: instant.toISOString(), message };
        logger.error({ err: error, dir }, 'backup failed; the panel shows it; retried in an hour');
      }
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    status,
    runDue,
    start() {
      if (engine === 'postgres') {
        if (dir)
          logger.warn(
            { dir },
            'BACKUP_DIR is ignored with DATABASE_URL: copy PostgreSQL with pg_dump',
          );
        return;
      }
      if (!dir) {
        logger.warn(
          "BACKUP_DIR is not set: no daily backup of the site's data (docs/operations.md)",
        );
        return;
      }
      if (timer) return;
      logger.info({ dir, keep, hourInJujuy: BACKUP_HOUR }, 'daily backup on');
      timer = setInterval(() => void runDue(), checkEveryMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
