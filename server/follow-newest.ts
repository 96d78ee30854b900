/**
 * What the stores that every instance follows share (the catalogue with DATABASE_URL, the
 * shop's facts): one publish at a time in this process, and a poll of the newest published
 * number. A poll, not LISTEN/NOTIFY: Kysely's pool gives no dedicated listening connection,
 * a poll survives reconnects and failovers without extra code, and one indexed primary-key
 * read a second per instance costs nothing (docs/decisions/2026-11-25-catalogue-store.md).
 */
import type { Logger } from './logger.ts';

/** One task at a time in this process (the compare-and-set covers other processes). */
export function serial() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = last.then(task, task);
    last = run.catch(() => undefined);
    return run;
  };
}

export type FollowOptions = {
  readonly pollMs: number;
  /** The newest number published (undefined or 0: nothing yet). */
  readonly latestSeq: () => Promise<number | undefined>;
  /** The newest number this instance has taken in. */
  readonly seen: () => number;
  /** A newer number was published: read it and swap (a throw is logged, and tried again). */
  readonly onNewer: (newest: number) => Promise<void>;
  readonly logger: Logger;
  /** For the log: "the published catalogue". */
  readonly what: string;
};

/** Polls every `pollMs` until stopped; a failing database is logged once, until it answers again. */
export function followNewest(options: FollowOptions): { stop(): void } {
  let failing = false;
  let polling = false;
  const timer = setInterval(() => {
    if (polling) return;
    polling = true;
    void (async () => {
      try {
        const newest = await options.latestSeq();
        if (newest !== undefined && newest > options.seen()) await options.onNewer(newest);
        failing = false;
      } catch (error) {
        if (!failing)
          options.logger.error(
            { err: error },
            `cannot read ${options.what}; still serving the last one`,
          );
        failing = true;
      } finally {
        polling = false;
      }
    })();
  }, options.pollMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
