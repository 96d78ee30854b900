import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router-dom';
import { Document } from '../client/Document.tsx';
import type { AppContext } from '../client/app-context.ts';
import type { GallerySource } from '../client/gallery/types.ts';
import type { Canonical, PageIdentity } from '../client/page-identity.ts';
import type { PageAssets } from './assets.ts';
import type { Logger } from './logger.ts';
import {
  errorDocument,
  RETRY_AFTER_SECONDS,
  sendStatusPage,
  unavailableDocument,
} from './error-document.ts';
import { databaseFailure, type DatabaseFailure } from '../store/failures.ts';
import {
  hasPending,
  notFoundKey,
  pageKey,
  type CachedPage,
  type DataSource,
  type PageCache,
} from './page-cache.ts';
import { prepareResponse } from './prepared-response.ts';
import { prepareSlotted } from './slotted-response.ts';
import { sendKept } from './kept-pages.ts';
import type { BookingService } from '../client/booking/types.ts';
import { inlineScriptHashes, nonceSource, type ContentSecurityPolicy } from './security.ts';

/**
 * A page is answered one of two ways:
 *
 * - renderCachedPage: GET and HEAD of a page whose data is complete. Rendered once, with
 *   the request reduced to its page identity (path + the query parameters the route reads,
 *   no headers), to one buffer, so every visitor gets the same bytes, compressed once, with
 *   an ETag (PageCache keeps it). The renderer emits no executable inline script on such a
 *   page (islands load from our origin), so its CSP allows none: a page whose HTML carries
 *   one anyway (content injected into it) is not kept but streamed, where only scripts with
 *   the response's nonce run. A page that hands out a one-time form token (the booking form)
 *   is kept the same way around the token, which each response fills in
 *   (server/slotted-response.ts); the places it shows are a data source like the catalogue
 *   (docs/decisions/2026-11-28-every-page-at-the-limit.md).
 * - streamPage: everything else: POST results, pages whose data is still coming (cold
 *   Instagram cache), crawlers waiting for such data, render failures. Rendered per
 *   request with a fresh CSP nonce and streamed: visitors get the shell as soon as it is
 *   ready, crawlers the whole document at once.
 */
export type RenderOptions = {
  readonly handler: StaticHandler;
  /** This request's context (crawler or visitor). */
  readonly context: AppContext;
  readonly assets: PageAssets;
  readonly csp: ContentSecurityPolicy;
  readonly timeoutMs: number;
  readonly logger: Logger;
  /** Finished pages; absent: stream every request (development, where sources change). */
  readonly cache?: PageCache;
  /** A panel page: never kept, sent `no-store` (server/panel/guard.ts set its other headers). */
  readonly privatePage?: boolean;
};

/** HTML caching: short at the CDN, revalidated by browsers; errors are never cached. */
function htmlCacheControl(status: number): string {
  if (status === 200) return 'public, max-age=0, s-maxage=300, stale-while-revalidate=600';
  if (status === 404) return 'public, max-age=0, s-maxage=60';
  return 'no-store';
}

/** Statuses whose page is the same for everyone: kept and revalidated. */
const CACHEABLE_STATUSES = new Set([200, 404]);

export async function renderDocument(
  req: ExpressRequest,
  res: ExpressResponse,
  opts: RenderOptions,
) {
  if (opts.cache && !opts.privatePage && (req.method === 'GET' || req.method === 'HEAD')) {
    const page = await renderCachedPage(req, opts, opts.cache);
    if (page && !res.headersSent) return sendKept(req, res, page.response);
  }
  return streamPage(req, res, opts);
}

/**
 * Stands for the booking form's one-time token while a kept page is rendered, and is cut out
 * of it (server/slotted-response.ts): each response gets a new token there. 256 random bits
 * drawn per process, so no content can contain it by chance; never sent.
 */
const TOKEN_SLOT = randomBytes(32).toString('base64url');

