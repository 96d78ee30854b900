/**
 * GOOGLE_REVIEWS_URL: where a customer may also leave a review on Google. It is shown as a link
 * on public pages, so only an https address on one of Google's own hosts is accepted (a typo
 * or a pasted tracking link is refused at start with the reason).
 */

/** The hosts Google gives a business's review link on ("Pedir opiniones" in Google's panel). */
export const GOOGLE_REVIEW_HOSTS = [
  'g.page',
  'maps.app.goo.gl',
  'search.google.com',
  'www.google.com',
  'google.com',
  'maps.google.com',
  'www.google.com.ar',
  'google.com.ar',
] as const;

const GOOGLE_REVIEW_HOSTNAME = new RegExp(
  `^(?:${GOOGLE_REVIEW_HOSTS.map((h) => h.replace(/\./g, '\\.')).join('|')})$`,
);

/** Why `value` is not a Google review address we show; undefined when it is. */
export function googleReviewsUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'not a URL';
  }
  if (url.protocol !== 'https:') return 'must start with https://';
  if (!GOOGLE_REVIEW_HOSTNAME.test(url.hostname))
    return `must be on one of Google's hosts (${GOOGLE_REVIEW_HOSTS.join(', ')}), not ${url.hostname}`;
  if (url.username || url.password || url.port) return 'must have no user, password or port';
  return undefined;
}
