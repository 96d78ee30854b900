import type { FactsSource } from './facts/source.ts';
import express, { type NextFunction, type Request, type Response } from 'express';
import compression from 'compression';
import { join } from 'node:path';
import { isbot } from 'isbot';
import { createStaticHandler, type DataRouteObject, type StaticHandler } from 'react-router-dom';
import type { AppContext } from '../client/app-context.ts';
import type { GallerySource } from '../client/gallery/types.ts';
import type { ContactService } from '../client/contact/types.ts';
import type { BookingService } from '../client/booking/types.ts';
import { paths } from '../client/paths.ts';
import type { Config } from './config.ts';
import type { PageAssets } from './assets.ts';
import {
  errorDocument,
  RETRY_AFTER_SECONDS,
  sendStatusPage,
  unavailableDocument,
} from './error-document.ts';
import { databaseFailure } from '../store/failures.ts';
import {
  formPostGuards,
  perClientLimits,
  type RateLimit,
  type RateLimitStores,
} from './forms/post-guards.ts';
import type { SiteReviews } from './reviews/index.ts';
import { createGalleryApi } from './instagram/api.ts';
import { servePhotos } from './instagram/photo-routes.ts';
import { photosDir } from './instagram/photo-store.ts';
import { sharePicturesDir } from '../store/data-dir.ts';
import type { Logger } from './logger.ts';
import { clientDistDir, publicTopLevel } from './paths.ts';
import { renderDocument } from './render.tsx';
import { robotsTxt, sitemap, type Sitemap } from './seo.ts';
import { pickerBrand } from '../client/components/picker-models.ts';
import type { CatalogueLookup } from '../catalogue/lookup.ts';
import { requestLog } from './request-log.ts';
import { contentSecurityPolicy, securityHeaders } from './security.ts';
import { hashedAssets } from './static-assets.ts';
import type { DataSource, PageCache } from './page-cache.ts';
import { prepareResponse } from './prepared-response.ts';
import { sendKept } from './kept-pages.ts';
import { allowedMethods, methodNotAllowed } from './methods.ts';
import type { CatalogueSource } from './live-catalogue.ts';
import { rejectMalformedUrl } from './url-guard.ts';
import { healthRoute } from './health.ts';
import type { DatabaseState } from './database-status.ts';
import type { DemandCounting } from './demand/counting.ts';
import { whatsappRoutes } from './demand/whatsapp-route.ts';
import { bookingApiRoute, bookingFeedRoute, bookingIcsRoute } from './bookings/routes.ts';
import type { BookingFeed } from './bookings/feed.ts';
import { isPanelPath } from '../client/paths.ts';
import type { PanelContext } from '../client/panel/context.ts';
import type { Panel } from './panel/index.ts';
import type { SiteQuotes } from './quotes/service.ts';
import { quotePdfRoute } from './quotes/routes.ts';
import { sharePictureRoute } from './share/routes.ts';
import { productFeedRoute } from './feed/products.ts';

/**
 * A review link per client, opened (GET) and sent (POST) each: enough for a customer who
 * corrects the form a few times, nothing for someone trying tokens.
 */
export const REVIEW_RATE_LIMIT: RateLimit = { max: 20, windowMs: 10 * 60_000 };

/** A GET route also answers HEAD. */
const READ_METHODS = ['GET', 'HEAD'];

