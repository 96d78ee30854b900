import type { Server } from 'node:http';

/**
 * The HTTP server's own limits (README, Deployment). Node's defaults suit no small site:
 * 60 s for headers, 5 minutes for a request, no cap on connections, and both timeouts
 * enforced only every 30 s, so a client sending a header byte a second held a socket for
 * a minute and a half.
 */
export const HTTP_LIMITS = {
  /** The whole request head: a phone on a slow link sends it in well under a second. */
  headersTimeoutMs: 10_000,
  /** The whole request, body included (the contact form's 64 KB at the slowest 2G). */
  requestTimeoutMs: 30_000,
  /**
   * An idle keep-alive connection is closed after this: longer than the idle timeout of
   * the proxies in front (AWS ALB and nginx 60 s), so the proxy, not we, closes first and
   * never sends a request on a socket we are closing (a 502 for the visitor).
   */
  keepAliveTimeoutMs: 65_000,
  /** Open sockets at once; beyond it new ones are refused. A 1 GB VM serves this many easily. */
  maxConnections: 1024,
  /** How often Node checks the two timeouts above (default 30 s, which would triple them). */
  checkEveryMs: 1_000,
} as const;

/** The options that only exist at creation (the check interval), for http.createServer. */
export const HTTP_SERVER_OPTIONS = {
  connectionsCheckingInterval: HTTP_LIMITS.checkEveryMs,
  headersTimeout: HTTP_LIMITS.headersTimeoutMs,
  requestTimeout: HTTP_LIMITS.requestTimeoutMs,
  keepAliveTimeout: HTTP_LIMITS.keepAliveTimeoutMs,
} as const;

/** Sets the limits that can be set after creation (development's server is made elsewhere). */
export function applyHttpLimits(server: Server): void {
  server.headersTimeout = HTTP_LIMITS.headersTimeoutMs;
  server.requestTimeout = HTTP_LIMITS.requestTimeoutMs;
  server.keepAliveTimeout = HTTP_LIMITS.keepAliveTimeoutMs;
  server.maxConnections = HTTP_LIMITS.maxConnections;
}
