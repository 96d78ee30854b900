/** GET a quote's PDF (its customer's address, or the panel's): private, never cached by others. */
import type { ShopFacts } from '../../client/facts/types.ts';
import type { RequestHandler, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { quoteFileName } from '../../client/paths.ts';
import { QUOTE_KEY, QUOTE_NUMBER, type QuoteDocument } from '../../client/quote/types.ts';
import { errorDocument, sendStatusPage } from '../error-document.ts';
import type { SiteQuotes } from './service.ts';
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

/** Sends the quote's PDF (the customer's route and the panel's). */
export async function sendQuotePdf(
  res: Response,
  quote: QuoteDocument,
  pdfs: QuotePdfs,
): Promise<void> {
  const pdf = await pdfs(quote);
  res.set({
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${quoteFileName(quote.number)}"`,
    'Cache-Control': 'private, no-store',
    'X-Robots-Tag': 'noindex',
  });
  res.send(pdf);
}

export function quotePdfRoute(quotes: SiteQuotes, facts: () => ShopFacts): RequestHandler {
  return async (req, res) => {
    const number = String(req.params.numero ?? '');
    const key = String(req.params.clave ?? '');
    const quote =
      QUOTE_NUMBER.test(number) &&
      QUOTE_KEY.test(key) &&
      String(req.params.file ?? '') === quoteFileName(number)
        ? await quotes.own(number, key)
        : undefined;
    if (!quote) return sendStatusPage(res, 404, errorDocument(404, facts()));
    await sendQuotePdf(res, quote, quotes.pdfs);
  };
}
