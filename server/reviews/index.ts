/**
 * Reviews of finished jobs, put together for the site (server/site.ts): the published ones for
 * the public pages, the review link and its form, the owner's moderation, the request after a
 * job. The public pages read the published reviews from memory (server/reviews/published.ts):
 * every change they show reads them again, then calls `onChange`'s listeners (the site rebuilds
 * the pages tagged 'reviews'); each instance also polls the store's version counter and does the
 * same when another one changed it, or when a read failed while the database was away.
 * See docs/decisions/2026-11-28-reviews.md and 2026-12-04-pages-never-read-the-database.md.
 */
import type { ShopFacts } from '../../client/facts/types.ts';
import type { ReviewRequest } from '../../client/panel/agenda-types.ts';
import type { ReviewModeration } from '../../client/panel/reviews-types.ts';
import { paths } from '../../client/paths.ts';
import { reviewRequest } from '../../client/content/reviews.ts';
import { customerWhatsappLink } from '../../client/booking/whatsapp.ts';
import { suggestedAuthor } from '../../client/reviews/summary.ts';
import {
  REVIEW_LINK_DAYS,
  type BookingReviewStatus,
  type PublishedReviews,
  type ReviewLinks,
} from '../../client/reviews/types.ts';
import type { BookingStore } from '../../store/bookings.ts';
import { createReviewStore, type ReviewBooking, type ReviewStore } from '../../store/reviews.ts';
import type { SiteDatabase } from '../../store/schema.ts';
import { hashToken, newToken, TOKEN_PATTERN } from '../bookings/tokens.ts';
import type { Logger } from '../logger.ts';
import { newReviewPush } from '../push/notices.ts';
import { followReviews } from './published.ts';
import { jobName, toPanel, toStars, toSubject } from './views.ts';

const DAY_MS = 24 * 60 * 60_000;

/** How often an instance looks for another instance's change (or a database back). */
export const REVIEWS_POLL_MS = 2_000;

export type ReviewsOptions = {
  readonly database: SiteDatabase;
  /** Finds a booking by its private link (the private page's "Dejar mi opinión"). */
  readonly bookings: BookingStore;
  readonly now: () => Date;
  readonly logger: Logger;
  readonly siteUrl: string;
  /** The facts live now: the shop's name in the request's message. */
  readonly facts: () => ShopFacts;
  /** Default REVIEWS_POLL_MS. */
  readonly pollMs?: number;
};

export type SiteReviews = {
  readonly published: PublishedReviews;
  readonly links: ReviewLinks;
  readonly moderation: ReviewModeration;
  /** The agenda's "Pedir opinión por WhatsApp" and each booking's review status. */
  askForReview(bookingId: string): Promise<ReviewRequest | undefined>;
  statusesOf(bookingIds: readonly string[]): Promise<ReadonlyMap<string, BookingReviewStatus>>;
  /** Called after every change the public pages show (here, or on another instance). */
  onChange(listener: () => void): () => void;
  /** Starts polling. */
  start(): void;
  stop(): void;
};

type LinkCheck =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'closed'; readonly reason: 'expired' | 'used' }
  | { readonly kind: 'open'; readonly booking: ReviewBooking };

