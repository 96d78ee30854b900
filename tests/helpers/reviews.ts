/**
 * A panel site with bookings, for the reviews' route tests: done jobs, their review links as
 * the owner makes them ("Pedir opinión por WhatsApp" in the agenda), the form posted as a
 * customer would.
 *
 *   const site = await reviewSite();
 *   const token = await site.askReview(await site.doneBooking(1));
 *   await site.send(token, { estrellas: '5', texto: 'Impecable', nombre: 'Ana G.' }).expect(303);
 */
import request from 'supertest';
import { expect } from 'vitest';
import { panelPaths, paths } from '../../client/paths.ts';
import { createBookingStore, type BookingStore, type NewBooking } from '../../store/bookings.ts';
import { createReviewStore, type ReviewStore } from '../../store/reviews.ts';
import { hashToken } from '../../server/bookings/tokens.ts';
import { storedBooking } from './bookings.ts';
import { SITE_URL, type TestSiteOverrides } from './app.ts';
import { panelSite, type PanelSession, type PanelTestSite } from './panel.ts';
import { decodeEntities } from './html.ts';
import { TEST_NOW } from './sample.ts';

/** A private link's token for booking `n` (43 URL-safe characters, as the site makes them). */
export const manageToken = (n: number) => `manage-${String(n).padStart(36, '0')}`;

export type ReviewTestSite = PanelTestSite & {
  readonly owner: PanelSession;
  readonly bookings: BookingStore;
  readonly reviews: ReviewStore;
  /** Stores booking `n` (a windshield for a Peugeot 208 unless `over` says otherwise), done. */
  doneBooking(n: number, over?: Partial<NewBooking>): Promise<NewBooking>;
  /** "Pedir opinión por WhatsApp" in the agenda: the review link's token from the message. */
  askReview(booking: NewBooking): Promise<string>;
  /** The review form posted from the site's own page. */
  send(token: string, fields: Record<string, string>): request.Test;
  /** Sends a review and publishes it from the panel; its id. */
  publishedReview(
    n: number,
    fields: Record<string, string>,
    over?: Partial<NewBooking>,
  ): Promise<string>;
};

export async function reviewSite(overrides: TestSiteOverrides = {}): Promise<ReviewTestSite> {
  // A clock a second later at each reading: "newest first" is then the order things happened.
  let tick = TEST_NOW.getTime();
  const panel = await panelSite({
    reviewRateLimit: { max: 1000, windowMs: 60_000 },
    now: () => new Date((tick += 1000)),
    ...overrides,
  });
  const owner = await panel.signIn();
  const bookings = createBookingStore(panel.database);
  const reviews = createReviewStore(panel.database);
  const listener = panel.site.listener;

  const site: ReviewTestSite = {
    ...panel,
    owner,
    bookings,
    reviews,
    async doneBooking(n, over = {}) {
      const booking = storedBooking(n, { manageTokenHash: hashToken(manageToken(n)), ...over });
      await bookings.book(booking, 50, { text: 'x' });
      expect(await bookings.setStatus(booking.id, 'hecho', new Date())).toBe(true);
      return booking;
    },
    async askReview(booking) {
      const view = `${panelPaths.bookings}?dia=${booking.day}&vista=dia`;
      const res = await owner
        .post(view, { accion: 'pedir-opinion', id: booking.id, dia: booking.day, vista: 'dia' })
        .expect(200);
      const wa = requestLink(res.text);
      if (!wa) throw new Error('no WhatsApp link with the request on the agenda');
      const message = new URL(wa).searchParams.get('text') ?? '';
      const token = new RegExp(`${SITE_URL}/opinion/([A-Za-z0-9_-]{43})`).exec(message)?.[1];
      if (!token) throw new Error(`no review link in the message: ${message}`);
      return token;
    },
    send(token, fields) {
      return request(listener)
        .post(paths.review(token))
        .set('Origin', SITE_URL)
        .type('form')
        .send(fields);
    },
    async publishedReview(n, fields, over = {}) {
      const booking = await site.doneBooking(n, over);
      await site.send(await site.askReview(booking), fields).expect(303);
      const review = await reviews.findByBooking(booking.id);
      if (!review) throw new Error('the review was not stored');
      await owner.post(panelPaths.reviews, { accion: 'publicar', id: review.id }).expect(303);
      return review.id;
    },
  };
  return site;
}

/** The WhatsApp link the agenda shows once, with the review request (not the row's own). */
export function requestLink(html: string): string | undefined {
  const link = /<p class="panel-notice" role="status">[^]*?href="(https:\/\/wa\.me\/[^"]+)"/.exec(
    html,
  );
  return link?.[1] ? decodeEntities(link[1]) : undefined;
}
