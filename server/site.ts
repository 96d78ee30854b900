/**
 * The one place where the site is put together: the catalogue and its watcher, the gallery,
 * the contact form with its delivery worker, the daily backup, the page cache and every
 * trigger that rebuilds kept pages, the Express app and the listener in front of it, start
 * and shutdown.
 * Production (server/index.ts), development (server/dev.ts) and the route tests
 * (tests/helpers/app.ts) all use createSite; tests pass fakes through `overrides`.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { RequestHandler } from 'express';
import type { GallerySource } from '../client/gallery/types.ts';
import { routes as appRoutes } from '../client/routes.tsx';
import { nextShopDayAt } from '../catalogue/validity.ts';
import { createApp, type App, type AppDeps } from './app.ts';
import { readClientAssets, type PageAssets } from './assets.ts';
import { loadCatalogue } from './catalogue.ts';
import { openCatalogueStore, type CatalogueStore } from './catalogue-store.ts';
import type { Config } from './config.ts';
import type { SiteDatabase } from '../store/schema.ts';
import { openContact, type SiteContact } from './contact/index.ts';
import { openServingDatabase } from './database.ts';
import { watchDatabase } from './database-status.ts';
import type { RateLimit } from './forms/post-guards.ts';
import { createGallery } from './instagram/index.ts';
import { createBookingService } from './bookings/service.ts';
import { createBookingFeed } from './bookings/feed.ts';
import { createBookingStore, onPlacesChanged } from '../store/bookings.ts';
import { createPlacesView } from './bookings/places-view.ts';
import { createReviews } from './reviews/index.ts';
import { answerFromKeptPages } from './kept-pages.ts';
import { applyHttpLimits, HTTP_SERVER_OPTIONS } from './http-limits.ts';
import type { CatalogueSource } from './live-catalogue.ts';
import { createLogger, type Logger } from './logger.ts';
import { PageCache } from './page-cache.ts';
import { createCountStore } from '../store/counts.ts';
import { diskFull } from '../store/disk-space.ts';
import {
  carriesPanelSession,
  createDemandCounting,
  type DemandCounting,
} from './demand/counting.ts';
import { countedContact } from './demand/counted-contact.ts';
import { createDemandTally, type DemandTallyOptions } from './demand/tally.ts';
import { clientKeys } from './demand/client-key.ts';
import { createContactStore } from '../store/messages.ts';
import { createRetention, type Purge, type Retention } from './retention.ts';
import { clientDistDir, publicTopLevel } from './paths.ts';
import { junkPaths } from './junk-paths.ts';
import { createJunkTally } from './junk-tally.ts';
import { createPanel } from './panel/index.ts';
import type { FactsSource } from './facts/source.ts';
import { openFactsStore, type FactsStore } from './facts/store.ts';
import type { ShopFacts } from '../client/facts/types.ts';
import type { SessionTimeouts } from '../store/panel.ts';
import { createBackupSchedule, type BackupSchedule } from './backups.ts';
import { createQuoteStore } from '../store/quotes.ts';
import { createQuoteService } from './quotes/service.ts';
import { demandKey } from '../client/quote/form.ts';
import { createSitePush, type PushOptions, type SitePush } from './push/index.ts';
import { createPushStore } from '../store/push.ts';
import { createAvisoMailStore } from '../store/aviso-mail.ts';

/** How long the push outbox keeps a notification once it is sent, failed or expired. */
export const PUSH_OUTBOX_DAYS = 30;

/** A gallery the site starts and stops with itself (the Instagram feed has a refresh timer). */
export type SiteGallery = GallerySource & { start?(): void; stop?(): void };

