import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from './logger.ts';
import { isPanelPath } from '../client/paths.ts';
import { notFoundKey, type CachedPage, type PageCache } from './page-cache.ts';
import { NO_JUNK, type JunkPaths } from './junk-paths.ts';
import { sendPrepared } from './prepared-response.ts';
import { sendSlotted } from './slotted-response.ts';
import { logRequest } from './request-log.ts';
import { helmetHeaders } from './security.ts';
import { MAX_URL_LENGTH } from './url-guard.ts';

/**
 * Answers a GET or HEAD of a kept page before Express sees the request: a map lookup and one
 * write, with the request's one log line and the headers every response gets. Express's
 * per-request setup was most of what a kept page cost
 * (docs/decisions/2026-11-22-page-identity.md). Returns false when the request is not for a
 * kept page; the app then answers it. A kept path was valid when it was kept, so none of
 * the app's guards is skipped; a junk path (server/junk-paths.ts) gets the kept 404 page it
 * would get from the app.
 */
export function answerFromKeptPages(
  pages: PageCache,
  logger: Logger,
  req: IncomingMessage,
  res: ServerResponse,
  junk: JunkPaths = NO_JUNK,
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '';
  if (url.length > MAX_URL_LENGTH || !url.startsWith('/')) return false;
  const q = url.indexOf('?');
  // The panel is never answered from kept pages: its guard must see every request.
  if (isPanelPath(q < 0 ? url : url.slice(0, q))) return false;
  const path = q < 0 ? url : url.slice(0, q);
  const page =
    pages.get(path, q < 0 ? '' : url.slice(q + 1)) ??
    (junk(path) ? pages.peek(notFoundKey('page')) : undefined);
  if (!page) return false;
  logRequest(logger, req, res);
  for (const [name, value] of helmetHeaders()) res.setHeader(name, value);
  sendKept(req, res, page.response);
  return true;
}

/** A kept page's response: its prepared bytes, or its bytes with a new one-time value. */
export function sendKept(
  req: IncomingMessage,
  res: ServerResponse,
  response: CachedPage['response'],
) {
  if ('parts' in response) sendSlotted(req, res, response);
  else sendPrepared(req, res, response);
}
