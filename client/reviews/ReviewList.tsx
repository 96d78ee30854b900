/**
 * Reviews as the public pages show them: stars, the text as plain text (React escapes it; a
 * link is never made clickable), the name shown, the job and car, the month, the shop's
 * answer; the average with the count of reviews not published beside it, and the stars'
 * distribution drawn on the server (a list a screen reader reads, bars as decoration).
 */
import { useFacts } from '../facts/use-facts.ts';
import { paths } from '../paths.ts';
import { reviewsText } from '../content/reviews.ts';
import { averageText, hiddenText, monthText, reviewCountText, starsText } from './summary.ts';
import { STAR_VALUES, type PublicReview, type ReviewSummary } from './types.ts';

/** Five stars, `value` of them lit; read as "4 de 5 estrellas" (or the average's words). */
export function StarRating({ value, label }: { value: number; label?: string }) {
  const lit = Math.min(5, Math.max(0, Math.round(value)));
  return (
    <span className="stars" role="img" aria-label={label ?? starsText(lit)}>
      <span aria-hidden="true">{'★'.repeat(lit)}</span>
      {lit < 5 ? (
        <span className="stars__off" aria-hidden="true">
          {'★'.repeat(5 - lit)}
        </span>
      ) : null}
    </span>
  );
}

export function ReviewCard({ review }: { review: PublicReview }) {
  const shop = useFacts().contact.name;
  return (
    <article className="review">
      <p className="review__head">
        <StarRating value={review.stars} /> <strong>{review.author}</strong>
      </p>
      {review.body ? <p className="review__text">{review.body}</p> : null}
      <p className="review__meta">
        {review.jobName}
        {review.car ? ` · ${review.car}` : ''} · {monthText(review.month)}
      </p>
      {review.answer ? (
        <div className="review__answer">
          <p className="review__answer-by">{reviewsText.answerBy(shop)}</p>
          <p className="review__text">{review.answer}</p>
        </div>
      ) : null}
    </article>
  );
}

export function ReviewList({ reviews }: { reviews: readonly PublicReview[] }) {
  return (
    <ul className="reviews">
      {reviews.map((review) => (
        <li key={review.id}>
          <ReviewCard review={review} />
        </li>
      ))}
    </ul>
  );
}

/**
 * "4,7 ★★★★★ 23 opiniones", and right under it "2 no publicadas por insultos" with the rule's
 * link (nothing when there is no published review).
 */
export function ReviewsSummary({ summary }: { summary: ReviewSummary }) {
  if (summary.average === undefined) return null;
  const average = averageText(summary.average);
  const hidden = hiddenText(summary.hidden);
  return (
    <>
      <p className="reviews-summary">
        <span className="reviews-summary__average">{average}</span>{' '}
        <StarRating value={summary.average} label={`Promedio: ${average} de 5 estrellas`} />{' '}
        <span>{reviewCountText(summary.count)}</span>
      </p>
      {hidden ? (
        <p className="reviews-summary__hidden">
          {`${hidden}. `}
          <a href={`${paths.testimonials}#como-publicamos`}>{reviewsText.howWePublish}</a>
        </p>
      ) : null}
    </>
  );
}

/** How many published reviews have each number of stars, five first. */
export function StarBars({ summary }: { summary: ReviewSummary }) {
  const most = Math.max(1, ...STAR_VALUES.map((s) => summary.stars[s]));
  return (
    <ul className="star-bars" aria-label="Opiniones por cantidad de estrellas">
      {STAR_VALUES.map((s) => (
        <li key={s}>
          <span className="star-bars__label">{`${s} ${s === 1 ? 'estrella' : 'estrellas'}:`}</span>
          <svg
            className="star-bars__bar"
            viewBox="0 0 100 10"
            preserveAspectRatio="none"
            aria-hidden="true"
            focusable="false"
          >
            <rect className="star-bars__track" width="100" height="10" rx="2" />
            <rect
              className="star-bars__fill"
              width={Math.round((summary.stars[s] / most) * 100)}
              height="10"
              rx="2"
            />
          </svg>
          <span className="star-bars__count">{reviewCountText(summary.stars[s])}</span>
        </li>
      ))}
    </ul>
  );
}

/** The shop's page on Google, when one is set (client/reviews/google.ts). */
export function GoogleReviewsLink({ url }: { url: string | undefined }) {
  if (!url) return null;
  return (
    <p className="reviews-google">
      <a href={url} rel="nofollow noopener external">
        {reviewsText.google}
      </a>
    </p>
  );
}
