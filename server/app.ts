import express, { type NextFunction, type Request, type Response } from 'express';
import compression from 'compression';
import { existsSync, readdirSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { isbot } from 'isbot';
import { createStaticHandler, type DataRouteObject, type StaticHandler } from 'react-router-dom';
import type { AppContext } from '../client/app-context.ts';
import type { GallerySource } from '../client/gallery/types.ts';
import type { ContactService } from '../client/contact/types.ts';
import { routes as appRoutes } from '../client/routes.tsx';
import { paths } from '../client/paths.ts';
import type { Config } from './config.ts';
import { readClientAssets, type PageAssets } from './assets.ts';
import { errorDocument } from './error-document.ts';
import { storeOnlyContactService } from './contact/index.ts';
import type { Store } from 'express-rate-limit';
import { contactPostGuards, type RateLimit } from './contact/post-guards.ts';
import { createGalleryApi } from './instagram/api.ts';
import { servePhotos } from './instagram/photo-routes.ts';
import { photosDir } from './instagram/photo-store.ts';
import type { Logger } from './logger.ts';
import { clientDistDir } from './paths.ts';
import { renderDocument } from './render.tsx';
import { robotsTxt, sitemapXml } from './seo.ts';
import { logRequest, requestLog } from './request-log.ts';
import { contentSecurityPolicy, securityHeaders } from './security.ts';
import { hashedAssets } from './static-assets.ts';
import { PageCache, type DataSource } from './page-cache.ts';
import { prepareResponse, sendPrepared, type PreparedResponse } from './prepared-response.ts';
import { allowedMethods } from './methods.ts';
import type { CatalogueSource } from './live-catalogue.ts';
import { nextShopDayAt } from '../catalogue/validity.ts';

export type AppDeps = {
  /** The live catalogue (server/live-catalogue.ts), read per request. */
  readonly catalogue: CatalogueSource;
  /** The clock (tests move it to see prices expire). */
  readonly now?: () => Date;
  readonly logger: Logger;
  readonly gallery: GallerySource;
  /** Route tree; tests inject extra routes, development reloads it on each request. */
  readonly routes?: DataRouteObject[] | (() => Promise<DataRouteObject[]>);
  readonly assets?: PageAssets;
  /** Development: Vite's middleware (serves sources, hot reload). */
  readonly devMiddleware?: express.RequestHandler;
  /** The contact form (server/contact/startContact); without it messages are stored in DATA_DIR, not e-mailed. */
  readonly contact?: ContactService;
  /** POST /contact per client; default 5 per 10 minutes. */
  readonly contactRateLimit?: RateLimit;
  /**
   * Finished pages (default: a new one, none in development). Whoever changes a data
   * source calls `pages.invalidate(source)`; the gallery's changes are wired here.
   */
  readonly pages?: PageCache;
  /** Where the rate limit counts (startContact's, shared through PostgreSQL); default in memory. */
  readonly contactRateLimitStore?: Store;
};

export type App = express.Express;

const listeners = new WeakMap<App, RequestListener>();

/**
 * The HTTP listener for `app` in production: a kept page is answered before Express sees
 * the request (Express's per-request setup is most of what a kept page would cost);
 * everything else goes to the app. Tests may use the app itself: it answers the same.
 */
export function listenerOf(app: App): RequestListener {
  return listeners.get(app) ?? app;
}

export function createApp(config: Config, deps: AppDeps): App {
  const { logger, catalogue } = deps;
  const assets = deps.assets ?? readClientAssets(clientDistDir);
  const getHandler = handlerFactory(deps.routes ?? appRoutes);
  // Development re-renders every request (sources change); builds reuse finished pages.
  const pageCache = deps.devMiddleware ? undefined : (deps.pages ?? new PageCache());
  if (pageCache) {
    deps.gallery.onChange?.(() => pageCache.invalidate('gallery'));
    catalogue.subscribe(() => pageCache.invalidate('catalogue'));
  }
  const csp = contentSecurityPolicy(config);
  const now = deps.now ?? (() => new Date());
  // Pages that show prices say whether they still hold: a new day in Jujuy may expire them.
  const dayChange = onNewShopDay(now, () => pageCache?.invalidate('catalogue'));

  const app = express();
  app.disable('x-powered-by');
  // Behind a CDN or reverse proxy: trust its X-Forwarded-* (client IP for rate limits).
  app.set('trust proxy', config.trustProxy);

  const security = securityHeaders(csp);
  app.use(requestLog(logger));
  // A kept page costs a map lookup and one write: no router, no JSON, no compression, and
  // none of the middleware below (a kept path was valid, its headers were made with it).
  // `listenerOf(app)` serves kept pages even before Express (server/index.ts).
  const keptPage = (req: IncomingMessage): PreparedResponse | undefined => {
    if (!pageCache || (req.method !== 'GET' && req.method !== 'HEAD')) return undefined;
    const url = req.url ?? '';
    if (url.length > MAX_URL_LENGTH || !url.startsWith('/')) return undefined;
    dayChange();
    const q = url.indexOf('?');
    return q < 0
      ? pageCache.get(url, '')?.response
      : pageCache.get(url.slice(0, q), url.slice(q + 1))?.response;
  };
  const sendKept = (req: IncomingMessage, res: ServerResponse, page: PreparedResponse) => {
    for (const [name, value] of security.others) res.setHeader(name, value);
    sendPrepared(req, res, page);
  };
  app.use((req, res, next) => {
    const page = keptPage(req);
    if (page) sendKept(req, res, page);
    else next();
  });
  listeners.set(app, (req, res) => {
    const page = keptPage(req);
    if (!page) return app(req, res);
    logRequest(logger, req, res);
    sendKept(req, res, page);
  });
  app.use(allowedMethods);
  // In development Vite injects inline scripts and styles; the policy applies to builds.
  if (!deps.devMiddleware) app.use(security.middleware);
  app.use(rejectMalformedUrl);

  app.get(paths.health, (_req, res) => {
    const live = catalogue.current();
    // 503 while draining on shutdown, so a load balancer stops sending traffic here.
    const draining = app.locals.draining === true;
    res
      .status(draining ? 503 : 200)
      .set('Cache-Control', 'no-store')
      .json({
        status: draining ? 'draining' : 'ok',
        models: live.lookup.modelCount,
        catalogue: { builtAt: live.builtAt, hash: live.hash },
        instagram: deps.gallery.health?.() ?? null,
      });
  });

  app.use(paths.assets, hashedAssets(join(clientDistDir, 'assets')));
  app.use(servePhotos(photosDir(config.dataDir)));
  app.use(compression());
  if (deps.devMiddleware) app.use(deps.devMiddleware);

  // Only names at the top of the build (favicon.svg, img/, ...) reach the file system:
  // a page request costs no stat() and no 404 error object from `send`.
  const topLevel = new Set(existsSync(clientDistDir) ? readdirSync(clientDistDir) : []);
  const publicFiles = express.static(clientDistDir, {
    maxAge: '1d',
    index: false,
    redirect: false,
  });
  app.use((req, res, next) =>
    topLevel.has(req.path.split('/')[1] ?? '') ? publicFiles(req, res, next) : next(),
  );

  /** Site files are pages too: built once, compressed once, revalidated with their ETag. */
  const siteFile =
    (path: string, type: string, sources: DataSource[], body: () => string) =>
    async (req: Request, res: Response) => {
      const build = async () => ({
        response: await prepareResponse(
          200,
          { 'Content-Type': type, 'Cache-Control': 'public, max-age=3600' },
          body(),
        ),
        sources: new Set(sources),
        searchParams: [],
      });
      const file = pageCache ? await pageCache.getOrBuild(path, path, build) : await build();
      if (file) sendPrepared(req, res, file.response);
    };
  app.get(
    paths.robots,
    siteFile(paths.robots, 'text/plain; charset=utf-8', [], () => robotsTxt(config.siteUrl)),
  );
  app.get(
    paths.sitemap,
    siteFile(paths.sitemap, 'application/xml; charset=utf-8', ['catalogue'], () =>
      sitemapXml(config.siteUrl, catalogue.current().lookup),
    ),
  );

  const contact = deps.contact ?? storeOnlyContactService(config, logger);
  app.post(
    paths.contact,
    ...contactPostGuards({
      siteUrl: config.siteUrl,
      logger,
      rateLimit: deps.contactRateLimit,
      rateLimitStore: deps.contactRateLimitStore,
    }),
  );
  app.use(createGalleryApi(deps.gallery));

  app.all('/{*splat}', async (req, res) => {
    dayChange();
    const bot = isbot(req.get('user-agent') ?? '');
    const context: AppContext = {
      siteUrl: config.siteUrl,
      reviewsWidgetUrl: config.reviewsWidgetUrl,
      catalogue: catalogue.current().lookup,
      now: now(),
      gallery: deps.gallery,
      isBot: bot,
      galleryWaitMs: bot ? config.botWaitMs : 0,
      contact,
    };
    await renderDocument(req, res, {
      handler: await getHandler(),
      context,
      assets,
      csp,
      production: config.production,
      timeoutMs: config.renderTimeoutMs,
      logger: res.locals.log,
      cache: pageCache,
    });
  });

  app.use(
    (error: Error & { status?: number }, req: Request, res: Response, _next: NextFunction) => {
      const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
      const log = res.locals.log ?? logger;
      if (status >= 500) log.error({ err: error, url: req.originalUrl }, 'request failed');
      else log.warn({ status, msg: error.message }, 'bad request');
      if (res.headersSent) return void res.destroy();
      res.status(status).set('Cache-Control', 'no-store').type('html').send(errorDocument(status));
    },
  );

  return app;
}

/**
 * Returns a check to call per request: it runs `onNewDay` once when the calendar day in
 * Jujuy has changed since the last check (a cheap time comparison otherwise).
 */
function onNewShopDay(now: () => Date, onNewDay: () => void): () => void {
  let dayEndsAt = nextShopDayAt(now());
  return () => {
    const instant = now();
    if (instant.getTime() < dayEndsAt) return;
    dayEndsAt = nextShopDayAt(instant);
    onNewDay();
  };
}

function handlerFactory(routes: NonNullable<AppDeps['routes']>): () => Promise<StaticHandler> {
  if (typeof routes === 'function') return async () => createStaticHandler(await routes());
  const handler = createStaticHandler(routes);
  return async () => handler;
}

/** Longer URLs are refused (400): none of ours comes close. */
const MAX_URL_LENGTH = 2048;

/** A path that is not valid percent-encoding, or carries control characters, is a 400, not a 500. */
function rejectMalformedUrl(req: Request, res: Response, next: NextFunction) {
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    res.status(400).set('Cache-Control', 'no-store').type('html').send(errorDocument(400));
    return;
  }
  // Control characters (NUL, tab, newline) are never in our URLs and break URL handling.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(path) || req.originalUrl.length > MAX_URL_LENGTH) {
    res.status(400).set('Cache-Control', 'no-store').type('html').send(errorDocument(400));
    return;
  }
  next();
}
