/**
 * Anti-forgery for the contact form without tokens or cookies, so the plain HTML form
 * keeps working without JavaScript and pages stay cacheable.
 *   1. Origin present: it must be SITE_URL's origin or this request's own host.
 *      ("null", from sandboxed frames and privacy redirects, is refused.)
 *   2. Else Sec-Fetch-Site present: only same-origin (or none: typed by the user).
 *   3. Else Referer present: same rule as Origin.
 *   4. None of them: allowed. Browsers send Origin on every POST (Chrome, Firefox,
 *      Safari, Edge for years), so a request without any of these headers is not a
 *      browser being tricked by another site; it is a script, which forgery defences
 *      do not stop anyway (the rate limit and the honeypot do what can be done).
 */

export type HeaderSource = { get(name: string): string | undefined };

/** Why the request is refused, or undefined when it may go on. */
export function crossSiteReason(req: HeaderSource, siteUrl: string): string | undefined {
  const siteOrigin = new URL(siteUrl).origin;
  const host = req.get('host')?.toLowerCase();
  const sameOrigin = (value: string) => {
    try {
      const url = new URL(value);
      return url.origin === siteOrigin || (host !== undefined && url.host === host);
    } catch {
      return false;
    }
  };

  const origin = req.get('origin');
  if (origin !== undefined) return sameOrigin(origin) ? undefined : `Origin ${origin}`;
  const fetchSite = req.get('sec-fetch-site');
  if (fetchSite !== undefined) {
    return fetchSite === 'same-origin' || fetchSite === 'none'
      ? undefined
      : `Sec-Fetch-Site ${fetchSite}`;
  }
  const referer = req.get('referer');
  if (referer !== undefined) return sameOrigin(referer) ? undefined : 'Referer from another site';
  return undefined;
}
