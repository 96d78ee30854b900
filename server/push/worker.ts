/**
 * Sends the push outbox (store/push.ts), off the request path: claims one due row at a time
 * (a lease, so several instances never send the same one), sends it, and records the outcome:
 *   sent      the push service accepted it
 *   retry     429 (after its Retry-After), 5xx, a time-out: back-off per row, until the row's
 *             expiry (the push's TTL); then it is marked expired
 *   gone      404 or 410: the device unsubscribed; it is forgotten with its queued rows
 *   failed    any other answer: never retried
 * A few loops run side by side, so one hanging push service does not hold the others up.
 * Logs name the push service's origin and the row, never the endpoint (its path is the
 * device's secret) nor the text.
 */
import type { ClaimedPush, PushStore } from '../../store/push.ts';
import type { Logger } from '../logger.ts';
import { redactEndpoint } from './endpoint.ts';
import type { PushSender } from './send.ts';

export type PushBackoff = { readonly initialMs: number; readonly maxMs: number };
export const DEFAULT_PUSH_BACKOFF: PushBackoff = { initialMs: 10_000, maxMs: 15 * 60_000 };
/** Longer than a send can take (the sender's 15 s deadline); PUSH_LEASE_SECONDS changes it. */
export const DEFAULT_PUSH_LEASE_MS = 60_000;

export type PushWorkerOptions = {
  readonly store: PushStore;
  readonly send: PushSender;
  readonly logger: Logger;
  readonly now?: () => Date;
  readonly backoff?: PushBackoff;
  /** Longer than a send can take (the sender's deadline). */
  readonly leaseMs?: number;
  readonly pollMs?: number;
  /** Rows sent at the same time. */
  readonly loops?: number;
  readonly stopTimeoutMs?: number;
};

export type PushWorker = {
  start(): void;
  /** Something was just queued by this process: look now rather than at the next poll. */
  nudge(): void;
  stop(): Promise<void>;
};

export function pushRetryDelay(attempts: number, backoff: PushBackoff): number {
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.max(0, attempts - 1));
}

/** What one outbox's loops need: claim a row, deliver it (recording its outcome), or give up on it. */
export type OutboxWorkerOptions<T extends { readonly id: string }> = {
  /** For the logs: "push", "aviso mail". */
  readonly name: string;
  claim(now: Date, leaseMs: number): Promise<T | undefined>;
  deliver(row: T): Promise<void>;
  /** `deliver` threw (the row could not even be prepared): never retried. */
  markFailed(id: string, reason: string): Promise<void>;
  readonly logger: Logger;
  readonly now?: () => Date;
  readonly backoff?: PushBackoff;
  readonly leaseMs?: number;
  readonly pollMs?: number;
  readonly loops?: number;
  readonly stopTimeoutMs?: number;
};

/** Loops that claim one due row at a time with a lease and deliver it (store/outbox.ts). */
export function createOutboxWorker<T extends { readonly id: string }>(
  options: OutboxWorkerOptions<T>,
): PushWorker {
  const { name, logger } = options;
  const now = options.now ?? (() => new Date());
  const backoff = options.backoff ?? DEFAULT_PUSH_BACKOFF;
  const leaseMs = options.leaseMs ?? DEFAULT_PUSH_LEASE_MS;
  const pollMs = options.pollMs ?? 5_000;
  const loops = options.loops ?? 3;
  let stopped = false;
  let running: Promise<void>[] = [];
  const sleepers = new Set<() => void>();

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      sleepers.add(done);
    });
  }

  async function loop() {
    let failures = 0;
    while (!stopped) {
      let row: T | undefined;
      try {
        row = await options.claim(now(), leaseMs);
        failures = 0;
      } catch (error) {
        failures++;
        logger.error({ err: error }, `${name}: cannot read the outbox`);
        await pause(pushRetryDelay(failures, backoff));
        continue;
      }
      if (!row) {
        await pause(pollMs);
        continue;
      }
      try {
        await options.deliver(row);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const id = row.id;
        try {
          await options.markFailed(id, reason);
        } catch (recordError) {
          logger.error({ err: recordError, id }, `${name}: could not record the outcome`);
        }
        logger.error({ id, reason }, `${name}: could not be prepared; not retried`);
      }
    }
  }

  return {
    start() {
      if (running.length > 0 || stopped) return;
      running = Array.from({ length: loops }, () =>
        loop().catch((error: unknown) => {
          logger.fatal({ err: error }, `${name}: a sending loop stopped`);
        }),
      );
    },
    nudge() {
      for (const wake of [...sleepers]) wake();
    },
    async stop() {
      stopped = true;
      for (const wake of [...sleepers]) wake();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(running),
        new Promise((resolve) => {
          timer = setTimeout(resolve, options.stopTimeoutMs ?? 8_000);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}

export function createPushWorker(options: PushWorkerOptions): PushWorker {
  const { store, send, logger } = options;
  const now = options.now ?? (() => new Date());
  const backoff = options.backoff ?? DEFAULT_PUSH_BACKOFF;

  async function record(id: string, write: () => Promise<void>) {
    try {
      await write();
    } catch (error) {
      logger.error({ err: error, id }, 'push: could not record the outcome; the row stays queued');
    }
  }

  async function deliver(push: ClaimedPush) {
    const at = now();
    const expiresAt = new Date(push.expiresAt);
    const service = redactEndpoint(push.endpoint);
    if (expiresAt <= at) {
      await record(push.id, () => store.markDone(push.id, 'expired', 'expired before it was sent'));
      logger.warn({ id: push.id, service, kind: push.kind }, 'push: expired unsent');
      return;
    }
    const outcome = await send({
      endpoint: push.endpoint,
      p256dh: push.p256dh,
      auth: push.auth,
      payload: JSON.stringify({ title: push.title, body: push.body, url: push.url }),
      ttlSeconds: Math.max(1, Math.floor((expiresAt.getTime() - at.getTime()) / 1000)),
      urgency: push.urgency,
      topic: push.topic,
    });
    const base = { id: push.id, service, kind: push.kind, attempts: push.attempts };
    switch (outcome.status) {
      case 'sent':
        await record(push.id, () => store.markSent(push.id, now()));
        logger.info(base, 'push: sent');
        return;
      case 'gone':
        await record(push.id, () => store.forgetDevice(push.subscriptionId));
        logger.info(
          { ...base, code: outcome.code },
          'push: the device unsubscribed; it is forgotten',
        );
        return;
      case 'failed':
        await record(push.id, () => store.markDone(push.id, 'failed', outcome.reason));
        logger.error(
          { ...base, reason: outcome.reason },
          'push: refused by the push service; not retried',
        );
        return;
      case 'retry': {
        const delay = outcome.afterMs ?? pushRetryDelay(push.attempts, backoff);
        const next = new Date(now().getTime() + delay);
        if (next >= expiresAt) {
          await record(push.id, () => store.markDone(push.id, 'expired', outcome.reason));
          logger.warn({ ...base, reason: outcome.reason }, 'push: not sent before it expired');
          return;
        }
        await record(push.id, () => store.markRetry(push.id, outcome.reason, next));
        logger.warn(
          { ...base, reason: outcome.reason, retryInMs: delay },
          'push: not sent; it stays queued',
        );
      }
    }
  }

  // Building the request may fail (a stored key that is not a P-256 point): never retried.
  return createOutboxWorker({
    ...options,
    name: 'push',
    claim: (at, leaseMs) => store.claimNext(at, leaseMs),
    deliver,
    markFailed: (id, reason) => store.markDone(id, 'failed', reason),
  });
}
