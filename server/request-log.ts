import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { logRequestLine, type Logger } from './logger.ts';
import { isPanelPath, paths, queryParams } from '../client/paths.ts';

const SAFE_ID = /^[\w.:-]{1,100}$/;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    /** What our middleware puts on `res.locals` for the handlers after it. */
    interface Locals {
      /** This request's logger, with its request id. */
      log: Logger;
    }
  }
}

/** The proxy's X-Request-Id when it is sane, else a new one. */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Starts a request's one JSON log line, written when the response finishes, with a request
 * id (the proxy's X-Request-Id when it is sane, else a new one). Returns the id, which the
 * caller sends back as X-Request-Id (see logRequest).
 */
function startRequestLine(logger: Logger, req: IncomingMessage, res: ServerResponse): string {
  const reqId = requestId(req);
  // Express rewrites req.url inside mounted routers: keep the URL as it arrived.
  const url = withoutSecrets((req.url ?? '').slice(0, 300));
  const start = process.hrtime.bigint();
  res.on('finish', () => writeRequestLine(logger, req, url, reqId, res.statusCode, start));
  return reqId;
}

/**
 * The line of a request answered whole already (a kept page: headers and body handed to
 * Node in one call), written at once: no `finish` listener per response.
 */
export function requestAnswered(
  logger: Logger,
  req: IncomingMessage,
  res: ServerResponse,
  reqId: string,
  start: bigint,
): void {
  const url = withoutSecrets((req.url ?? '').slice(0, 300));
  writeRequestLine(logger, req, url, reqId, res.statusCode, start);
}

function writeRequestLine(
  logger: Logger,
  req: IncomingMessage,
  url: string,
  reqId: string,
  status: number,
  start: bigint,
): void {
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  logRequestLine(logger, {
    reqId,
    method: req.method ?? '',
    url,
    status,
    ms: Math.round(ms * 10) / 10,
  });
}

/** startRequestLine, with the id echoed in the response's X-Request-Id. */
export function logRequest(logger: Logger, req: IncomingMessage, res: ServerResponse): string {
  const reqId = startRequestLine(logger, req, res);
  res.setHeader('X-Request-Id', reqId);
  return reqId;
}

/** Path prefixes followed by a secret: a booking's private link, the owner's feed, a review link. */
const TOKEN_PREFIXES = [
  paths.bookingManage(''),
  paths.bookingFeed('').split('//')[0] + '/',
  paths.review(''),
];
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const tokenInPath = new RegExp(`^(${TOKEN_PREFIXES.map(escapeRegExp).join('|')})[^/?#]+`, 'i');

/**
 * A panel link's token (`/panel/enlace?t=…`) and a booking's, the feed's or a review link's token in the path
 * never reach the logs.
 */
function withoutSecrets(original: string): string {
  const url = original.replace(tokenInPath, '$1***');
  const q = url.indexOf('?');
  if (q < 0 || !isPanelPath(url.slice(0, q))) return url;
  const tokenParam = new RegExp(`([?&]${queryParams.panelToken}=)[^&]*`, 'g');
  return url.replace(tokenParam, '$1***');
}

/** The request's log line, and `res.locals.log` for everything the request logs besides. */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const reqId = logRequest(logger, req, res);
    // A child logger only for requests that log more than their one line (most do not).
    let child: Logger | undefined;
    Object.defineProperty(res.locals, 'log', {
      get: () => (child ??= logger.child({ reqId })),
      enumerable: true,
      configurable: true,
    });
    next();
  };
}
