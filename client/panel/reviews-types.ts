/** The owner's reviews screen (`/panel/opiniones`), implemented by server/reviews/moderation.ts. */
import type { HideReason, PublicReview, ReviewStatus } from '../reviews/types.ts';

export type PanelReviewState =
  | { readonly status: 'nueva' }
  | { readonly status: 'publicada'; readonly publishedAt: string }
  | { readonly status: 'oculta'; readonly reason: HideReason };

/** A review as the owner sees it: what the public would see, and where it stands. */
export type PanelReview = Omit<PublicReview, 'publishedOn' | 'answer'> & {
  readonly receivedAt: string;
  readonly state: PanelReviewState;
  readonly answer: { readonly text: string; readonly at: string } | undefined;
  /** Still tied to its booking (the customer's phone); false once the booking was purged. */
  readonly linked: boolean;
};

export type ReviewsPage = {
  readonly reviews: readonly PanelReview[];
  readonly counts: Readonly<Record<ReviewStatus, number>>;
  readonly page: number;
  readonly pageCount: number;
};

export interface ReviewModeration {
  /** New ones first, then the newest. */
  page(page: number, pageSize: number): Promise<ReviewsPage>;
  find(id: string): Promise<PanelReview | undefined>;
  /** How many new reviews wait to be published or not ("Opiniones 1"). */
  toModerate(): Promise<number>;
  publish(id: string): Promise<boolean>;
  hide(id: string, reason: HideReason): Promise<boolean>;
  /** The shop's one public answer; undefined removes it. */
  answer(id: string, text: string | undefined): Promise<boolean>;
  /** Deletes it for good (the customer asked). */
  remove(id: string): Promise<boolean>;
}
