import { LRUCache } from 'lru-cache';
import type { QuoteDocument } from '../../client/quote/types.ts';
import { renderQuotePdf } from './pdf.ts';

/**
 * A quote's PDF, made once: the document is frozen, so its file is too. Making one costs about
 * 0.1 s of CPU (npm run bench:quote-pdf); a link opened again and again (a customer, the
 * insurer, the owner) costs it once. Bounded: the most recent 64 (about 23 KB each).
 */
export type QuotePdfs = (quote: QuoteDocument) => Promise<Buffer>;

export function quotePdfs(max = 64): QuotePdfs {
  const made = new LRUCache<string, Promise<Buffer>>({ max });
  return (quote) => {
    const kept = made.get(quote.number);
    if (kept) return kept;
    const pdf = renderQuotePdf(quote);
    made.set(quote.number, pdf);
    pdf.catch(() => made.delete(quote.number));
    return pdf;
  };
}
