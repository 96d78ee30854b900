/**
 * What POST /contact goes through before React Router's action sees it: same-origin
 * check (403), per-client rate limit (429), form encoding only (415), bounded body
 * (413). Each refusal is a small Spanish page, never the generic 500.
 */
import express, { type RequestHandler, type Response } from 'express';
import { ipKeyGenerator, rateLimit as createRateLimit, type Store } from 'express-rate-limit';
import type { Logger } from '../logger.ts';
import { refusalPage, type RefusalStatus } from './error-pages.ts';
import { crossSiteReason } from './same-origin.ts';

export type RateLimit = { readonly max: number; readonly windowMs: number };

/**
 * Room for the longest valid form: 5,000 characters of message that are all
 * three-byte UTF-8 (9 bytes each once percent-encoded) is about 45 KB; a limit at 16 KB
 * would refuse valid messages written with many accents, symbols or emoji.
 */
export const CONTACT_BODY_LIMIT = '64kb';

export const DEFAULT_CONTACT_RATE_LIMIT: RateLimit = { max: 5, windowMs: 10 * 60_000 };

export type ContactGuardOptions = {
  readonly siteUrl: string;
  readonly logger: Logger;
  readonly rateLimit?: RateLimit;
  /** Where the counters live; default in this process's memory (one instance). */
  readonly rateLimitStore?: Store;
};

/**
 * The key a client is counted under: its IPv4 address, or the /64 network of an IPv6
 * address (one household or phone gets a whole /64 and can rotate within it).
 */
export function clientKey(ip: string | undefined): string {
  return ip ? ipKeyGenerator(ip, 64) : 'unknown';
}

export function contactPostGuards(options: ContactGuardOptions): RequestHandler[] {
  const { logger } = options;
  const limit = options.rateLimit ?? DEFAULT_CONTACT_RATE_LIMIT;
  const parse = express.urlencoded({
    extended: false,
    limit: CONTACT_BODY_LIMIT,
    parameterLimit: 20,
  });

  const sameOrigin: RequestHandler = (req, res, next) => {
    const reason = crossSiteReason(req, options.siteUrl);
    if (!reason) return next();
    logger.warn({ reason, ip: req.ip }, 'contact: cross-site POST refused');
    refuse(res, 403);
  };

  const rateLimit = createRateLimit({
    windowMs: limit.windowMs,
    limit: limit.max,
    store: options.rateLimitStore,
    keyGenerator: (req) => clientKey(req.ip),
    standardHeaders: false,
    legacyHeaders: false,
    // The database being down must not turn a post into a 500: the form then answers 503.
    passOnStoreError: true,
    // The checks that matter are ours: TRUST_PROXY is validated at start, keys are /64.
    validate: { xForwardedForHeader: false, keyGeneratorIpFallback: false },
    handler(req, res) {
      const resetTime = resetTimeOf(req) ?? Date.now() + limit.windowMs;
      const retryAfterSeconds = Math.max(1, Math.ceil((resetTime - Date.now()) / 1000));
      logger.warn({ ip: req.ip }, 'contact: rate limit reached');
      res.set('Retry-After', String(retryAfterSeconds));
      refuse(res, 429, retryAfterSeconds);
    },
  });

  const body: RequestHandler = (req, res, next) => {
    if (!req.is('application/x-www-form-urlencoded')) return refuse(res, 415);
    parse(req, res, (error?: unknown) => {
      if (!error) return next();
      const status = (error as { status?: number }).status;
      logger.warn({ status, msg: (error as Error).message }, 'contact: form body refused');
      refuse(res, status === 413 ? 413 : status === 415 ? 415 : 400);
    });
  };

  return [sameOrigin, rateLimit, body];
}

/** When the client's window ends: express-rate-limit puts it on req.rateLimit (untyped for Express 5). */
function resetTimeOf(req: object): number | undefined {
  const info: unknown = Reflect.get(req, 'rateLimit');
  if (typeof info !== 'object' || info === null || !('resetTime' in info)) return undefined;
  return info.resetTime instanceof Date ? info.resetTime.getTime() : undefined;
}

function refuse(res: Response, status: RefusalStatus, retryAfterSeconds?: number) {
  res
    .status(status)
    .set('Cache-Control', 'no-store')
    .type('html')
    .send(refusalPage(status, retryAfterSeconds));
}