export type AppDeps = {
  /** The live catalogue (server/live-catalogue.ts), read per request. */
  readonly catalogue: CatalogueSource;
  /** The shop's facts as published (server/facts/source.ts), read per request. */
  readonly facts: FactsSource;
  readonly now: () => Date;
  readonly logger: Logger;
  readonly gallery: GallerySource;
  /** Route tree; tests inject extra routes, development reloads it on each request. */
  readonly routes: DataRouteObject[] | (() => Promise<DataRouteObject[]>);
  readonly assets: PageAssets;
  /** Development: Vite's middleware (serves sources, hot reload). */
  readonly devMiddleware: express.RequestHandler | undefined;
  /** The contact form: validates, commits to the database, queues the e-mail. */
  readonly contact: ContactService;
  /** POST /contact per client; default 5 per 10 minutes. */
  readonly contactRateLimit: RateLimit | undefined;
  /** Where the rate limits count (PostgreSQL: shared by every instance); undefined: in memory. */
  readonly contactRateLimitStores: RateLimitStores | undefined;
  /** Booking a fitting (server/bookings/). */
  readonly bookings: BookingService;
  /** The owner's calendar feed, by its token (server/bookings/feed.ts). */
  readonly bookingFeed: BookingFeed;
  /** POST /turnos (and a booking's private page) per client; default 5 per 10 minutes. */
  readonly bookingRateLimit: RateLimit | undefined;
  /** Reviews: the published ones, the review link and form (server/reviews/). */
  readonly reviews: Pick<SiteReviews, 'published' | 'links'>;
  /** A review link per client: opened (GET) and sent (POST), each; default REVIEW_RATE_LIMIT. */
  readonly reviewRateLimit: RateLimit | undefined;
  /** Insurance quotes (server/quotes/). */
  readonly quotes: SiteQuotes;
  /** POST /presupuesto per client; default 5 per 10 minutes. */
  readonly quoteRateLimit: RateLimit | undefined;
  /** Finished pages (server/page-cache.ts); undefined in development, where sources change. */
  readonly pages: PageCache | undefined;
  /** Shutting down: /healthz says so, so a load balancer stops sending traffic here. */
  readonly draining: () => boolean;
  /** Whether the site's database answers (server/database-status.ts); unset: not watched. */
  readonly databaseState?: (() => DatabaseState) | undefined;
  /** The demand counts (server/demand/); undefined: nothing is counted. */
  readonly counting?: DemandCounting | undefined;
  /** The owner's panel (server/panel/): its guard answers every panel path. */
  readonly panel: Panel;
};

export type App = express.Express;

/**
 * The Express app: every route and guard. It is assembled, with everything that starts,
 * stops and rebuilds kept pages, by createSite (server/site.ts); kept pages are answered
 * before this app (server/kept-pages.ts).
 */
