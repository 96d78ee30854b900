/** GET a quote's PDF from its customer's page: private, never cached by anyone else. */
import type { RequestHandler } from 'express';
import { quoteFileName } from '../../client/paths.ts';
import type { QuoteDocument } from '../../client/quote/types.ts';
import { QUOTE_KEY, QUOTE_NUMBER } from '../../client/quote/types.ts';
import { errorDocument, sendStatusPage } from '../error-document.ts';
import type { Response } from 'express';
import type { SiteQuotes } from './service.ts';
import { renderQuotePdf } from './pdf.ts';

/** Sends the quote's PDF (the customer's route and the panel's). */
export async function sendQuotePdf(res: Response, quote: QuoteDocument): Promise<void> {
  const pdf = await renderQuotePdf(quote);
  res.set({
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${quoteFileName(quote.number)}"`,
    'Cache-Control': 'private, no-store',
    'X-Robots-Tag': 'noindex',
  });
  res.send(pdf);
}

export function quotePdfRoute(quotes: SiteQuotes): RequestHandler {
  return async (req, res) => {
    const number = String(req.params.numero ?? '');
    const key = String(req.params.clave ?? '');
    const quote =
      QUOTE_NUMBER.test(number) &&
      QUOTE_KEY.test(key) &&
      String(req.params.file ?? '') === quoteFileName(number)
        ? await quotes.own(number, key)
        : undefined;
    if (!quote) return sendStatusPage(res, 404, errorDocument(404));
    await sendQuotePdf(res, quote);
  };
}