/** What tests and development replace; everything else is built from the configuration. */
export type SiteOverrides = {
  readonly logger?: Logger;
  /** The clock (tests move it to see prices expire at midnight in Jujuy). */
  readonly now?: () => Date;
  /**
   * A catalogue that is served but never published to (most route tests). Default: the
   * catalogue store (CATALOGUE_FILE watched, or the database's newest with DATABASE_URL).
   */
  readonly catalogue?: CatalogueSource & { close?(): void };
  /** Default: the catalogue store opened now, unless `catalogue` is given. */
  readonly catalogueStore?: CatalogueStore;
  /**
   * Facts that are served but never published to (route tests: `fixedFacts(...)`). Default:
   * the facts store on the site's database (the owner's newest version; until then
   * client/facts/defaults.ts).
   */
  readonly facts?: FactsSource;
  /** Default: the facts store opened now, unless `facts` is given. */
  readonly factsStore?: FactsStore;
  /** Default: the Instagram feed with our photo copies, or 'disabled' without a token. */
  readonly gallery?: SiteGallery;
  /** Default: the site's database opened now (SQLite in DATA_DIR, or DATABASE_URL); closed by stop(). */
  readonly database?: SiteDatabase;
  /** Default: the contact form on the site's database, e-mail when configured. */
  readonly contact?: SiteContact;
  /** POST /contact per client; default 5 per 10 minutes. */
  readonly contactRateLimit?: RateLimit;
  /** POST /turnos per client; default 5 per 10 minutes. */
  readonly bookingRateLimit?: RateLimit;
  /** A review link per client, opened and sent; default server/app.ts REVIEW_RATE_LIMIT. */
  readonly reviewRateLimit?: RateLimit;
  /** How often an instance on PostgreSQL looks for another's review change (server/reviews/). */
  readonly reviewsPollMs?: number;
  /** POST /presupuesto per client; default 5 per 10 minutes. */
  readonly quoteRateLimit?: RateLimit;
  /** Default: the site's routes (client/routes.tsx). */
  readonly routes?: AppDeps['routes'];
  /** Default: the client build's files, from Vite's manifest. */
  readonly assets?: PageAssets;
  /** Development: Vite's middleware; pages are then rendered on every request (no page cache). */
  readonly devMiddleware?: RequestHandler;
  /** Default: a new page cache (none in development). */
  readonly pages?: PageCache;
  /** The demand counts' flush interval and per-client cap (server/demand/tally.ts). */
  readonly demand?: Pick<DemandTallyOptions, 'flushMs' | 'capPerClient'>;
  /** The panel's session timeouts; default server/panel/session.ts SESSION_TIMEOUTS. */
  readonly panelTimeouts?: SessionTimeouts;
  /** Default: the daily backup of BACKUP_DIR and BACKUP_KEEP (server/backups.ts). */
  readonly backups?: BackupSchedule;
  /** Web Push's sending (tests: a TLS agent trusting the test push service, short waits). */
  readonly push?: Pick<PushOptions, 'agent' | 'timeoutMs' | 'backoff' | 'pollMs' | 'mailTimeouts'>;
};

/** What the site keeps about people, and for how long: the periods the owner published (/privacidad). */
export function retentionPurges(database: SiteDatabase, facts: () => ShopFacts): Purge[] {
  const messages = createContactStore(database);
  const bookings = createBookingStore(database);
  const quotes = createQuoteStore(database);
  const push = createPushStore(database);
  const avisoMails = createAvisoMailStore(database);
  return [
    {
      name: 'contact messages',
      days: () => facts().privacy.contactMessagesDays,
      run: async (before) => (await messages.purgeReceivedBefore(before)).deleted,
    },
    {
      name: 'bookings',
      days: () => facts().privacy.bookingsDays,
      run: (before) => bookings.purgeEndedBefore(before),
    },
    // A quote is kept as long as a booking (it becomes one): what /privacidad says.
    {
      name: 'quotes',
      days: () => facts().privacy.bookingsDays,
      run: (before) => quotes.purgeCreatedBefore(before),
    },
    // Sent, failed or expired notifications (what happened and when, never who): 30 days.
    {
      name: 'push notifications',
      days: () => PUSH_OUTBOX_DAYS,
      run: (before) => push.purgeBefore(before),
    },
    // The avisos' e-mails, the same words: 30 days too.
    {
      name: 'aviso mails',
      days: () => PUSH_OUTBOX_DAYS,
      run: (before) => avisoMails.purgeBefore(before),
    },
  ];
}

export type Site = {
  /** What the HTTP server runs: a kept page at once, anything else through the app. */
  readonly listener: RequestListener;
  readonly app: App;
  /** Where the panel publishes prices; undefined when the site was given a fixed catalogue. */
  readonly catalogueStore: CatalogueStore | undefined;
  /** Where the panel publishes the shop's facts; undefined when the site was given fixed facts. */
  readonly factsStore: FactsStore | undefined;
  /**
   * Starts the background work and listens: on `server` when given (development shares
   * its server with Vite's hot reload), else on a new one. Rejects when it cannot listen.
   */
  start(options: { port: number; host?: string; server?: Server }): Promise<Server>;
  /**
   * Stops taking requests and lets those in flight finish (their messages are committed),
   * stops the watcher, the feed and the delivery worker (a send in progress records 'sent'),
   * then closes the database.
   */
  stop(): Promise<void>;
};

/** The site's database could not be opened: the server must not start without it. */
export class DatabaseUnavailableError extends Error {}