/** Path one: the page from the cache, or built once for everyone; undefined: stream it. */
async function renderCachedPage(
  req: ExpressRequest,
  opts: RenderOptions,
  cache: PageCache,
): Promise<CachedPage | undefined> {
  const path = req.path;
  const q = req.originalUrl.indexOf('?');
  const search = q < 0 ? '' : req.originalUrl.slice(q + 1);
  const kept = cache.get(path, search);
  if (kept) return kept;

  // The page's identity is the path plus the query parameters its routes read, and the router's
  // answer for the path alone says which routes those are (it matches on branches it ranked
  // once; matching here ourselves ranked every route again: 40 % of a 404's time). Only when
  // the request carries one of those parameters is the page asked for again, with them.
  const since = cache.generations();
  let asked = await query(opts, path);
  if (!asked) return undefined;
  const searchParams = declaredParams(asked.result);
  const key = pageKey(path, searchParams, search);
  if (key !== path) {
    const keptByKey = cache.peek(key);
    if (keptByKey) return keptByKey;
    asked = await query(opts, key);
    if (!asked) return undefined;
  }
  const { result, tracked } = asked;
  if (
    !CACHEABLE_STATUSES.has(result.statusCode) ||
    hasPending(result.loaderData) ||
    !tracked.complete() ||
    (tracked.personal() && result.statusCode !== 404)
  ) {
    return undefined;
  }
  // A 404 is kept once per kind whatever the path, and the path is remembered as that page
  // (an alias): a flood of junk URLs costs one router query each and no render, no compression
  // and no page, and a junk URL asked again is answered before Express.
  const notFound = result.statusCode === 404 ? notFoundIdentity(result) : undefined;
  const identity = notFound ?? key;
  const build = async (): Promise<CachedPage | undefined> => {
    const html = await renderToBuffer(opts, result);
    if (html === undefined) return undefined;
    const foreign = inlineScriptHashes(html);
    if (foreign.length > 0) {
      opts.logger.error(
        { url: req.originalUrl, inlineScripts: foreign.length },
        'page carries an inline script it should not: not kept, streamed with a nonce',
      );
      return undefined;
    }
    const status = result.statusCode;
    const formPage = tracked.formPage();
    const headers = {
      'Content-Type': 'text/html; charset=utf-8',
      // A page that hands out one-time tokens, or answers a private link, is nobody else's
      // to store (a link unknown now may be a booking in a minute).
      'Cache-Control':
        formPage || tracked.personal() ? 'private, no-store' : htmlCacheControl(status),
      'Content-Security-Policy': opts.csp.baseline,
    };
    const newToken = () => opts.context.bookings.newToken();
    const response = html.includes(TOKEN_SLOT)
      ? prepareSlotted(status, headers, html, TOKEN_SLOT, newToken)
      : await prepareResponse(status, headers, html);
    const sources = tracked.sources;
    return { response, sources, searchParams: notFound ? {} : searchParams, formPage };
  };
  const page = await cache.getOrBuild(identity, notFound ?? path, build, since);
  if (page && notFound) cache.alias(key, path, searchParams, identity, since);
  return page;
}

/** The router's answer for `url` (a path and the parameters the page reads), reads watched. */
async function query(opts: RenderOptions, url: string) {
  const tracked = trackReads(opts.context);
  const request = new Request(`${opts.context.siteUrl}${url}`, {
    signal: AbortSignal.timeout(opts.timeoutMs),
  });
  const result = await opts.handler.query(request, { requestContext: tracked.context });
  return result instanceof Response ? undefined : { result, tracked };
}

/**
 * The identity of a 404 page: its kind only ('404:page', '404:product'). The page says what
 * was not found in general, never the path asked for (a test compares two such pages).
 */
function notFoundIdentity(result: StaticHandlerContext): string {
  for (const error of Object.values(result.errors ?? {})) {
    if (!isRouteErrorResponse(error) || error.status !== 404) continue;
    const kind: unknown =
      typeof error.data === 'object' && error.data !== null
        ? Reflect.get(error.data, 'kind')
        : undefined;
    return typeof kind === 'string' ? notFoundKey(kind) : '404';
  }
  return '404';
}

