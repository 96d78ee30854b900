/** GET a quote's PDF (its customer's address, or the panel's): private, never cached by others. */
import type { ShopFacts } from '../../client/facts/types.ts';
import type { RequestHandler, Response } from 'express';
import { quoteFileName } from '../../client/paths.ts';
import { QUOTE_KEY, QUOTE_NUMBER, type QuoteDocument } from '../../client/quote/types.ts';
import { errorDocument, sendStatusPage } from '../error-document.ts';
import type { SiteQuotes } from './service.ts';
import type { QuotePdfs } from './pdf-cache.ts';

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
