/**
 * E-mails stored messages one at a time. On start it queues every stored message
 * without a delivery record, so a restart neither loses nor repeats one. A failed
 * send keeps the message queued and pauses the queue with exponential back-off.
 *
 * Exactly once, except for one window: the SMTP server has accepted a message and
 * the process dies before the 'sent' line is fsync'd (the next statement). That
 * message is sent again after the restart, with the same Message-ID.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../logger.ts';
import type { ContactStore, StoredMessage } from './store.ts';

export type Backoff = { readonly initialMs: number; readonly maxMs: number };

export const DEFAULT_BACKOFF: Backoff = { initialMs: 15_000, maxMs: 30 * 60_000 };

export type DeliveryWorkerOptions = {
  readonly store: ContactStore;
  readonly send: (message: StoredMessage) => Promise<void>;
  readonly logger: Logger;
  readonly backoff?: Backoff;
  /** How long stop() waits for a send in progress to finish and be recorded. */
  readonly stopTimeoutMs?: number;
};

export type DeliveryWorker = {
  /** Queues the stored messages not yet e-mailed and starts sending. */
  start(): Promise<void>;
  enqueue(message: StoredMessage): void;
  stop(): Promise<void>;
  readonly queued: number;
};

export function retryDelay(failures: number, backoff: Backoff): number {
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.max(0, failures - 1));
}

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { store, send, logger } = options;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const queue = new Map<string, { message: StoredMessage; attempts: number }>();
  /** Sent by this process: a pending list read before the send finished must not queue it again. */
  const sent = new Set<string>();
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  function enqueue(message: StoredMessage) {
    if (stopped || queue.has(message.id) || sent.has(message.id)) return;
    queue.set(message.id, { message, attempts: 0 });
    // While backing off, the timer (not a new message) decides when to try again.
    if (!running && !timer) run();
  }

  function run() {
    running = drain().finally(() => {
      running = undefined;
    });
  }

  async function drain() {
    while (!stopped) {
      const entry = queue.values().next().value;
      if (!entry) return;
      const { id } = entry.message;
      try {
        await send(entry.message);
      } catch (error) {
        entry.attempts++;
        failures++;
        // To the back of the queue: one message the server refuses must not block the rest.
        queue.delete(id);
        queue.set(id, entry);
        const delay = retryDelay(failures, backoff);
        logger.warn(
          { err: error, id, attempts: entry.attempts, retryInMs: delay },
          'contact: e-mail not sent; the message stays queued',
        );
        if (!stopped) {
          timer = setTimeout(() => {
            timer = undefined;
            run();
          }, delay);
          timer.unref();
        }
        return;
      }
      failures = 0;
      sent.add(id);
      queue.delete(id);
      try {
        await store.markSent(id);
        logger.info({ id }, 'contact: message e-mailed');
      } catch (error) {
        logger.error(
          { err: error, id },
          'contact: message e-mailed but not recorded as sent; it will be e-mailed again after a restart',
        );
      }
    }
  }

  return {
    async start() {
      const pending = await store.pending();
      if (pending.length > 0)
        logger.info({ count: pending.length }, 'contact: queued unsent messages');
      for (const message of pending) enqueue(message);
    },
    enqueue,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      if (running)
        await Promise.race([
          running,
          sleep(options.stopTimeoutMs ?? 8_000, undefined, { ref: false }),
        ]);
    },
    get queued() {
      return queue.size;
    },
  };
}
