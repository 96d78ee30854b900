import type { Logger } from './logger.ts';

/**
 * Requests for junk paths (server/junk-paths.ts), counted instead of logged one line each:
 * scanners send them by the thousand, and a line each cost about a tenth of what answering a
 * HEAD costs (docs/decisions/2026-12-05-junk-paths-counted.md). Every minute in which any
 * came, one line: how many, how many distinct paths, and the most asked.
 */
export type JunkTally = {
  count(path: string): void;
  /** Logs what was counted since the last line, if anything, and starts again. */
  flush(): void;
  start(): void;
  /** Logs what is left. */
  stop(): void;
};

/** Distinct paths told apart in a minute (the rest are only counted), each cut to this length. */
const MAX_PATHS = 1_000;
const MAX_PATH_LENGTH = 100;
const TOP = 5;

export function createJunkTally(logger: Logger, everyMs = 60_000): JunkTally {
  let requests = 0;
  let untold = 0;
  let byPath = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (requests === 0) return;
    const top = [...byPath]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([path, count]) => ({ path, requests: count }));
    logger.info(
      // paths: those told apart; untold: requests for paths past the first MAX_PATHS.
      { junk: { requests, paths: byPath.size, untold, top } },
      'junk paths answered 404',
    );
    requests = 0;
    untold = 0;
    byPath = new Map();
  };
  return {
    count(path) {
      requests += 1;
      const key = path.slice(0, MAX_PATH_LENGTH);
      const seen = byPath.get(key);
      if (seen !== undefined) byPath.set(key, seen + 1);
      else if (byPath.size < MAX_PATHS) byPath.set(key, 1);
      else untold += 1;
    },
    flush,
    start() {
      timer ??= setInterval(flush, everyMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
      flush();
    },
  };
}
