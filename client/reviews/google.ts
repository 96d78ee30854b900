import type { AppContext } from '../app-context.ts';

/**
 * Where a customer may also leave a review on Google: the owner's link from Datos del negocio
 * (a published fact, so a page that shows it is rebuilt when it changes), else the operator's
 * GOOGLE_REVIEWS_URL; undefined when neither is set.
 */
export function googleReviewsUrl(context: Pick<AppContext, 'facts' | 'googleReviewsUrl'>) {
  return context.facts.contact.googleReviewsUrl ?? context.googleReviewsUrl;
}
