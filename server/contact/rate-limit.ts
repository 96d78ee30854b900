/** A sliding-window limit per client, in memory: enough for one server process. */
import { isIPv6 } from 'node:net';

export type RateLimit = { readonly max: number; readonly windowMs: number };

export type RateDecision =
  { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

export type RateLimiter = { hit(key: string): RateDecision };

export function createRateLimiter(
  limit: RateLimit,
  options: { now?: () => number; maxKeys?: number } = {},
): RateLimiter {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 10_000;
  const hits = new Map<string, number[]>();

  /** Drops expired clients, then the oldest ones, leaving room so this runs rarely. */
  function shrink(since: number) {
    for (const [key, times] of hits) if ((times.at(-1) ?? 0) <= since) hits.delete(key);
    for (const key of hits.keys()) {
      if (hits.size <= maxKeys * 0.9) break;
      hits.delete(key);
    }
  }

  return {
    hit(key) {
      const t = now();
      const since = t - limit.windowMs;
      const times = (hits.get(key) ?? []).filter((time) => time > since);
      if (times.length >= limit.max) {
        hits.set(key, times);
        const oldest = times[0] ?? t;
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + limit.windowMs - t) / 1000)),
        };
      }
      times.push(t);
      hits.delete(key); // re-insert: the map stays ordered by last activity
      hits.set(key, times);
      if (hits.size > maxKeys) shrink(since);
      return { allowed: true };
    },
  };
}

/**
 * The key a client is counted under: its IPv4 address, or the /64 network of an
 * IPv6 address (one household or phone gets a whole /64 and can rotate within it).
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const address = ip.split('%')[0] ?? ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