export async function createSite(config: Config, overrides: SiteOverrides = {}): Promise<Site> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const now = overrides.now ?? (() => new Date());
  // An invalid catalogue stops the start before anything is opened (server/catalogue.ts);
  // it is watched once the database is open.
  const given = overrides.catalogue ?? overrides.catalogueStore;
  const initial = given ? undefined : loadCatalogue(config.catalogueFile);
  // The database opens before the site listens: a wrong DATABASE_URL or an unwritable
  // DATA_DIR stops the start rather than losing the first visitor's message.
  // PostgreSQL down at start does not stop it: the pages serve from memory (the bundled
  // catalogue and first facts until it answers) and its migrations are retried with backoff.
  const serving = overrides.database
    ? { database: overrides.database, notReady: () => undefined }
    : await openServingDatabase(config, logger).catch((error: unknown) => {
        throw new DatabaseUnavailableError(
          `the site's database cannot be opened (DATABASE_URL, or DATA_DIR for SQLite): ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      });
  const { database } = serving;
  // SQLite writes where DATA_DIR is: a full disk there stops every write (PostgreSQL's own
  // disk_full reaches the status as its SQLSTATE).
  const dataDiskFull = () => database.engine === 'sqlite' && diskFull(config.dataDir);
  const databaseStatus = watchDatabase({
    database,
    logger,
    notReady: serving.notReady,
    now: () => new Date(),
    diskFull: dataDiskFull,
  });
  // The shop's facts: the owner's newest published version (docs/decisions/2026-11-28-shop-facts.md).
  const factsStore = overrides.facts
    ? undefined
    : (overrides.factsStore ?? (await openFactsStore({ database, logger, now })));
  const facts = overrides.facts ?? factsStore;
  if (!facts) throw new Error('createSite: neither facts nor a facts store');
  const currentFacts = () => facts.current();
  const contact =
    overrides.contact ?? (await openContact(config, logger, { database, facts: currentFacts }));
  const catalogueStore =
    overrides.catalogueStore ??
    (initial
      ? await openCatalogueStore({ file: config.catalogueFile, initial, database, logger, now })
      : undefined);
  const catalogue = overrides.catalogue ?? catalogueStore;
  if (!catalogue) throw new Error('createSite: neither a catalogue nor a catalogue store');
  const gallery = overrides.gallery ?? createGallery(config, logger);
  const backups =
    overrides.backups ??
    createBackupSchedule({
      dir: config.backups.dir,
      keep: config.backups.keep,
      places: { dataDir: config.dataDir, catalogueFile: config.catalogueFile },
      engine: database.engine,
      now,
      logger,
      diskFull: dataDiskFull,
    });
  const bookingStore = createBookingStore(database);
  const push: SitePush = createSitePush({
    config,
    database,
    bookings: bookingStore,
    logger,
    facts: currentFacts,
    now,
    ...overrides.push,
  });
  const reviews = createReviews({
    database,
    bookings: bookingStore,
    now,
    logger,
    siteUrl: config.siteUrl,
    facts: currentFacts,
    pollMs: overrides.reviewsPollMs,
  });
  // Demand figures (docs/decisions/2026-11-25-demand-counts.md): counted in memory on the
  // request path, written in batches; stop() writes what is left before the database closes.
  const clients = clientKeys(config.trustProxy);
  const tally = createDemandTally({
    store: createCountStore(database),
    now,
    logger,
    resolveClient: clients.resolve,
    ...overrides.demand,
  });
  const retention: Retention = createRetention({
    purges: retentionPurges(database, currentFacts),
    now,
    logger,
  });
  const places = createPlacesView({
    store: bookingStore,
    subscribe: (listener) => onPlacesChanged(database, listener),
    now,
    logger,
  });
  const bookings = createBookingService({
    store: bookingStore,
    places,
    logger,
    now,
    facts: currentFacts,
    onStored: () => {
      contact.nudge?.();
      push.nudge();
      tally.count({ kind: 'booking', key: '' });
    },
  });
  const quotes = createQuoteService({
    store: createQuoteStore(database),
    logger,
    now,
    // Per model and version, nothing personal (docs/decisions/2026-11-25-demand-counts.md).
    onIssued: (quote) => tally.count({ kind: 'quote', key: demandKey(quote.item) }),
  });
  const panel = createPanel({
    config,
    database,
    logger,
    now,
    timeouts: overrides.panelTimeouts,
    catalogue,
    catalogueStore,
    facts: currentFacts,
    factsStore,
    quotes,
    backups,
    reviews,
    push,
  });
  const counting: DemandCounting = createDemandCounting({
    tally,
    catalogue,
    clients,
    isStaff: carriesPanelSession,
  });

  // Kept pages, and what rebuilds them: a new catalogue, a gallery change, the facts, a review
  // published (here or on another instance), places booked or changed, a new day in Jujuy
  // (prices may then be out of date, and the booking form starts from another day;
  // docs/decisions/2026-11-22-live-catalogue.md).
  const pages = overrides.devMiddleware ? undefined : (overrides.pages ?? new PageCache());
  const unsubscribe = pages
    ? [
        catalogue.subscribe(() => pages.invalidate('catalogue')),
        gallery.onChange?.(() => pages.invalidate('gallery')) ?? (() => {}),
        facts.subscribe(() => pages.invalidate('facts')),
        places.onChange(() => pages.invalidate('bookings')),
        reviews.onChange(() => pages.invalidate('reviews')),
      ]
    : [];
  const newDayCheck = onNewShopDay(now, () => {
    pages?.invalidate('catalogue');
    pages?.invalidate('bookings');
  });

  const routes = overrides.routes ?? appRoutes;
  // Development reloads its routes per request and keeps no pages: nothing is junk there.
  const junkTally = createJunkTally(logger);
  const junk =
    pages && typeof routes !== 'function'
      ? { isJunk: junkPaths(routes, publicTopLevel()), tally: junkTally }
      : undefined;
  let draining = false;
  const app = createApp(config, {
    catalogue,
    facts,
    now,
    logger,
    gallery,
    routes,
    assets: overrides.assets ?? readClientAssets(clientDistDir),
    devMiddleware: overrides.devMiddleware,
    contact: countedContact(contact.service, tally),
    counting,
    contactRateLimit: overrides.contactRateLimit,
    contactRateLimitStores: contact.rateLimitStores,
    bookings,
    bookingFeed: createBookingFeed(bookingStore, now, new URL(config.siteUrl).host, currentFacts),
    bookingRateLimit: overrides.bookingRateLimit,
    reviews,
    reviewRateLimit: overrides.reviewRateLimit,
    quotes,
    quoteRateLimit: overrides.quoteRateLimit,
    pages,
    draining: () => draining,
    databaseState: () => databaseStatus.current(),
    panel,
  });
  const listener: RequestListener = (req, res) => {
    newDayCheck();
    counting.onRequest(req);
    if (pages && answerFromKeptPages(pages, logger, req, res, junk)) return;
    app(req, res);
  };

  let server: Server | undefined;
  let stopping: Promise<void> | undefined;
  return {
    listener,
    app,
    catalogueStore,
    factsStore,
    async start({ port, host, server: given }) {
      const http = given ?? createServer(HTTP_SERVER_OPTIONS);
      applyHttpLimits(http);
      server = http;
      http.on('request', listener);
      gallery.start?.();
      await new Promise<void>((resolve, reject) => {
        http.once('error', reject);
        http.listen(port, host, () => {
          http.off('error', reject);
          resolve();
        });
      });
      contact.start();
      push.start();
      tally.start();
      junkTally.start();
      retention.start();
      places.start();
      backups.start();
      reviews.start();
      databaseStatus.start();
      const address = http.address();
      const live = catalogue.current();
      logger.info(
        {
          port: typeof address === 'object' && address ? address.port : port,
          siteUrl: config.siteUrl,
          // Whose X-Forwarded-For names the client (the contact form's rate limits).
          trustProxy: config.trustProxy,
          models: live.lookup.modelCount,
          catalogue: live.hash,
        },
        'listening',
      );
      return http;
    },
    stop() {
      stopping ??= (async () => {
        draining = true;
        const closed = server?.listening ? drain(server) : Promise.resolve();
        for (const off of unsubscribe) off();
        retention.stop();
        places.stop();
        backups.stop();
        reviews.stop();
        databaseStatus.stop();
        gallery.stop?.();
        catalogue.close?.();
        facts.close?.();
        await closed;
        await contact.stop();
        await push.stop();
        await tally.stop();
        junkTally.stop();
        panel.close();
        await database.close();
      })();
      return stopping;
    },
  };
}

/** How long requests in flight may take to finish at shutdown before their sockets are cut. */
export const DRAIN_MS = 8_000;

/**
 * Stops accepting connections and resolves once the open ones are gone. server.close()
 * closes the connections idle at that moment only; one still answering would then idle
 * for the whole keep-alive timeout (65 s), so idle ones are swept every 100 ms, and after
 * DRAIN_MS whatever is left is cut: the delivery worker must still get its clean stop.
 */
function drain(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    const cut = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve();
    });
  });
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

/**
 * SIGTERM or SIGINT: stop the site (requests in flight finish, for DRAIN_MS at most), then
 * `exit(0)`; after `graceMs` exit anyway. Production and development shut down the same way.
 */
export function stopOnSignals(
  site: Site,
  logger: Logger,
  exit: (code: number) => void,
  {
    graceMs = 15_000,
    after = async () => {},
  }: { graceMs?: number; after?: () => Promise<void> } = {},
): void {
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.warn(`requests still open after ${graceMs / 1000} s; exiting anyway`);
      exit(0);
    }, graceMs).unref();
    void site
      .stop()
      .then(after)
      .then(() => exit(0));
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
