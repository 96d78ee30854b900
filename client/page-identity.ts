/**
 * A page's identity: its path plus the query parameters its route reads, each in its
 * canonical form. The server renders and keeps one page per identity (server/page-cache.ts),
 * so a page that reads a parameter must declare it on its route (`handle: reads(...)`), and
 * every spelling of a value (`?albumes=01`, `1x`, `010`) must map to the one the page shows:
 * junk values then cost no render and no cache entry (docs/decisions/2026-11-22-page-identity.md).
 */

/** The value the page would show for `value`, or undefined when it changes nothing (dropped). */
export type Canonical = (value: string) => string | undefined;

export type PageIdentity = { readonly searchParams: Readonly<Record<string, Canonical>> };

/** A route's `handle`: the query parameters its page reads, each with its canonical form. */
export function reads(searchParams: Record<string, Canonical>): PageIdentity {
  return { searchParams };
}

/** A parameter whose only meaningful value is `expected` (`?enviado=1`). */
export const onlyValue =
  (expected: string): Canonical =>
  (value) =>
    value === expected ? value : undefined;

/** Any value as given: for routes whose loader only redirects (nothing is kept for them). */
export const asGiven: Canonical = (value) => value;
