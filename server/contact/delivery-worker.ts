/**
 * E-mails the stored messages: claims one due message at a time from the database (a lease,
 * so several instances never send the same one), sends it, and records the outcome:
 *   sent          the SMTP server accepted it
 *   retry later   a temporary failure (server down, 4xx): exponential back-off, per message,
 *                 and the whole worker pauses too (the next message would most likely fail)
 *   failed        a permanent refusal of this message (5xx): never retried, the CLI shows it
 *
 * Exactly once, except for one window: the SMTP server has accepted a message and the
 * process dies before 'sent' is committed. The lease then expires and the message is sent
 * again, with the same Message-ID.
 */
import type { ClaimedMessage, ContactStore } from '../../store/messages.ts';
import type { Logger } from '../logger.ts';

export type Backoff = { readonly initialMs: number; readonly maxMs: number };

export const DEFAULT_BACKOFF: Backoff = { initialMs: 15_000, maxMs: 30 * 60_000 };

/** Longer than any send can take with the mailer's timeouts (about a minute at worst). */
export const DEFAULT_LEASE_MS = 3 * 60_000;

export type DeliveryWorkerOptions = {
  readonly store: ContactStore;
  readonly send: (message: ClaimedMessage) => Promise<void>;
  readonly logger: Logger;
  readonly backoff?: Backoff;
  /** After a worker dies mid-send, how long until the message may be claimed again. */
  readonly leaseMs?: number;
  /** How often an idle worker looks for due messages (stored by another instance, retries). */
  readonly pollMs?: number;
  /** How long stop() waits for a send in progress to finish and be recorded. */
  readonly stopTimeoutMs?: number;
  readonly now?: () => Date;
};

export type DeliveryWorker = {
  start(): void;
  /** A message was just stored by this process: look now rather than at the next poll. */
  nudge(): void;
  stop(): Promise<void>;
};

export function retryDelay(failures: number, backoff: Backoff): number {
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.max(0, failures - 1));
}

/**
 * A refusal of this message itself (5xx to MAIL FROM, RCPT TO or DATA). Not an
 * authentication failure or a connection problem: those affect every message and are
 * fixed by the operator, so the messages wait.
 */
export function isPermanentRefusal(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = 'code' in error ? error.code : undefined;
  const responseCode = 'responseCode' in error ? error.responseCode : undefined;
  return (
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600 &&
    (code === 'EENVELOPE' || code === 'EMESSAGE')
  );
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { store, send, logger } = options;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const pollMs = options.pollMs ?? 5_000;
  const now = options.now ?? (() => new Date());
  let failures = 0;
  let stopped = false;
  let running: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let nudged = false;

  /** Waits `ms`; an idle wait also ends on nudge() (a back-off does not) and on stop(). */
  function pause(ms: number, idle: boolean): Promise<void> {
    if (idle && nudged) {
      nudged = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = () => {
        if (idle || stopped) done();
      };
    });
  }

  async function record(what: string, id: string, write: () => Promise<void>) {
    try {
      await write();
    } catch (error) {
      logger.error(
        { err: error, id },
        `contact: could not record the message as ${what}; ${
          what === 'sent' ? 'it will be e-mailed again once its lease expires' : 'it stays pending'
        }`,
      );
    }
  }

  async function loop() {
    while (!stopped) {
      let message: ClaimedMessage | undefined;
      try {
        message = await store.claimNext(now(), leaseMs);
      } catch (error) {
        failures++;
        const delay = retryDelay(failures, backoff);
        logger.error({ err: error, retryInMs: delay }, 'contact: cannot read the outbox');
        await pause(delay, false);
        continue;
      }
      if (!message) {
        await pause(pollMs, true);
        continue;
      }
      const { id, attempts } = message;
      try {
        await send(message);
      } catch (error) {
        if (isPermanentRefusal(error)) {
          await record('failed', id, () => store.markFailed(id, errorText(error)));
          logger.error(
            { err: error, id, attempts },
            'contact: the SMTP server refused this message for good; it is marked failed (npm run messages -- list --status failed)',
          );
          continue;
        }
        failures++;
        const delay = retryDelay(attempts, backoff);
        await record('to retry', id, () =>
          store.markRetry(id, errorText(error), new Date(now().getTime() + delay)),
        );
        logger.warn(
          { err: error, id, attempts, retryInMs: delay },
          'contact: e-mail not sent; the message stays queued',
        );
        await pause(retryDelay(failures, backoff), false);
        continue;
      }
      failures = 0;
      await record('sent', id, () => store.markSent(id, now()));
      logger.info({ id }, 'contact: message e-mailed');
    }
  }

  return {
    start() {
      if (running || stopped) return;
      running = loop().catch((error: unknown) => {
        logger.fatal({ err: error }, 'contact: the delivery worker stopped');
      });
    },
    nudge() {
      nudged = true;
      wake?.();
    },
    async stop() {
      stopped = true;
      wake?.();
      if (running) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          running,
          new Promise((resolve) => {
            timer = setTimeout(resolve, options.stopTimeoutMs ?? 8_000);
          }),
        ]);
        clearTimeout(timer);
      }
    },
  };
}
