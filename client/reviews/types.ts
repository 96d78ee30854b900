/**
 * Reviews of finished jobs (docs/decisions/2026-11-28-reviews.md): the shapes the pages, the
 * review form and the panel share, and the services the server implements (server/reviews/).
 * Pure types and constants: no React, no browser or Node APIs.
 */
import type { BookingJob } from '../content/booking.ts';
import type { Pieza } from '../../catalogue/pieces.ts';

/** Why the owner does not publish a review, and how the public page says it. */
export const HIDE_REASON_NAMES = {
  insultos: 'insultos',
  'datos-personales': 'datos personales de otras personas',
  'no-habla-del-trabajo': 'no hablar del trabajo',
} as const;
export type HideReason = keyof typeof HIDE_REASON_NAMES;
export const HIDE_REASONS = Object.keys(HIDE_REASON_NAMES).filter(
  (key): key is HideReason => key in HIDE_REASON_NAMES,
);

export const REVIEW_STATUS_NAMES = {
  nueva: 'Nueva',
  publicada: 'Publicada',
  oculta: 'No publicada',
} as const;
export type ReviewStatus = keyof typeof REVIEW_STATUS_NAMES;

/** Each number of stars with its words (the form's radio buttons, the pages' text). */
export const STAR_NAMES = {
  1: 'Muy mal',
  2: 'Mal',
  3: 'Regular',
  4: 'Bien',
  5: 'Excelente',
} as const;
export type Stars = keyof typeof STAR_NAMES;
export const STAR_VALUES: readonly Stars[] = [5, 4, 3, 2, 1];

export const REVIEW_LIMITS = { body: 1_000, author: 40, answer: 1_000 } as const;

/** How long a review link works. */
export const REVIEW_LINK_DAYS = 60;

/** A published review as the pages show it: plain text only, the month and never the day. */
export type PublicReview = {
  readonly id: string;
  readonly stars: Stars;
  readonly body: string;
  /** The name the customer chose to show ("María G."). */
  readonly author: string;
  /** "Cambio de parabrisas" */
  readonly jobName: string;
  /** "Peugeot 208", when the job was on a car of the catalogue. */
  readonly car: string | undefined;
  /** `YYYY-MM`: the month of the job. */
  readonly month: string;
  /** `YYYY-MM-DD`: when it was published (the structured data's datePublished). */
  readonly publishedOn: string;
  /** The shop's one public answer. */
  readonly answer: string | undefined;
};

/** The published reviews of a scope, counted: the average, the stars, those not published. */
export type ReviewSummary = {
  readonly count: number;
  /** Undefined when there is none. */
  readonly average: number | undefined;
  /** Published reviews per number of stars. */
  readonly stars: Readonly<Record<Stars, number>>;
  /** Not published, and why (each reason once, in the list's order). */
  readonly hidden: { readonly count: number; readonly reasons: readonly HideReason[] };
};

/** Which reviews: all of them, one kind of job, or one product page's car. */
export type ReviewScope =
  | { readonly kind: 'all' }
  | { readonly kind: 'job'; readonly job: BookingJob }
  | {
      readonly kind: 'product';
      readonly piece: Pieza;
      readonly brandSlug: string;
      readonly modelSlug: string;
    };

export const ALL_REVIEWS: ReviewScope = { kind: 'all' };

/** A product page's reviews: the summary of all, the newest few (what the page shows). */
export type ProductReviews = {
  readonly summary: ReviewSummary;
  readonly list: readonly PublicReview[];
};

/** The published reviews, for the public pages (kept pages: tagged 'reviews'). */
export interface PublishedReviews {
  summary(scope: ReviewScope): Promise<ReviewSummary>;
  /** Newest first. */
  list(scope: ReviewScope, offset: number, limit: number): Promise<PublicReview[]>;
}

/** What was done and on which car, from the booking: the form shows it, nobody types it. */
export type ReviewSubject = {
  readonly jobName: string;
  readonly car: string | undefined;
  /** `YYYY-MM` */
  readonly month: string;
};

/** The form's fields as sent. */
export type ReviewValues = {
  readonly stars: string;
  readonly body: string;
  readonly author: string;
};

/** A valid review. */
export type ReviewInput = { readonly stars: Stars; readonly body: string; readonly author: string };

/** Why a link cannot be used any more: too old, or the owner already decided on its review. */
export type ClosedReason = 'expired' | 'used';

/** What a review link opens. */
export type ReviewLinkState =
  /** No such link (mistyped, someone else's guess, or its booking was purged): a 404. */
  | { readonly status: 'unknown' }
  | { readonly status: 'closed'; readonly reason: ClosedReason }
  | {
      readonly status: 'open';
      readonly subject: ReviewSubject;
      /** The review sent so far (it may be changed until the owner publishes it). */
      readonly sent: ReviewInput | undefined;
      /** The booking's first name and initial: the name shown unless the customer changes it. */
      readonly suggestedAuthor: string;
    };

export type SubmitOutcome =
  | 'stored'
  | 'updated'
  | { readonly closed: ClosedReason }
  | 'unknown'
  /** The database failed: nothing was stored; the form is shown again. */
  | 'unavailable';

/** Where a booking's review stands, for its private page. */
export type BookingReviewStatus = 'none' | ReviewStatus;

/** The review link and form (per visitor: pages that read it are never kept). */
export interface ReviewLinks {
  open(token: string): Promise<ReviewLinkState>;
  submit(token: string, input: ReviewInput): Promise<SubmitOutcome>;
  /** The review of a booking (by its id), for the booking's private page. */
  statusOf(bookingId: string): Promise<BookingReviewStatus>;
  /**
   * A new review link for the booking a private link names, if its job is done and its review
   * not yet published or refused: the link's token.
   */
  inviteFromBooking(manageToken: string): Promise<string | undefined>;
}
