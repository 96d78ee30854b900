import express, { type NextFunction, type Request, type Response } from 'express';
import compression from 'compression';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isbot } from 'isbot';
import { createStaticHandler, type RouteObject, type StaticHandler } from 'react-router';
import type { CatalogueLookup } from '../catalogue/lookup.ts';
import type { AppContext } from '../client/app-context.ts';
import type { GallerySource } from '../client/gallery/types.ts';
import type { ContactService } from '../client/contact/types.ts';
import { routes as appRoutes } from '../client/routes.tsx';
import type { Config } from './config.ts';
import { readClientAssets, type PageAssets } from './assets.ts';
import { errorDocument } from './error-document.ts';
import { storeOnlyContactService } from './contact/index.ts';
import type { Store } from 'express-rate-limit';
import { contactPostGuards, type RateLimit } from './contact/post-guards.ts';
import { createGalleryApi } from './instagram/api.ts';
import type { Logger } from './logger.ts';
import { clientDistDir } from './paths.ts';
import { renderDocument } from './render.tsx';
import { robotsTxt, sitemapXml } from './seo.ts';
import { requestLog } from './request-log.ts';
import { securityHeaders } from './security.ts';
import { hashedAssets } from './static-assets.ts';
import { PageCache } from './page-cache.ts';

export type AppDeps = {
  readonly catalogue: CatalogueLookup;
  readonly logger: Logger;
  readonly gallery: GallerySource;
  /** Route tree; tests inject extra routes, development reloads it on each request. */
  readonly routes?: RouteObject[] | (() => Promise<RouteObject[]>);
  readonly assets?: PageAssets;
  /** Development: Vite's middleware (serves sources, hot reload). */
  readonly devMiddleware?: express.RequestHandler;
  /** The contact form (server/contact/startContact); without it messages are stored in DATA_DIR, not e-mailed. */
  readonly contact?: ContactService;
  /** POST /contact per client; default 5 per 10 minutes. */
  readonly contactRateLimit?: RateLimit;
  /** Where the rate limit counts (startContact's, shared through PostgreSQL); default in memory. */
  readonly contactRateLimitStore?: Store;
};

export type App = express.Express;

export function createApp(config: Config, deps: AppDeps): App {
  const { logger, catalogue } = deps;
  const assets = deps.assets ?? readClientAssets(clientDistDir);
  const getHandler = handlerFactory(deps.routes ?? appRoutes);
  const sitemap = sitemapXml(config.siteUrl, catalogue);
  const robots = robotsTxt(config.siteUrl);
  // Development re-renders every request (sources change); builds reuse rendered pages.
  const pageCache = deps.devMiddleware ? undefined : new PageCache();

  const app = express();
  app.disable('x-powered-by');
  // Behind a CDN or reverse proxy: trust its X-Forwarded-* (client IP for rate limits).
  app.set('trust proxy', config.trustProxy);

  app.use((req, res, next) => {
    res.locals.nonce = randomBytes(16).toString('base64');
    next();
  });
  app.use(requestLog(logger));
  // In development Vite injects inline scripts and styles; the policy applies to builds.
  if (!deps.devMiddleware) app.use(securityHeaders(config));

  app.get('/healthz', (_req, res) => {
    // 503 while draining on shutdown, so a load balancer stops sending traffic here.
    const draining = app.locals.draining === true;
    res
      .status(draining ? 503 : 200)
      .set('Cache-Control', 'no-store')
      .json({
        status: draining ? 'draining' : 'ok',
        models: catalogue.modelCount,
        instagram: deps.gallery.health?.() ?? null,
      });
  });

  app.use('/assets', hashedAssets(join(clientDistDir, 'assets')));
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

  app.get('/robots.txt', (_req, res) => {
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(robots);
  });
  app.get('/sitemap.xml', (_req, res) => {
    res.type('application/xml').set('Cache-Control', 'public, max-age=3600').send(sitemap);
  });

  app.use(rejectMalformedUrl);

  const contact = deps.contact ?? storeOnlyContactService(config, logger);
  app.post(
    '/contact',
    ...contactPostGuards({
      siteUrl: config.siteUrl,
      logger,
      rateLimit: deps.contactRateLimit,
      rateLimitStore: deps.contactRateLimitStore,
    }),
  );
  app.use(createGalleryApi(deps.gallery));

  app.all('/{*splat}', async (req, res) => {
    const bot = isbot(req.get('user-agent') ?? '');
    const context: AppContext = {
      siteUrl: config.siteUrl,
      reviewsWidgetUrl: config.reviewsWidgetUrl,
      catalogue,
      gallery: deps.gallery,
      isBot: bot,
      galleryWaitMs: bot ? config.botWaitMs : 0,
      contact,
    };
    await renderDocument(req, res, {
      handler: await getHandler(),
      context,
      assets,
      nonce: res.locals.nonce as string,
      production: config.production,
      timeoutMs: config.renderTimeoutMs,
      logger: res.locals.log as Logger,
      cache: pageCache,
    });
  });

  app.use(
    (error: Error & { status?: number }, req: Request, res: Response, _next: NextFunction) => {
      const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
      const log = (res.locals.log as Logger | undefined) ?? logger;
      if (status >= 500) log.error({ err: error, url: req.originalUrl }, 'request failed');
      else log.warn({ status, msg: error.message }, 'bad request');
      if (res.headersSent) return void res.destroy();
      res.status(status).set('Cache-Control', 'no-store').type('html').send(errorDocument(status));
    },
  );

  return app;
}

function handlerFactory(routes: NonNullable<AppDeps['routes']>): () => Promise<StaticHandler> {
  if (typeof routes === 'function') return async () => createStaticHandler(await routes());
  const handler = createStaticHandler(routes);
  return async () => handler;
}

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
  if (/[\u0000-\u001f\u007f]/.test(path) || req.originalUrl.length > 2048) {
    res.status(400).set('Cache-Control', 'no-store').type('html').send(errorDocument(400));
    return;
  }
  next();
}
