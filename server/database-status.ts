/**
 * Whether the site's database answers now, for /healthz and the log: one `select 1` every
 * `pollMs` (2 s), each change logged once ("unreachable", "answers again"). Pages never wait
 * for it: they are served from memory (docs/decisions/2026-12-04-pages-never-read-the-database.md).
 */
import { sql } from 'kysely';
import { databaseFailure, type DatabaseFailure } from '../store/failures.ts';
import type { SiteDatabase } from '../store/schema.ts';
import type { Logger } from './logger.ts';

export type DatabaseState =
  | { readonly ok: true }
  | {
      readonly ok: false;
      /** What /healthz says publicly: 'starting' until it was reached once. */
      readonly failure: DatabaseFailure | 'starting';
      /** The driver's message (hosts, ports): for the log and HEALTH_DETAIL=1. */
      readonly reason: string;
      /** When it stopped answering ('' before the first probe). */
      readonly since: string;
    };

export type DatabaseStatus = {
  current(): DatabaseState;
  start(): void;
  stop(): void;
};

export type DatabaseStatusOptions = {
  readonly database: SiteDatabase;
  readonly logger: Logger;
  /** Not yet migrated since the start (PostgreSQL reached late): why, else undefined. */
  readonly notReady?: () => string | undefined;
  readonly now: () => Date;
  readonly pollMs?: number;
  /**
   * SQLite: whether the disk of DATA_DIR is full (store/disk-space.ts). A `select 1` still
   * answers then, while every write fails with SQLITE_FULL.
   */
  readonly diskFull?: () => boolean;
};

export const DATABASE_STATUS_POLL_MS = 2_000;

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function watchDatabase(options: DatabaseStatusOptions): DatabaseStatus {
  const { database, logger } = options;
  let failing: { failure: DatabaseFailure; reason: string; since: string } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let probing = false;

  const probe = async () => {
    if (probing) return;
    probing = true;
    try {
      await sql`select 1`.execute(database.db);
      if (options.diskFull?.()) {
        if (failing?.failure !== 'full')
          logger.error(
            'database: the disk of DATA_DIR is full; writes answer 503 until space is freed',
          );
        failing = {
          failure: 'full',
          reason: 'the disk of DATA_DIR is full',
          since: failing?.since ?? options.now().toISOString(),
        };
        return;
      }
      if (failing) logger.info({ since: failing.since }, 'database: answers again');
      failing = undefined;
    } catch (error) {
      const reason = reasonOf(error);
      if (!failing) logger.error({ reason }, 'database: unreachable; pages are served from memory');
      failing = {
        failure: databaseFailure(error) ?? 'unreachable',
        reason,
        since: failing?.since ?? options.now().toISOString(),
      };
    } finally {
      probing = false;
    }
  };

  return {
    current() {
      const pending = options.notReady?.();
      if (pending)
        return { ok: false, failure: 'starting', reason: pending, since: failing?.since ?? '' };
      return failing ? { ok: false, ...failing } : { ok: true };
    },
    start() {
      if (timer) return;
      void probe();
      timer = setInterval(() => void probe(), options.pollMs ?? DATABASE_STATUS_POLL_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
