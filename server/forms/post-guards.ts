/**
 * What POST /contact goes through before React Router's action sees it: same-origin
 * check (403), per-client rate limit (429), form encoding only (415), bounded body
 * (413). Each refusal is a small Spanish page, never the generic 500. The body is read here
 * as bytes, once; the route action parses it (client/contact/action.ts).
 */
import express, { type RequestHandler, type Response } from 'express';
import { isIP } from 'node:net';
import { ipKeyGenerator, rateLimit as createRateLimit, type Store } from 'express-rate-limit';
import type { Logger } from '../logger.ts';
import { refusalPage, type RefusalStatus } from './refusal-pages.ts';
import type { ShopFacts } from '../../client/facts/types.ts';
import { crossSiteReason } from './same-origin.ts';
import { sendStatusPage } from '../error-document.ts';

export type RateLimit = { readonly max: number; readonly windowMs: number };

/**
 * Room for the longest valid form: 5,000 characters of message that are all
 * three-byte UTF-8 (9 bytes each once percent-encoded) is about 45 KB; a limit at 16 KB
 * would refuse valid messages written with many accents, symbols or emoji.
 */
export const FORM_BODY_LIMIT = '64kb';

const FORM_TYPE = 'application/x-www-form-urlencoded';

export const DEFAULT_CONTACT_RATE_LIMIT: RateLimit = { max: 5, windowMs: 10 * 60_000 };

/**
 * An IPv6 /48 (a whole site or provider allocation: 65,536 /64s) may post this many times
 * what one client may, in the same window: rotating /64s inside it gains little.
 */
export const NETWORK_48_FACTOR = 4;

/** One store per limiter (express-rate-limit refuses a store shared by two), by key prefix. */
export type RateLimitStores = (prefix: string) => Store;

export type FormGuardOptions = {
  readonly siteUrl: string;
  readonly logger: Logger;
  /** The published facts: a refusal page offers the shop's phone. */
  readonly facts: () => ShopFacts;
  readonly rateLimit?: RateLimit;
  /** Where the counters live; default in this process's memory (one instance). */
  readonly rateLimitStores?: RateLimitStores;
  /** Whose form: its own counters and log lines (default 'contact'). */
  readonly scope?: string;
};

/**
 * The key a client is counted under: its IPv4 address, or the /64 network of an IPv6
 * address (one household or phone gets a whole /64 and can rotate within it).
 */
export function clientKey(ip: string | undefined): string {
  return ip ? ipKeyGenerator(ip, 64) : 'unknown';
}

/** Answers a refused request with its page, which offers the shop's published phone. */
function refuser(options: FormGuardOptions) {
  return (res: Response, status: RefusalStatus, retryAfterSeconds?: number) =>
    sendStatusPage(res, status, refusalPage(status, options.facts(), retryAfterSeconds));
}

export function formPostGuards(options: FormGuardOptions): RequestHandler[] {
  const { logger } = options;
  const refuse = refuser(options);
  const scope = options.scope ?? 'contact';
  const read = express.raw({ type: FORM_TYPE, limit: FORM_BODY_LIMIT });

  const sameOrigin: RequestHandler = (req, res, next) => {
    const reason = crossSiteReason(req, options.siteUrl);
    if (!reason) return next();
    logger.warn({ reason, ip: req.ip }, `${scope}: cross-site POST refused`);
    refuse(res, 403);
  };

  const body: RequestHandler = (req, res, next) => {
    if (!req.is(FORM_TYPE)) return refuse(res, 415);
    read(req, res, (error?: unknown) => {
      if (!error) return next();
      const status = (error as { status?: number }).status;
      logger.warn({ status, msg: (error as Error).message }, `${scope}: form body refused`);
      refuse(res, status === 413 ? 413 : status === 415 ? 415 : 400);
    });
  };

  return [sameOrigin, ...perClientLimits(options), body];
}

/**
 * The per-client limit alone (an IPv4 address or IPv6 /64, and its /48 with NETWORK_48_FACTOR
 * times the room), answered with the 429 page: the form guards use it, and so may a GET that
 * opens a secret link (a review link).
 */
export function perClientLimits(options: FormGuardOptions): RequestHandler[] {
  const { logger } = options;
  const refuse = refuser(options);
  const scope = options.scope ?? 'contact';
  const limit = options.rateLimit ?? DEFAULT_CONTACT_RATE_LIMIT;
  const limiter = (
    name: string,
    max: number,
    keyGenerator: (ip: string | undefined) => string,
    skip: (ip: string | undefined) => boolean = () => false,
  ) =>
    createRateLimit({
      windowMs: limit.windowMs,
      limit: max,
      store: options.rateLimitStores?.(`${scope}-${name}:`),
      keyGenerator: (req) => keyGenerator(req.ip),
      skip: (req) => skip(req.ip),
      standardHeaders: false,
      legacyHeaders: false,
      // The database being down must not turn a post into a 500: the form then answers 503.
      passOnStoreError: true,
      // The checks that matter are ours: TRUST_PROXY is validated at start, keys are networks.
      validate: { xForwardedForHeader: false, keyGeneratorIpFallback: false },
      handler(req, res) {
        const resetTime = resetTimeOf(req) ?? Date.now() + limit.windowMs;
        const retryAfterSeconds = Math.max(1, Math.ceil((resetTime - Date.now()) / 1000));
        logger.warn({ ip: req.ip, bucket: name }, `${scope}: rate limit reached`);
        res.set('Retry-After', String(retryAfterSeconds));
        refuse(res, 429, retryAfterSeconds);
      },
    });
  const perClient = limiter('client', limit.max, clientKey);
  const perNetwork = limiter(
    'net48',
    limit.max * NETWORK_48_FACTOR,
    (ip) => (ip ? ipKeyGenerator(ip, 48) : 'unknown'),
    (ip) => ip === undefined || isIP(ip) !== 6,
  );
  return [perNetwork, perClient];
}

/** When the client's window ends: express-rate-limit puts it on req.rateLimit (untyped for Express 5). */
function resetTimeOf(req: object): number | undefined {
  const info: unknown = Reflect.get(req, 'rateLimit');
  if (typeof info !== 'object' || info === null || !('resetTime' in info)) return undefined;
  return info.resetTime instanceof Date ? info.resetTime.getTime() : undefined;
}
