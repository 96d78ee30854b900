/**
 * express-rate-limit's Store on the site's database, so that every instance behind one
 * PostgreSQL counts the same client together (a fixed window per client key).
 */
import type { Options, Store } from 'express-rate-limit';
import type { ContactStore } from '../../store/messages.ts';

export function createRateLimitStore(
  store: Pick<ContactStore, 'rateHit' | 'rateUndo' | 'rateReset' | 'rateCleanup'>,
  prefix: string,
  now: () => Date = () => new Date(),
): Store {
  let windowMs = 60_000;
  let cleanup: NodeJS.Timeout | undefined;
  return {
    // Keys are shared across instances, not local to this process.
    localKeys: false,
    prefix,
    init(options: Options) {
      windowMs = options.windowMs;
      clearInterval(cleanup);
      cleanup = setInterval(() => void store.rateCleanup(now()).catch(() => undefined), windowMs);
      cleanup.unref();
    },
    async increment(key) {
      const { hits, resetAt } = await store.rateHit(`${prefix}${key}`, windowMs, now());
      return { totalHits: hits, resetTime: resetAt };
    },
    decrement: (key) => store.rateUndo(`${prefix}${key}`),
    resetKey: (key) => store.rateReset(`${prefix}${key}`),
    shutdown() {
      clearInterval(cleanup);
    },
  };
}