export function createReviews(options: ReviewsOptions): SiteReviews {
  const { database, now, logger } = options;
  const store: ReviewStore = createReviewStore(database);
  const listeners = new Set<() => void>();
  const followed = followReviews({ store, logger, pollMs: options.pollMs ?? REVIEWS_POLL_MS });

  const notify = () => {
    for (const listener of listeners) listener();
  };
  /** After a change made here: read the published reviews again, then rebuild. */
  const changed = async (done: boolean) => {
    if (!done) return false;
    if (await followed.refresh()) notify();
    return true;
  };

  /** Whether a review may be written or changed for `bookingId` now. */
  async function checkBooking(bookingId: string, expiresAt?: string): Promise<LinkCheck> {
    const booking = await store.findBooking(bookingId);
    if (!booking || booking.status !== 'hecho') return { kind: 'unknown' };
    if (expiresAt !== undefined && expiresAt <= now().toISOString())
      return { kind: 'closed', reason: 'expired' };
    const review = await store.findByBooking(bookingId);
    if (review && review.state.status !== 'nueva') return { kind: 'closed', reason: 'used' };
    return { kind: 'open', booking };
  }

  async function checkLink(token: string): Promise<LinkCheck> {
    if (!TOKEN_PATTERN.test(token)) return { kind: 'unknown' };
    const link = await store.findLink(hashToken(token));
    if (!link) return { kind: 'unknown' };
    return checkBooking(link.bookingId, link.expiresAt);
  }

  /** A new link for a done booking whose review is still open: its token. */
  async function invite(
    bookingId: string,
  ): Promise<{ token: string; booking: ReviewBooking } | undefined> {
    const check = await checkBooking(bookingId);
    if (check.kind !== 'open') return undefined;
    const token = newToken();
    const at = now();
    await store.addLink(
      hashToken(token),
      bookingId,
      at,
      new Date(at.getTime() + REVIEW_LINK_DAYS * DAY_MS),
    );
    return { token, booking: check.booking };
  }

  const published: PublishedReviews = followed.published;

  const links: ReviewLinks = {
    async open(token) {
      const check = await checkLink(token);
      if (check.kind === 'unknown') return { status: 'unknown' };
      if (check.kind === 'closed') return { status: 'closed', reason: check.reason };
      const sent = await store.findByBooking(check.booking.id);
      return {
        status: 'open',
        subject: toSubject(check.booking.subject),
        sent: sent
          ? { stars: toStars(sent.stars), body: sent.body, author: sent.author }
          : undefined,
        suggestedAuthor: suggestedAuthor(check.booking.name),
      };
    },

    async submit(token, input) {
      try {
        const check = await checkLink(token);
        if (check.kind === 'unknown') return 'unknown';
        if (check.kind === 'closed') return { closed: check.reason };
        const at = now();
        const outcome = await store.save(
          check.booking.id,
          input,
          check.booking.subject,
          at,
          newReviewPush({ stars: input.stars, job: check.booking.subject.job }, at),
        );
        if (outcome === 'locked') return { closed: 'used' };
        logger.info({ outcome }, 'reviews: a review was sent');
        return outcome;
      } catch (error) {
        logger.error({ err: error }, 'reviews: could not be stored');
        return 'unavailable';
      }
    },

    async statusOf(bookingId) {
      return (await store.findByBooking(bookingId))?.state.status ?? 'none';
    },

    async inviteFromBooking(manageToken) {
      if (!TOKEN_PATTERN.test(manageToken)) return undefined;
      const booking = await options.bookings.findByManageHash(hashToken(manageToken));
      return booking ? (await invite(booking.id))?.token : undefined;
    },
  };

  const moderation: ReviewModeration = {
    async page(page, pageSize) {
      const counts = await store.countByStatus();
      const total = counts.nueva + counts.publicada + counts.oculta;
      const pageCount = Math.max(1, Math.ceil(total / pageSize));
      const current = Math.min(Math.max(1, page), pageCount);
      const reviews = await store.list((current - 1) * pageSize, pageSize);
      return { reviews: reviews.map(toPanel), counts, page: current, pageCount };
    },
    async find(id) {
      const review = await store.find(id);
      return review ? toPanel(review) : undefined;
    },
    toModerate: async () => (await store.countByStatus()).nueva,
    publish: async (id) => changed(await store.publish(id, now())),
    hide: async (id, reason) => changed(await store.hide(id, reason, now())),
    answer: async (id, text) => changed(await store.answer(id, text, now())),
    remove: async (id) => changed(await store.remove(id)),
  };

  return {
    published,
    links,
    moderation,

    async askForReview(bookingId) {
      const made = await invite(bookingId);
      if (!made) return undefined;
      const url = `${options.siteUrl}${paths.review(made.token)}`;
      const first = made.booking.name.trim().split(/\s+/)[0] ?? '';
      const message = reviewRequest.message(
        first,
        options.facts().contact.name,
        jobName(made.booking.subject.job),
        url,
      );
      return { url, whatsapp: customerWhatsappLink(made.booking.phone, message) };
    },

    async statusesOf(bookingIds) {
      return store.statusesOf(bookingIds);
    },

    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    start() {
      followed.start(notify);
    },

    stop() {
      followed.stop();
    },
  };
}