export function createApp(config: Config, deps: AppDeps): App {
  const { logger, catalogue, assets } = deps;
  const getHandler = handlerFactory(deps.routes);
  const pageCache = deps.pages;
  const csp = contentSecurityPolicy(config);
  const facts = () => deps.facts.current();

  const app = express();
  app.disable('x-powered-by');
  // Behind a CDN or reverse proxy: trust its X-Forwarded-* (client IP for rate limits).
  app.set('trust proxy', config.trustProxy);

  app.use(requestLog(logger));
  app.use(allowedMethods(facts));
  // In development Vite injects inline scripts and styles; the policy applies to builds.
  if (!deps.devMiddleware) app.use(securityHeaders(csp));
  app.use(rejectMalformedUrl(facts));

  app.get(
    paths.health,
    healthRoute({
      catalogue,
      gallery: deps.gallery,
      draining: deps.draining,
      database: deps.databaseState,
      detail: config.healthDetail,
    }),
  );

  app.use(whatsappRoutes({ catalogue, facts, counting: deps.counting, siteUrl: config.siteUrl }));
  app.use(paths.assets, hashedAssets(join(clientDistDir, 'assets')));
  app.use(servePhotos(photosDir(config.dataDir)));
  app.get(
    `${paths.sharePictures}/{*picture}`,
    sharePictureRoute({ catalogue, facts, dir: sharePicturesDir(config.dataDir) }),
  );
  app.use(compression());
  if (deps.devMiddleware) app.use(deps.devMiddleware);

  // Only names at the top of the build (favicon.svg, img/, ...) reach the file system:
  // a page request costs no stat() and no 404 error object from `send`.
  const topLevel = new Set(publicTopLevel());
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
    (path: string, type: string, sources: DataSource[], body: () => string | Promise<string>) =>
    async (req: Request, res: Response) => {
      const build = async () => ({
        response: await prepareResponse(
          200,
          { 'Content-Type': type, 'Cache-Control': 'public, max-age=3600' },
          await body(),
        ),
        sources: new Set(sources),
        searchParams: {},
      });
      const file = pageCache ? await pageCache.getOrBuild(path, path, build) : await build();
      if (file) sendKept(req, res, file.response);
    };
  app.get(
    paths.robots,
    siteFile(paths.robots, 'text/plain; charset=utf-8', [], () => robotsTxt(config.siteUrl)),
  );
  // One sitemap per catalogue (and with or without /testimonials: in once a review is
  // published), split into parts only when the catalogue needs it.
  const sitemaps = new WeakMap<CatalogueLookup, Map<boolean, Sitemap>>();
  const currentSitemap = async () => {
    const { lookup } = catalogue.current();
    const withReviews = (await deps.reviews.published.summary({ kind: 'all' })).count > 0;
    const known = sitemaps.get(lookup) ?? new Map<boolean, Sitemap>();
    sitemaps.set(lookup, known);
    const kept = known.get(withReviews);
    if (kept) return kept;
    const made = sitemap(config.siteUrl, lookup, undefined, withReviews);
    known.set(withReviews, made);
    return made;
  };
  const XML = 'application/xml; charset=utf-8';
  const SITEMAP_SOURCES: DataSource[] = ['catalogue', 'reviews'];
  app.get(
    paths.sitemap,
    siteFile(paths.sitemap, XML, SITEMAP_SOURCES, async () => (await currentSitemap()).root),
  );
  app.get(paths.sitemapPart(':part'), async (req, res, next) => {
    const asked = req.params.part;
    const n = typeof asked === 'string' && /^[1-9]\d{0,5}$/.test(asked) ? Number(asked) : 0;
    const part = (await currentSitemap()).parts[n - 1];
    if (part === undefined) return next();
    const path = paths.sitemapPart(n);
    return siteFile(
      path,
      XML,
      SITEMAP_SOURCES,
      async () => (await currentSitemap()).parts[n - 1] ?? part,
    )(req, res);
  });

  // The catalogue for Google Merchant Center and Meta's Commerce Manager, streamed (gzip above).
  app.get(
    paths.productFeed,
    productFeedRoute({ catalogue, facts, now: deps.now, siteUrl: config.siteUrl }),
  );

  // The picker's models of one brand (client/components/picker-models.ts): kept like a page.
  app.get(paths.pickerModels(':marca'), (req, res) => {
    const { lookup } = catalogue.current();
    const asked = req.params.marca;
    const brand = lookup.findBrand(typeof asked === 'string' ? asked : '');
    if (!brand) {
      res.status(404).set('Cache-Control', 'public, max-age=60');
      return void res.json({ error: 'Marca no encontrada' });
    }
    const path = paths.pickerModels(brand.slug);
    if (req.path !== path) return res.redirect(301, path);
    const models = lookup.brandIndex.find((b) => b.slug === brand.slug);
    const body = () => JSON.stringify(models ? pickerBrand(models) : {});
    return siteFile(path, 'application/json; charset=utf-8', ['catalogue'], body)(req, res);
  });

  app.use(createGalleryApi(deps.gallery));

  /**
   * Renders a page through React Router. Panel pages (with `panel`, from the panel's guard)
   * are never kept: each is rendered for its request and sent no-store.
   */
  const render = async (req: Request, res: Response, panel: PanelContext | undefined) => {
    const bot = isbot(req.get('user-agent') ?? '');
    const context: AppContext = {
      siteUrl: config.siteUrl,
      googleReviewsUrl: config.googleReviewsUrl,
      catalogue: catalogue.current().lookup,
      facts: deps.facts.current(),
      now: deps.now(),
      gallery: deps.gallery,
      isBot: bot,
      galleryWaitMs: bot ? config.botWaitMs : 0,
      contact: deps.contact,
      bookings: deps.bookings,
      reviews: deps.reviews.published,
      reviewLinks: deps.reviews.links,
      quotes: deps.quotes,
      panel,
    };
    const privatePage = isPanelPath(req.path);
    await renderDocument(req, res, {
      handler: await getHandler(),
      context,
      assets,
      csp,
      timeoutMs: config.renderTimeoutMs,
      logger: res.locals.log,
      cache: privatePage ? undefined : pageCache,
      privatePage,
    });
  };
  const page = (req: Request, res: Response) => render(req, res, undefined);

  // Every spelling of a panel path (`/PANEL`, `/%70anel`) meets the panel's guard, and only it.
  const panel = deps.panel.handler(render);
  app.use((req, res, next) => (isPanelPath(req.path) ? panel(req, res, next) : next()));

  // The one form on the site, with its guards; a POST anywhere else is refused here, so no
  // other spelling of the path (`/%63ontact`) reaches the route action without them.
  app.post(
    paths.contact,
    ...formPostGuards({
      siteUrl: config.siteUrl,
      logger,
      facts,
      rateLimit: deps.contactRateLimit,
      rateLimitStores: deps.contactRateLimitStores,
    }),
    page,
  );
  // Booking: the form and the private page's change and cancel, with the same guards.
  const bookingGuards = formPostGuards({
    siteUrl: config.siteUrl,
    logger,
    facts,
    rateLimit: deps.bookingRateLimit,
    rateLimitStores: deps.contactRateLimitStores,
    scope: 'bookings',
  });
  app.post(paths.booking, ...bookingGuards, page);
  app.post(paths.bookingManage(':token'), ...bookingGuards, page);
  app.get(paths.bookingIcs(':token'), bookingIcsRoute(deps.bookings, config.siteUrl, facts));
  app.get(paths.bookingFeed(':token'), bookingFeedRoute(deps.bookingFeed, facts));
  app.get(
    paths.bookingApi,
    bookingApiRoute(() => ({
      catalogue: catalogue.current().lookup,
      facts: facts(),
      bookings: deps.bookings,
      now: deps.now(),
    })),
  );
  // A review link: opened and sent throttled per client, sent with the forms' guards.
  const reviewLimit = { scope: 'reviews', rateLimit: deps.reviewRateLimit ?? REVIEW_RATE_LIMIT };
  const reviewStores = { rateLimitStores: deps.contactRateLimitStores, facts };
  app.get(
    paths.review(':token'),
    ...perClientLimits({
      siteUrl: config.siteUrl,
      logger,
      ...reviewLimit,
      ...reviewStores,
      scope: 'reviews-link',
    }),
    page,
  );
  app.post(
    paths.review(':token'),
    ...formPostGuards({ siteUrl: config.siteUrl, logger, ...reviewLimit, ...reviewStores }),
    page,
  );
  // The insurance quote's form, with the same guards and its own counters; its PDF.
  app.post(
    paths.quoteForm,
    ...formPostGuards({
      siteUrl: config.siteUrl,
      logger,
      facts,
      rateLimit: deps.quoteRateLimit,
      rateLimitStores: deps.contactRateLimitStores,
      scope: 'quotes',
    }),
    page,
  );
  app.get(`${paths.quoteOwn(':numero', ':clave')}/:file`, quotePdfRoute(deps.quotes, facts));
  app.post('/{*splat}', (_req, res) => methodNotAllowed(res, READ_METHODS, facts()));
  app.get('/{*splat}', page);

  app.use(
    (error: Error & { status?: number }, req: Request, res: Response, _next: NextFunction) => {
      const log = res.locals.log ?? logger;
      const failure = databaseFailure(error);
      if (failure) {
        log.warn({ failure, url: req.originalUrl }, 'database unavailable: answered 503');
        if (res.headersSent) return void res.destroy();
        return sendStatusPage(
          res,
          503,
          unavailableDocument(failure, facts(), req.method === 'POST'),
          { 'Retry-After': RETRY_AFTER_SECONDS },
        );
      }
      const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
      if (status >= 500) log.error({ err: error, url: req.originalUrl }, 'request failed');
      else log.warn({ status, msg: error.message }, 'bad request');
      if (res.headersSent) return void res.destroy();
      sendStatusPage(res, status, errorDocument(status, facts()));
    },
  );

  return app;
}

function handlerFactory(routes: AppDeps['routes']): () => Promise<StaticHandler> {
  if (typeof routes === 'function') return async () => createStaticHandler(await routes());
  const handler = createStaticHandler(routes);
  return async () => handler;
}
