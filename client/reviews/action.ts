/**
 * `/opinion/{token}`: the review form behind a review link (GET), sending it (POST: 303 to the
 * thank-you, `?enviada=1`), bad input (422 with the messages beside the fields and the form
 * kept), a link no longer active (410), a token nobody was given (404, the site's plain 404).
 * Per visitor: reading `context.reviewLinks` keeps the page out of the page cache.
 */
import { data, redirect } from 'react-router-dom';
import type { AppActionArgs, AppLoaderArgs } from '../app-context.ts';
import { notFound } from '../pages/not-found.ts';
import { paths, queryParams } from '../paths.ts';
import { checkReview, readReviewValues, type ReviewErrors } from './form.ts';
import type { ClosedReason, ReviewSubject, ReviewValues } from './types.ts';
import { googleReviewsUrl } from './google.ts';

export type ReviewPageData =
  | { readonly state: 'closed'; readonly reason: ClosedReason }
  | {
      readonly state: 'form';
      readonly token: string;
      readonly subject: ReviewSubject;
      readonly values: ReviewValues;
      /** A review was sent before: the form changes it. */
      readonly editing: boolean;
      readonly errors: ReviewErrors;
      readonly unavailable: boolean;
    }
  | {
      readonly state: 'thanks';
      readonly token: string;
      readonly googleReviewsUrl: string | undefined;
    };

export async function reviewLoader({ params, request, context }: AppLoaderArgs) {
  const token = params.token ?? '';
  const link = await context.reviewLinks.open(token);
  if (link.status === 'unknown') throw notFound('private', context.catalogue);
  if (link.status === 'closed')
    return data<ReviewPageData>({ state: 'closed', reason: link.reason }, { status: 410 });
  const sent = new URL(request.url).searchParams.get(queryParams.reviewSent) === '1';
  if (sent && link.sent)
    return data<ReviewPageData>({
      state: 'thanks',
      token,
      googleReviewsUrl: googleReviewsUrl(context),
    });
  return data<ReviewPageData>({
    state: 'form',
    token,
    subject: link.subject,
    values: link.sent
      ? { stars: String(link.sent.stars), body: link.sent.body, author: link.sent.author }
      : { stars: '', body: '', author: link.suggestedAuthor },
    editing: link.sent !== undefined,
    errors: {},
    unavailable: false,
  });
}

export async function reviewAction({ params, request, context }: AppActionArgs) {
  if (request.method !== 'POST') throw data(null, { status: 405 });
  const form = await request.formData().catch(() => {
    throw data(null, { status: 400 });
  });
  const token = params.token ?? '';
  const link = await context.reviewLinks.open(token);
  if (link.status === 'unknown') throw notFound('private', context.catalogue);
  if (link.status === 'closed')
    return data<ReviewPageData>({ state: 'closed', reason: link.reason }, { status: 410 });
  const values = readReviewValues((name) => form.get(name));
  const again = (status: number, errors: ReviewErrors, unavailable = false) =>
    data<ReviewPageData>(
      {
        state: 'form',
        token,
        subject: link.subject,
        values,
        editing: link.sent !== undefined,
        errors,
        unavailable,
      },
      { status },
    );
  const checked = checkReview(values);
  if (!checked.ok) return again(422, checked.errors);
  const outcome = await context.reviewLinks.submit(token, checked.ok);
  if (outcome === 'unknown') throw notFound('page', context.catalogue);
  if (outcome === 'unavailable') return again(503, {}, true);
  if (typeof outcome === 'object')
    return data<ReviewPageData>({ state: 'closed', reason: outcome.closed }, { status: 410 });
  return redirect(`${paths.review(token)}?${queryParams.reviewSent}=1`, 303);
}
