import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from './logger.ts';
import { isPanelPath } from '../client/paths.ts';
import { notFoundKey, type CachedPage, type PageCache } from './page-cache.ts';
import type { JunkPaths } from './junk-paths.ts';
import type { JunkTally } from './junk-tally.ts';
import {
  notModified,
  representationFor,
  sendPrepared,
  type Representation,
} from './prepared-response.ts';
import { sendSlotted, type SlottedForm } from './slotted-response.ts';
import { requestAnswered, requestId } from './request-log.ts';
import { helmetHeaders } from './security.ts';
import { MAX_URL_LENGTH } from './url-guard.ts';

/** Which paths are junk, and where requests for them are counted. */
export type Junk = { readonly isJunk: JunkPaths; readonly tally: JunkTally };

const NOT_FOUND_PAGE = notFoundKey('page');

/**
 * Answers a GET or HEAD of a kept page before Express sees the request: a map lookup and one
 * write, with the request's one log line (a junk path's is counted instead) and the headers
 * every response gets. Express's per-request setup was most of what a kept page cost
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
  junk?: Junk,
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '';
  if (url.length > MAX_URL_LENGTH || !url.startsWith('/')) return false;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  // The panel is never answered from kept pages: its guard must see every request.
  if (isPanelPath(path)) return false;
  // A junk path gets the kept 404 page, whatever else is kept for it, and is counted, not
  // logged line by line (server/junk-tally.ts).
  const counted = junk?.isJunk(path) ? junk.tally : undefined;
  const page = counted
    ? pages.peek(NOT_FOUND_PAGE)
    : pages.get(path, q < 0 ? '' : url.slice(q + 1));
  if (!page) return false;
  counted?.count(path);
  const start = counted ? 0n : process.hrtime.bigint();
  const reqId = requestId(req);
  sendKeptAnswer(req, res, page.response, reqId);
  // Answered whole: the line now, not on `finish` (a listener per response).
  if (!counted) requestAnswered(logger, req, res, reqId, start);
  return true;
}

function sendKeptAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  response: CachedPage['response'],
  reqId: string,
) {
  if ('parts' in response) {
    sendSlotted(req, res, response, (form) => keptHeaders(form, reqId));
    return;
  }
  const chosen = representationFor(req, response);
  if (notModified(req, response.status, chosen.etag)) {
    res.setHeader('X-Request-Id', reqId);
    for (const [name, value] of helmetHeaders()) res.setHeader(name, value);
    sendPrepared(req, res, response);
    return;
  }
  // One writeHead of headers made once, as a bare node:http server answers: ~20 setHeader
  // calls, or a new object of ~20 headers, per request cost more than the rest of the answer
  // (docs/performance.md, "A 404's HEAD").
  res.writeHead(response.status, keptHeaders(chosen, reqId));
  res.end(chosen.body);
}

/**
 * Per way of sending a kept page (a representation, or a slotted page's form), helmet's headers
 * and its own (its own win a clash) in one object made once, with this request's id written
 * into it: writeHead reads the object before it returns.
 */
const keptHeadersOf = new WeakMap<SentForm, Record<string, string>>();
type SentForm = Representation | SlottedForm;
function keptHeaders(sent: SentForm, reqId: string): Record<string, string> {
  let headers = keptHeadersOf.get(sent);
  if (!headers) {
    const byName = new Map<string, readonly [string, string]>();
    for (const header of [...helmetHeaders(), ...Object.entries(sent.headers)]) {
      byName.set(header[0].toLowerCase(), header);
    }
    headers = { ...Object.fromEntries(byName.values()), 'X-Request-Id': '' };
    keptHeadersOf.set(sent, headers);
  }
  headers['X-Request-Id'] = reqId;
  return headers;
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
