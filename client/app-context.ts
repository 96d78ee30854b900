/**
 * What route loaders and actions receive as `context` on the server. The server
 * implements these interfaces; the client only sees the types.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router-dom';
import type { CatalogueLookup } from '../catalogue/lookup.ts';
import type { GallerySource } from './gallery/types.ts';
import type { ContactService } from './contact/types.ts';
import type { BookingService } from './booking/types.ts';
import type { PanelContext } from './panel/context.ts';
import type { ShopFacts } from './facts/types.ts';
import type { PublishedReviews, ReviewLinks } from './reviews/types.ts';
import type { QuoteService } from './quote/types.ts';

export interface AppContext {
  /** Canonical origin, no trailing slash (SITE_URL). */
  readonly siteUrl: string;
  /**
   * The operator's default for where to leave a review on Google (GOOGLE_REVIEWS_URL); the
   * owner's published link comes first: read it with client/reviews/google.ts.
   */
  readonly googleReviewsUrl: string | undefined;
  /** The catalogue live when the request arrived (it can be replaced while the server runs). */
  readonly catalogue: CatalogueLookup;
  /**
   * The shop's facts published when the request arrived (hours, zones, contact, fiscal
   * identity...): every page states them, so every page is rebuilt when they change.
   */
  readonly facts: ShopFacts;
  /** When the request arrived: prices expire at midnight in Jujuy. */
  readonly now: Date;
  readonly gallery: GallerySource;
  /** The request comes from a crawler: it gets the whole document at once. */
  readonly isBot: boolean;
  /** How long this request may wait for a cold Instagram cache (0 for visitors, bounded for crawlers). */
  readonly galleryWaitMs: number;
  /** The contact form: validates, stores durably, queues the e-mail (server/contact/). */
  readonly contact: ContactService;
  /** Booking a fitting: places left, booking, the private link (server/bookings/). */
  readonly bookings: BookingService;
  /** The published reviews (a page that reads them is rebuilt when one is published). */
  readonly reviews: PublishedReviews;
  /** A review link and its form: per visitor, so a page that reads it is never kept. */
  readonly reviewLinks: ReviewLinks;
  /** Insurance quotes: issue, the customer's page, verification (server/quotes/). */
  readonly quotes: QuoteService;
  /**
   * The signed-in person and the panel's services: only on panel requests with a live
   * session (server/panel/guard.ts); undefined everywhere else. Read it with requirePanel().
   */
  readonly panel: PanelContext | undefined;
}

/**
 * Loader and action arguments with our context typed: the server passes an AppContext as the
 * static handler's `requestContext` (server/app.ts). Loaders run only on the server: the
 * browser never loads the router (docs/decisions/2026-11-23-islands.md).
 */
export type AppLoaderArgs = LoaderFunctionArgs<AppContext>;
export type AppActionArgs = ActionFunctionArgs<AppContext>;
