import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from './logger.ts';

const SAFE_ID = /^[\w.:-]{1,100}$/;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    /** What our middleware puts on `res.locals` for the handlers after it. */
    interface Locals {
      /** This request's logger, with its request id. */
      log: Logger;
      /** This response's CSP nonce (server/security.ts). */
      nonce: string;
    }
  }
}

/**
 * One JSON log line per request, with a request id (the proxy's X-Request-Id when it
 * is sane, else a new one) that is echoed in the response and on every line logged
 * for that request through `res.locals.log`.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get('x-request-id');
    const reqId = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
    // A child logger only for requests that log more than their one line (most do not).
    let child: Logger | undefined;
    Object.defineProperty(res.locals, 'log', {
      get: () => (child ??= logger.child({ reqId })),
      enumerable: true,
      configurable: true,
    });
    res.setHeader('X-Request-Id', reqId);
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const line = {
        reqId,
        method: req.method,
        url: req.originalUrl.slice(0, 300),
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
      };
      if (res.statusCode >= 500) logger.error(line, 'request');
      else logger.info(line, 'request');
    });
    next();
  };
}
