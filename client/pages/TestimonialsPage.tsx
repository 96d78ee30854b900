import { useLoaderData } from 'react-router-dom';
import type { AppLoaderArgs } from '../app-context.ts';
import { BOOKING_JOBS, type BookingJob } from '../content/booking.ts';
import { reviewJobFilter, reviewsText } from '../content/reviews.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { BookingBanner } from '../components/BookingBanner.tsx';
import type { Canonical } from '../page-identity.ts';
import { paths, queryParams } from '../paths.ts';
import { GoogleReviewsLink, ReviewList, ReviewsSummary, StarBars } from '../reviews/ReviewList.tsx';
import { ALL_REVIEWS, type ReviewScope } from '../reviews/types.ts';
import { notFound } from './not-found.ts';
import { usePageTitle } from '../facts/use-facts.ts';
import { googleReviewsUrl } from '../reviews/google.ts';

/** Reviews per page of `/testimonials`. */
export const REVIEWS_PAGE_SIZE = 20;

const isJob = (value: string): value is BookingJob => BOOKING_JOBS.some((j) => j === value);

/** `?trabajo=`: one of the jobs, else nothing (every review). */
export const canonicalJob: Canonical = (value) => (isJob(value) ? value : undefined);
/** `?pagina=`: 2 and up as written plainly; 1 and junk are the first page. */
export const canonicalPage: Canonical = (value) =>
  /^[1-9]\d{0,4}$/.test(value) && value !== '1' ? value : undefined;

/** The list's address for a job and a page (the first page and every job: no parameter). */
export function testimonialsPath(job: BookingJob | undefined, page: number): string {
  const query = new URLSearchParams();
  if (job) query.set(queryParams.reviewJob, job);
  if (page > 1) query.set(queryParams.page, String(page));
  const search = query.toString();
  return search ? `${paths.testimonials}?${search}` : paths.testimonials;
}

export async function loader({ request, context }: AppLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const job = canonicalJob(params.get(queryParams.reviewJob) ?? '');
  const chosen = job && isJob(job) ? job : undefined;
  const page = Number(canonicalPage(params.get(queryParams.page) ?? '') ?? '1');
  const scope: ReviewScope = chosen ? { kind: 'job', job: chosen } : ALL_REVIEWS;
  const summary = await context.reviews.summary(scope);
  const pageCount = Math.max(1, Math.ceil(summary.count / REVIEWS_PAGE_SIZE));
  if (page > pageCount) throw notFound('page', context.catalogue);
  const reviews = await context.reviews.list(
    scope,
    (page - 1) * REVIEWS_PAGE_SIZE,
    REVIEWS_PAGE_SIZE,
  );
  return {
    job: chosen,
    page,
    pageCount,
    summary,
    reviews,
    googleReviewsUrl: googleReviewsUrl(context),
  };
}

/**
 * `/testimonials` (the seed's route, kept for old links): every published review, newest first,
 * 20 a page, the average with those not published beside it, the stars' distribution, a filter
 * by job (a GET form) and the rule the owner follows. Rebuilt when a review is published.
 */
export function TestimonialsPage() {
  const { job, page, pageCount, summary, reviews, googleReviewsUrl } =
    useLoaderData<typeof loader>();
  const here = testimonialsPath(job, page);
  const title = job
    ? `${reviewsText.title}: ${reviewJobFilter.names[job].toLocaleLowerCase('es-AR')}`
    : reviewsText.title;
  const pageTitle = usePageTitle(page > 1 ? `${title} (página ${page})` : title);
  return (
    <>
      {/* No review yet: a thin page to a search engine, out of the index (and the sitemap). */}
      <PageMeta
        title={pageTitle}
        description={reviewsText.description}
        path={summary.count > 0 ? here : undefined}
        noindex={summary.count === 0}
      />
      <PageHero title={reviewsText.title} path={paths.testimonials} />
      <div className="section reviews-page">
        <div className="container container-narrow">
          <p className="lead">{reviewsText.verified}</p>
          <section className="reviews-overview" aria-labelledby="opiniones-resumen">
            <h2 id="opiniones-resumen">
              {job
                ? `Opiniones de ${reviewJobFilter.names[job].toLocaleLowerCase('es-AR')}`
                : 'Resumen'}
            </h2>
            {summary.count > 0 ? (
              <>
                <ReviewsSummary summary={summary} />
                <StarBars summary={summary} />
              </>
            ) : (
              <p>{job ? reviewsText.noneOfJob : reviewsText.none}</p>
            )}
            <p id="como-publicamos" className="reviews-rule">
              {reviewsText.rule}
            </p>
            <GoogleReviewsLink url={googleReviewsUrl} />
          </section>
          <form method="get" action={paths.testimonials} className="reviews-filter">
            <label htmlFor="opiniones-trabajo">{reviewJobFilter.label}</label>
            <select id="opiniones-trabajo" name={queryParams.reviewJob} defaultValue={job ?? ''}>
              <option value="">{reviewJobFilter.all}</option>
              {BOOKING_JOBS.map((j) => (
                <option key={j} value={j}>
                  {reviewJobFilter.names[j]}
                </option>
              ))}
            </select>
            <button type="submit" className="button button-outline">
              Filtrar
            </button>
          </form>
          {reviews.length > 0 ? (
            <section aria-labelledby="opiniones-lista">
              <h2 id="opiniones-lista">
                {pageCount > 1 ? `Las opiniones (página ${page} de ${pageCount})` : 'Las opiniones'}
              </h2>
              <ReviewList reviews={reviews} />
            </section>
          ) : null}
          {pageCount > 1 ? (
            <nav className="reviews-pages" aria-label="Páginas de opiniones">
              {page > 1 ? <a href={testimonialsPath(job, page - 1)}>Más nuevas</a> : null}
              {page < pageCount ? <a href={testimonialsPath(job, page + 1)}>Más viejas</a> : null}
            </nav>
          ) : null}
        </div>
      </div>
      <BookingBanner />
    </>
  );
}
