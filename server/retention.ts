/**
 * The daily purge: each kind of personal data the site keeps is deleted once older than the
 * period the owner published (`facts.privacy`, what /privacidad says), read at each run. One list, so a
 * new kind (bookings, when they land) is one more entry. Runs a minute after start, then
 * every 24 hours; several instances may each run it (a delete by date is idempotent).
 */
import type { Logger } from './logger.ts';

export type Purge = {
  /** For the log: 'contact messages'. */
  readonly name: string;
  /** Kept this many days (as published when the purge runs); older is deleted. */
  days(): number;
  /** Deletes what arrived before `before`; returns how many rows went. */
  run(before: Date): Promise<number>;
};

export type Retention = {
  /** Runs every purge now (each one's failure is logged, the others still run). */
  runOnce(): Promise<void>;
  start(): void;
  stop(): void;
};

const DAY_MS = 24 * 60 * 60 * 1000;
export const FIRST_RUN_MS = 60_000;

export function createRetention(options: {
  readonly purges: readonly Purge[];
  readonly now: () => Date;
  readonly logger: Logger;
}): Retention {
  const { purges, now, logger } = options;
  const timers: NodeJS.Timeout[] = [];
  let running: Promise<void> | undefined;

  const runOnce = () => {
    running ??= (async () => {
      for (const purge of purges) {
        const days = purge.days();
        const before = new Date(now().getTime() - days * DAY_MS);
        try {
          const deleted = await purge.run(before);
          if (deleted > 0) logger.info({ purge: purge.name, deleted, days }, 'purged');
        } catch (error) {
          logger.error({ err: error, purge: purge.name }, 'purge failed; retried tomorrow');
        }
      }
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    runOnce,
    start() {
      if (timers.length > 0) return;
      timers.push(setTimeout(() => void runOnce(), FIRST_RUN_MS).unref());
      timers.push(setInterval(() => void runOnce(), DAY_MS).unref());
    },
    stop() {
      for (const timer of timers.splice(0)) clearTimeout(timer);
    },
  };
}