/** The query parameters the matched routes declare (client/page-identity.ts), merged. */
function declaredParams(result: StaticHandlerContext): PageIdentity['searchParams'] {
  const params: Record<string, Canonical> = {};
  for (const { route } of result.matches) {
    const declared: unknown = route.handle?.searchParams;
    if (typeof declared !== 'object' || declared === null) continue;
    for (const [name, canonical] of Object.entries(declared)) {
      if (typeof canonical === 'function') params[name] = canonical;
    }
  }
  return params;
}

/**
 * The visitor context with its data sources watched: which ones the loaders read (the
 * page's cache tags), whether what they got is final (a cold gallery is not), and whether
 * the page hands out a one-time form token (it gets TOKEN_SLOT, filled per response).
 * A built page is shared by everyone, so it never waits for Instagram.
 */
function trackReads(context: AppContext) {
  const sources = new Set<DataSource>();
  let complete = true;
  let formPage = false;
  const gallery: GallerySource = {
    async snapshot() {
      const state = await context.gallery.snapshot({ waitMs: 0 });
      if (state.status === 'loading') complete = false;
      return state;
    },
  };
  const service = context.bookings;
  // Places left are kept with the page and rebuilt when a booking changes them. A booking
  // itself (the private page) is one person's and never kept; only "no such booking", the
  // same 404 for every unknown link, is, until the next booking (a form's token becomes a link).
  let personal = false;
  const person = () => {
    personal = true;
    sources.add('bookings');
    return service;
  };
  const bookings: BookingService = {
    newToken() {
      formPage = true;
      return TOKEN_SLOT;
    },
    closures(from, to) {
      sources.add('bookings');
      return service.closures(from, to);
    },
    calendar(place, from, to, rules) {
      sources.add('bookings');
      return service.calendar(place, from, to, rules);
    },
    book: (request) => person().book(request),
    find: (token) => person().find(token),
    cancel: (token) => person().cancel(token),
    move: (token, day, window) => person().move(token, day, window),
  };
  const tracked: AppContext = {
    ...context,
    isBot: false,
    galleryWaitMs: 0,
    get catalogue() {
      sources.add('catalogue');
      return context.catalogue;
    },
    get facts() {
      sources.add('facts');
      return context.facts;
    },
    get gallery() {
      sources.add('gallery');
      return gallery;
    },
    bookings,
    get reviews() {
      sources.add('reviews');
      return context.reviews;
    },
    // A review link's form and a stored quote are one person's: their pages are never kept.
    // Only "no such link or quote", the same 404 for every unknown token, number, key or code,
    // is; it never needs dropping, as no URL that answered it can become a link's or a quote's
    // (tokens, keys and codes are drawn when the link is made or the quote issued).
    get reviewLinks() {
      personal = true;
      return context.reviewLinks;
    },
    get quotes() {
      personal = true;
      return context.quotes;
    },
  };
  return {
    context: tracked,
    sources,
    complete: () => complete,
    personal: () => personal,
    formPage: () => formPage,
  };
}

/** The whole document in one string, without a nonce; undefined if rendering failed. */
function renderToBuffer(
  opts: RenderOptions,
  result: StaticHandlerContext,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    let failed = false;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        resolve(failed ? undefined : Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(documentElement(opts, result, undefined), {
      onAllReady: () => stream.pipe(sink),
      onShellError() {
        clearTimeout(timer);
        resolve(undefined);
      },
      onError() {
        // The streamed path renders it again and logs the error.
        failed = true;
      },
    });
    const timer = setTimeout(() => {
      failed = true;
      stream.abort(new Error('render timeout'));
    }, opts.timeoutMs);
    timer.unref();
  });
}

/**
 * Path two: rendered for this request with its own nonce, streamed. The status code comes
 * from the router's context, so it is set before the first byte.
 */
