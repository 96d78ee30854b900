/**
 * What POST /contact goes through before React Router's action sees it: same-origin
 * check (403), per-client rate limit (429), form encoding only (415), bounded body
 * (413). Each refusal is a small Spanish page, never the generic 500.
 */
import express, { type RequestHandler, type Response } from 'express';
import type { Logger } from '../logger.ts';
import { refusalPage, type RefusalStatus } from './error-pages.ts';
import { clientKey, createRateLimiter, type RateLimit } from './rate-limit.ts';
import { crossSiteReason } from './same-origin.ts';

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
};

export function contactPostGuards(options: ContactGuardOptions): RequestHandler[] {
  const { logger } = options;
  const limiter = createRateLimiter(options.rateLimit ?? DEFAULT_CONTACT_RATE_LIMIT);
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

  const rateLimit: RequestHandler = (req, res, next) => {
    const decision = limiter.hit(clientKey(req.ip));
    if (decision.allowed) return next();
    logger.warn({ ip: req.ip }, 'contact: rate limit reached');
    res.set('Retry-After', String(decision.retryAfterSeconds));
    refuse(res, 429, decision.retryAfterSeconds);
  };

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

function refuse(res: Response, status: RefusalStatus, retryAfterSeconds?: number) {
  res
    .status(status)
    .set('Cache-Control', 'no-store')
    .type('html')
    .send(refusalPage(status, retryAfterSeconds));
}
