/**
 * The catalogue the site serves right now. `watchCatalogue` follows CATALOGUE_FILE: a valid
 * new file replaces the live catalogue in one assignment; a broken, half-written or deleted
 * file is refused with one log line and the previous catalogue keeps serving.
 * Why fs.watch on the folder plus a stat poll: docs/decisions/2026-11-22-live-catalogue.md.
 */
import { statSync, watch, type FSWatcher } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { Logger } from './logger.ts';
import { contentHash, parseCatalogue, type LoadedCatalogue } from './catalogue.ts';

export type CatalogueListener = (catalogue: LoadedCatalogue) => void;

export interface CatalogueSource {
  /** Read per request (never captured at start): the live catalogue. */
  current(): LoadedCatalogue;
  /** Called after each swap; returns the unsubscribe function. */
  subscribe(listener: CatalogueListener): () => void;
}

export interface LiveCatalogue extends CatalogueSource {
  /** Reads the file now (the watcher calls it; tests may too). */
  reload(): Promise<void>;
  close(): void;
}

/** A catalogue that never changes (tests, tools). */
export function fixedCatalogue(catalogue: LoadedCatalogue): CatalogueSource {
  return { current: () => catalogue, subscribe: () => () => {} };
}

export type WatchOptions = {
  /** Events come in bursts (write, rename): wait this long for the last one. */
  readonly debounceMs?: number;
  /** Fallback for file systems where fs.watch misses changes (network mounts, some volumes). */
  readonly pollMs?: number;
  /** A catalogue of 20.000 models is about 15 MB; anything far bigger is not ours. */
  readonly maxBytes?: number;
};

function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String(error.code)
    : 'unknown';
}

export function watchCatalogue(
  file: string,
  initial: LoadedCatalogue,
  logger: Logger,
  { debounceMs = 150, pollMs = 1000, maxBytes = 64 * 1024 * 1024 }: WatchOptions = {},
): LiveCatalogue {
  let live = initial;
  const listeners = new Set<CatalogueListener>();
  /** What was last refused, so a bad file is logged once and not on every poll. */
  let refused: string | undefined;
  let signature: string;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const refuse = (key: string, fields: Record<string, unknown>, message: string) => {
    if (refused === key) return;
    refused = key;
    logger.error({ file, ...fields }, message);
  };

  async function readOnce(): Promise<void> {
    let bytes: Buffer;
    try {
      const info = await stat(file);
      if (info.size > maxBytes) {
        refuse(
          `size:${info.size}`,
          { bytes: info.size, maxBytes },
          'catalogue refused: file too big; still serving the previous catalogue',
        );
        return;
      }
      bytes = await readFile(file);
    } catch (error) {
      const code = errorCode(error);
      refuse(
        `error:${code}`,
        { code },
        code === 'ENOENT'
          ? 'catalogue file missing; still serving the previous catalogue'
          : 'catalogue file unreadable; still serving the previous catalogue',
      );
      return;
    }
    // An empty file is one being written (open with O_TRUNC, then write): the write's own event
    // reads it again. Refusing it would log a line for every in-place save.
    if (bytes.length === 0) return;
    const hash = contentHash(bytes);
    if (hash === live.hash) {
      refused = undefined;
      return;
    }
    if (refused === hash) return;
    const parsed = parseCatalogue(bytes);
    if (!parsed.ok) {
      refuse(
        hash,
        { hash, reason: parsed.reason },
        'catalogue refused; still serving the previous catalogue',
      );
      return;
    }
    refused = undefined;
    live = parsed.catalogue;
    logger.info(
      { file, hash, builtAt: live.builtAt, models: live.lookup.modelCount },
      'catalogue reloaded',
    );
    for (const listener of listeners) {
      try {
        listener(live);
      } catch (error) {
        logger.error({ err: error }, 'catalogue listener failed');
      }
    }
  }

  function reload(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await readOnce();
      } while (again && !closed);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule() {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => void reload(), debounceMs);
    timer.unref();
  }

  // The folder, not the file: an atomic rename replaces the file's inode, and a watch on the
  // old inode would go quiet after the first build.
  const name = basename(file);
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dirname(file), { persistent: false }, (_event, changed) => {
      if (changed === null || changed === name) schedule();
    });
    watcher.on('error', (error) => {
      logger.warn({ err: error, file }, 'catalogue folder watch failed; polling only');
      watcher?.close();
      watcher = undefined;
    });
  } catch (error) {
    logger.warn({ err: error, file }, 'cannot watch the catalogue folder; polling only');
  }

  const statSignature = (info: { ino: number; size: number; mtimeMs: number }) =>
    `${info.ino}:${info.size}:${info.mtimeMs}`;
  try {
    signature = statSignature(statSync(file));
  } catch (error) {
    signature = `error:${errorCode(error)}`;
  }
  const poll = setInterval(() => {
    void stat(file)
      .then(statSignature, (error: unknown) => `error:${errorCode(error)}`)
      .then((now) => {
        if (now !== signature) schedule();
        signature = now;
      });
  }, pollMs);
  poll.unref();

  return {
    current: () => live,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reload,
    close() {
      closed = true;
      clearTimeout(timer);
      clearInterval(poll);
      watcher?.close();
    },
  };
}