async function streamPage(req: ExpressRequest, res: ExpressResponse, opts: RenderOptions) {
  const request = createFetchRequest(req, res, opts.context.siteUrl);
  const result = await opts.handler.query(request, { requestContext: opts.context });
  if (result instanceof Response) return sendResponse(res, result);

  const failure = databaseFailureIn(result);
  if (failure) {
    opts.logger.warn(
      { failure, url: req.originalUrl, method: req.method },
      'database unavailable: answered 503',
    );
    return sendStatusPage(
      res,
      503,
      unavailableDocument(failure, opts.context.facts, req.method === 'POST'),
      { 'Retry-After': RETRY_AFTER_SECONDS },
    );
  }
  logRouteErrors(result, opts.logger);
  const status = result.statusCode;
  const nonce = randomBytes(16).toString('base64');
  const stream = renderToPipeableStream(documentElement(opts, result, nonce), {
    nonce,
    onShellReady() {
      if (!opts.context.isBot) start();
    },
    onAllReady() {
      if (opts.context.isBot) start();
    },
    onShellError(error) {
      clearTimeout(timer);
      opts.logger.error(
        { err: error, url: req.originalUrl },
        'render failed before the first byte',
      );
      if (res.headersSent) return void res.destroy();
      sendStatusPage(res, 500, errorDocument(500, opts.context.facts));
    },
    onError(error) {
      if (!request.signal.aborted)
        opts.logger.error({ err: error, url: req.originalUrl }, 'render error');
    },
  });

  function start() {
    if (res.headersSent) return;
    res.status(status);
    res.set('Content-Type', 'text/html; charset=utf-8');
    // Its nonce is this response's alone: a CDN that replayed it to everyone would make it a
    // key anyone could read off the page.
    res.set('Cache-Control', opts.privatePage ? 'no-store' : 'private, no-store');
    res.set('Content-Security-Policy', opts.csp.header([nonceSource(nonce)]));
    stream.pipe(res);
  }

  // A render that takes too long is cut off; its pending boundaries render on the client.
  const timer = setTimeout(() => stream.abort(new Error('render timeout')), opts.timeoutMs);
  timer.unref();
  res.on('close', () => clearTimeout(timer));
}

function documentElement(opts: RenderOptions, result: StaticHandlerContext, nonce?: string) {
  const router = createStaticRouter(opts.handler.dataRoutes, result);
  return (
    <Document assets={opts.assets}>
      <StaticRouterProvider router={router} context={result} hydrate={false} nonce={nonce} />
    </Document>
  );
}

/** A Fetch Request from Express's request, as React Router's own Express adapter builds it. */
function createFetchRequest(req: ExpressRequest, res: ExpressResponse, origin: string): Request {
  // Concatenation, not new URL(path, base): a path like //evil.example must stay a path.
  const url = new URL(`${origin}${req.originalUrl}`);
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  const init: RequestInit = { method: req.method, headers, signal: controller.signal };
  // The contact guards read the form's bytes (server/forms/post-guards.ts), decompressed.
  if (Buffer.isBuffer(req.body)) {
    init.body = Uint8Array.from(req.body);
    headers.delete('content-length');
    headers.delete('content-encoding');
  }
  return new Request(url, init);
}

function sendResponse(res: ExpressResponse, response: Response) {
  res.status(response.status);
  response.headers.forEach((value, key) => res.append(key, value));
  if (!res.get('Cache-Control')) res.set('Cache-Control', 'no-store');
  res.end();
}

/** A loader or an action failed because of the database (the 503 page), not a bug. */
function databaseFailureIn(context: StaticHandlerContext): DatabaseFailure | undefined {
  for (const error of Object.values(context.errors ?? {})) {
    const failure = isRouteErrorResponse(error) ? undefined : databaseFailure(error);
    if (failure) return failure;
  }
  return undefined;
}

function logRouteErrors(context: StaticHandlerContext, logger: Logger) {
  for (const [routeId, error] of Object.entries(context.errors ?? {})) {
    if (!isRouteErrorResponse(error)) logger.error({ err: error, routeId }, 'route loader failed');
  }
}
