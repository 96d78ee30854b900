import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
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
import { BOOTSTRAP_GLOBAL, type ClientBootstrap } from '../client/hydration.ts';
import { safeJson } from '../client/seo/json-ld.tsx';
import type { PageAssets } from './assets.ts';
import type { Logger } from './logger.ts';
import { errorDocument } from './error-document.ts';
import { hasPending, type PageCache } from './page-cache.ts';
import { Writable } from 'node:stream';

export type RenderOptions = {
  readonly handler: StaticHandler;
  readonly context: AppContext;
  readonly assets: PageAssets;
  readonly nonce: string | undefined;
  readonly production: boolean;
  readonly timeoutMs: number;
  readonly logger: Logger;
  /** Rendered pages by URL and data; absent: render every request (development). */
  readonly cache?: PageCache;
};

/** HTML caching: short at the CDN, revalidated by browsers; errors are never cached. */
function htmlCacheControl(status: number): string {
  if (status === 200) return 'public, max-age=0, s-maxage=300, stale-while-revalidate=600';
  if (status === 404) return 'public, max-age=0, s-maxage=60';
  return 'no-store';
}

/**
 * Renders one document request with React Router's static handler and streams it.
 * The status code comes from the router's context, so it is set before the first byte.
 */
export async function renderDocument(
  req: ExpressRequest,
  res: ExpressResponse,
  opts: RenderOptions,
) {
  const request = createFetchRequest(req, res, opts.context.siteUrl);
  const result = await opts.handler.query(request, { requestContext: opts.context });
  if (result instanceof Response) return sendResponse(res, result);

  logRouteErrors(result, opts.logger);
  const status = result.statusCode;
  const bootstrap: ClientBootstrap = {
    assets: { styles: opts.assets.styles, preloads: opts.assets.preloads },
  };
  const hydration = {
    loaderData: result.loaderData,
    actionData: result.actionData,
    errors: serializeErrors(result.errors, opts.production),
  };
  const hydrationJson = JSON.stringify(hydration);

  // GET pages without streaming data are rendered once per URL and data, then reused.
  const cache =
    opts.cache && req.method === 'GET' && status < 500 && !hasPending(result.loaderData)
      ? opts.cache
      : undefined;
  const cacheKey = cache?.key(status, req.originalUrl, hydrationJson);
  if (cache && cacheKey) {
    const cached = cache.get(cacheKey, opts.nonce ?? '');
    if (cached !== undefined) return sendHtml(res, status, cached);
  }
  const nonce = cache ? cache.nonceSlot : opts.nonce;

  const router = createStaticRouter(opts.handler.dataRoutes, result);
  const stream = renderToPipeableStream(
    <Document assets={bootstrap.assets}>
      <StaticRouterProvider router={router} context={result} hydrate={false} nonce={nonce} />
    </Document>,
    {
      nonce,
      bootstrapScriptContent:
        `window.__staticRouterHydrationData=JSON.parse(${safeJson(hydrationJson)});` +
        `window.${BOOTSTRAP_GLOBAL}=${safeJson(bootstrap)};`,
      bootstrapModules: opts.assets.entry ? [...(opts.assets.before ?? []), opts.assets.entry] : [],
      onShellReady() {
        if (!opts.context.isBot && !cache) start();
      },
      onAllReady() {
        if (cache && cacheKey) collect(cache, cacheKey);
        else if (opts.context.isBot) start();
      },
      onShellError(error) {
        clearTimeout(timer);
        opts.logger.error(
          { err: error, url: req.originalUrl },
          'render failed before the first byte',
        );
        if (res.headersSent) return void res.destroy();
        res.status(500).set('Cache-Control', 'no-store').type('html').send(errorDocument(500));
      },
      onError(error) {
        if (!request.signal.aborted)
          opts.logger.error({ err: error, url: req.originalUrl }, 'render error');
      },
    },
  );

  function start() {
    if (res.headersSent) return;
    setHtmlHeaders(res, status);
    stream.pipe(res);
  }

  /** Renders the whole page with the nonce slot, keeps it, and answers with this request's nonce. */
  function collect(pageCache: PageCache, key: string) {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        const html = Buffer.concat(chunks).toString('utf8');
        if (!timedOut) pageCache.set(key, html);
        if (!res.headersSent)
          sendHtml(res, status, html.replaceAll(pageCache.nonceSlot, opts.nonce ?? ''));
        done();
      },
    });
    stream.pipe(sink);
  }

  // A render that takes too long is cut off; its pending boundaries render on the client.
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    stream.abort(new Error('render timeout'));
  }, opts.timeoutMs);
  timer.unref();
  res.on('close', () => clearTimeout(timer));
}

function setHtmlHeaders(res: ExpressResponse, status: number) {
  res.status(status);
  res.set('Content-Type', 'text/html; charset=utf-8');
  res.set('Cache-Control', htmlCacheControl(status));
}

function sendHtml(res: ExpressResponse, status: number, html: string) {
  setHtmlHeaders(res, status);
  res.end(html);
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
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.body && typeof req.body === 'object') {
    init.body = new URLSearchParams(req.body as Record<string, string>);
    headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
    headers.delete('content-length');
  }
  return new Request(url, init);
}

function sendResponse(res: ExpressResponse, response: Response) {
  res.status(response.status);
  response.headers.forEach((value, key) => res.append(key, value));
  if (!res.get('Cache-Control')) res.set('Cache-Control', 'no-store');
  res.end();
}

function logRouteErrors(context: StaticHandlerContext, logger: Logger) {
  for (const [routeId, error] of Object.entries(context.errors ?? {})) {
    if (!isRouteErrorResponse(error)) logger.error({ err: error, routeId }, 'route loader failed');
  }
}

/** Like React Router's own, but in production an Error's message never reaches the page. */
function serializeErrors(errors: StaticHandlerContext['errors'], production: boolean) {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (isRouteErrorResponse(value)) out[key] = { ...value, __type: 'RouteErrorResponse' };
    else if (value instanceof Error)
      out[key] = {
        message: production ? 'Unexpected Server Error' : value.message,
        __type: 'Error',
      };
    else out[key] = production ? { message: 'Unexpected Server Error', __type: 'Error' } : value;
  }
  return out;
}
