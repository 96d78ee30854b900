import { createHash, randomBytes } from 'node:crypto';

/**
 * Rendered documents, kept so that the same page with the same data is rendered once.
 * A page is a pure function of its URL, status and router data (catalogue, gallery
 * snapshot), so those make the key; the per-request CSP nonce is left as a slot that
 * each response fills in. Least recently used entries go first.
 */
export class PageCache {
  /** Random per process, so no page content can imitate it. */
  readonly nonceSlot = `nonce-slot-${randomBytes(12).toString('hex')}`;
  private readonly pages = new Map<string, string>();

  constructor(private readonly maxPages = 300) {}

  key(status: number, url: string, routerDataJson: string): string {
    return createHash('sha1').update(`${status}\n${url}\n${routerDataJson}`).digest('base64');
  }

  get(key: string, nonce: string): string | undefined {
    const html = this.pages.get(key);
    if (html === undefined) return undefined;
    this.pages.delete(key);
    this.pages.set(key, html);
    return html.replaceAll(this.nonceSlot, nonce);
  }

  set(key: string, html: string): void {
    this.pages.delete(key);
    this.pages.set(key, html);
    if (this.pages.size > this.maxPages) this.pages.delete(this.pages.keys().next().value!);
  }

  get size(): number {
    return this.pages.size;
  }
}

/** Loader data with a promise in it streams (Suspense): such a page is not cached. */
export function hasPending(loaderData: Record<string, unknown>): boolean {
  return Object.values(loaderData).some(
    (data) =>
      data instanceof Promise ||
      (data !== null &&
        typeof data === 'object' &&
        Object.values(data).some((v) => v instanceof Promise)),
  );
}
