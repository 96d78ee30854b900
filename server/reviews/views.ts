/** Reviews from the store as the pages and the panel show them (store/ and client/ meet here). */
import { jobNames } from '../../client/content/booking.ts';
import type { PanelReview } from '../../client/panel/reviews-types.ts';
import {
  HIDE_REASONS,
  type HideReason,
  type PublicReview,
  type ReviewScope,
  type ReviewSubject,
  type Stars,
} from '../../client/reviews/types.ts';
import { summarize } from '../../client/reviews/summary.ts';
import type { ReviewSummary } from '../../client/reviews/types.ts';
import type { Review, ReviewProduct, ReviewSubject as StoredSubject } from '../../store/reviews.ts';

/** Which published (and not published) reviews a summary or a list is about. */
export type ReviewFilter =
  | { readonly kind: 'all' }
  | { readonly kind: 'job'; readonly job: string }
  | { readonly kind: 'product'; readonly product: ReviewProduct };

export type ReviewCounts = {
  /** Published reviews per number of stars: index 0 is one star, index 4 five. */
  readonly stars: readonly [number, number, number, number, number];
  /** Not published, per reason. */
  readonly hidden: Readonly<Record<HideReason, number>>;
};

/** "Cambio de parabrisas" for `parabrisas` (a job no longer offered: as stored). */
export function jobName(job: string): string {
  const known = Object.entries(jobNames).find(([key]) => key === job);
  return known ? known[1] : job;
}

/** The store keeps 1 to 5 (a CHECK); anything else would be a bug: shown as one star. */
export function toStars(n: number): Stars {
  return n === 2 || n === 3 || n === 4 || n === 5 ? n : 1;
}

export function toFilter(scope: ReviewScope): ReviewFilter {
  switch (scope.kind) {
    case 'all':
      return { kind: 'all' };
    case 'job':
      return { kind: 'job', job: scope.job };
    case 'product':
      return {
        kind: 'product',
        product: { piece: scope.piece, brandSlug: scope.brandSlug, modelSlug: scope.modelSlug },
      };
  }
}

export function toSummary(counts: ReviewCounts): ReviewSummary {
  const [one, two, three, four, five] = counts.stars;
  return summarize({ 1: one, 2: two, 3: three, 4: four, 5: five }, counts.hidden);
}

/** What anyone who sees a review sees of it. */
function shown(review: Review) {
  return {
    id: review.id,
    stars: toStars(review.stars),
    body: review.body,
    author: review.author,
    jobName: jobName(review.job),
    car: review.car,
    month: review.jobMonth,
  };
}

export function toPublic(review: Review): PublicReview {
  return {
    ...shown(review),
    publishedOn: (review.state.status === 'publicada'
      ? review.state.publishedAt
      : review.updatedAt
    ).slice(0, 10),
    answer: review.answer?.text,
  };
}

export function toSubject(subject: StoredSubject): ReviewSubject {
  return { jobName: jobName(subject.job), car: subject.car, month: subject.jobMonth };
}

export function toPanel(review: Review): PanelReview {
  return {
    ...shown(review),
    receivedAt: review.createdAt,
    state: review.state,
    answer: review.answer,
    linked: review.bookingId !== undefined,
  };
}

/** One of the reasons the panel offers (the client's list; the store's is the same words). */
export function isHideReason(value: string): value is HideReason {
  return HIDE_REASONS.some((reason) => reason === value);
}
