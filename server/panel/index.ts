/**
 * The owner's panel, put together for the site (server/site.ts): its store, services,
 * sign-in calls and the guard every panel request goes through (server/panel/guard.ts).
 * Where it lives and why: docs/decisions/2026-11-25-panel.md.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { Backups } from '../../client/panel/backup-types.ts';
import type { PanelContext, PanelServices } from '../../client/panel/context.ts';
import { createInboxStore } from '../../store/inbox.ts';
import { createPanelStore, type PanelStore, type SessionTimeouts } from '../../store/panel.ts';
import type { SiteDatabase } from '../../store/schema.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { createAccess } from './access.ts';
import { createAuth } from './auth.ts';
import { panelGuard } from './guard.ts';
import { createInbox } from './inbox.ts';
import { createPanelMailer } from './mail.ts';
import { createPasskeyEndpoints } from './passkeys.ts';
import { messagesExport } from './export.ts';
import { createThrottle } from './throttle.ts';
import { createCountStore } from '../../store/counts.ts';
import { createDemandFigures } from '../demand/figures.ts';
import { statsExport } from '../demand/stats-export.ts';
import type { CatalogueSource } from '../live-catalogue.ts';
import { createPrices } from './prices.ts';
import { priceSheetDownload } from './price-sheet.ts';
import type { CatalogueStore } from '../catalogue-store.ts';
import { createAgenda } from '../bookings/agenda.ts';
import { createBookingStore } from '../../store/bookings.ts';
import type { SiteReviews } from '../reviews/index.ts';
import type { ShopFacts } from '../../client/facts/types.ts';
import type { FactsStore } from '../facts/store.ts';
import { createShopFacts } from './facts.ts';
import { createQuoteStore } from '../../store/quotes.ts';
import type { SiteQuotes } from '../quotes/service.ts';
import { createPanelQuotes } from '../quotes/panel.ts';
import { quotePdfDownload, quotesExport } from '../quotes/export.ts';
import type { SitePush } from '../push/index.ts';
import { panelPush, pushEndpoints } from './push.ts';
import { bookingReminder } from '../bookings/reminder.ts';

export type PanelRender = (
  req: Request,
  res: Response,
  panel: PanelContext | undefined,
) => Promise<void>;

export type Panel = {
  readonly store: PanelStore;
  readonly services: PanelServices;
  /** The guard and everything behind it, given the site's renderer. */
  handler(render: PanelRender): RequestHandler;
  close(): void;
};

export type PanelOptions = {
  readonly config: Config;
  readonly database: SiteDatabase;
  readonly logger: Logger;
  readonly now: () => Date;
  /** Default: server/panel/session.ts SESSION_TIMEOUTS. */
  readonly timeouts?: SessionTimeouts;
  /** The live catalogue: the figures name models as it does. */
  readonly catalogue: CatalogueSource;
  /** Where prices are published; without it the prices screen says it cannot publish. */
  readonly catalogueStore?: CatalogueStore | undefined;
  /** The daily backup (server/backups.ts). */
  readonly backups: Backups;
  /** Reviews: the moderation screen, and the agenda's request after a job. */
  readonly reviews: SiteReviews;
  /** The published facts (the shop's name in e-mails, refusals, passkeys; the agenda's rules). */
  readonly facts: () => ShopFacts;
  /** Where the facts are published; without it "Datos del negocio" says it cannot publish. */
  readonly factsStore?: FactsStore | undefined;
  /** Insurance quotes (server/quotes/): the list, the PDF, "Pasar a turno". */
  readonly quotes: SiteQuotes;
  /** Web Push: Avisos, the service worker and the manifest. */
  readonly push: SitePush;
};

export function createPanel({
  config,
  database,
  logger,
  now,
  timeouts,
  catalogue,
  catalogueStore,
  backups,
  reviews,
  facts,
  factsStore,
  quotes,
  push,
}: PanelOptions): Panel {
  const quoteStore = createQuoteStore(database);
  const store = createPanelStore(database);
  const mailer = createPanelMailer(config.smtp, facts);
  const bookings = createBookingStore(database);
  const throttle = createThrottle(store, now);
  const services: PanelServices = {
    inbox: createInbox(createInboxStore(database), now),
    access: createAccess({ store, siteUrl: config.siteUrl, now, mailer, logger }),
    demand: createDemandFigures({ store: createCountStore(database), catalogue, now }),
    prices: catalogueStore ? createPrices({ store: catalogueStore, database, now }) : undefined,
    agenda: createAgenda(bookings, now, config.siteUrl, facts, reviews),
    reviews: reviews.moderation,
    backups,
    facts: factsStore ? createShopFacts(factsStore, bookings) : undefined,
    quotes: createPanelQuotes({
      quotes,
      store: quoteStore,
      bookings,
      now,
      facts,
    }),
    push: panelPush(push),
  };
  const auth = createAuth({
    store,
    throttle,
    siteUrl: config.siteUrl,
    facts,
    now,
    logger,
    timeouts,
    sendLink: mailer ? (person, link) => mailer.sendSignInLink(person, link) : undefined,
  });
  const endpoints = new Map([
    ...auth.endpoints,
    ...createPasskeyEndpoints({
      store,
      auth,
      throttle,
      siteUrl: config.siteUrl,
      facts,
      now,
      logger,
    }),
    messagesExport(services.inbox, now),
    statsExport(services.demand),
    quotesExport(quoteStore, now),
    quotePdfDownload(quotes, facts),
    ...(catalogueStore ? [priceSheetDownload(catalogueStore, now)] : []),
    ...pushEndpoints({ push, facts, logger }),
    bookingReminder({ store: bookings, siteUrl: config.siteUrl, facts, now }),
  ]);
  return {
    store,
    services,
    handler: (render) =>
      panelGuard({
        store,
        services,
        siteUrl: config.siteUrl,
        facts,
        now,
        logger,
        timeouts,
        endpoints,
        render,
      }),
    close: () => mailer?.close(),
  };
}
