import type { NextFunction, Request, Response } from 'express';
import { errorDocument, sendStatusPage } from './error-document.ts';
import type { ShopFacts } from '../client/facts/types.ts';

/** Longer URLs are refused (400): none of ours comes close. */
export const MAX_URL_LENGTH = 2048;

/** A path that is not valid percent-encoding, or carries control characters, is a 400, not a 500. */
export function rejectMalformedUrl(facts: () => ShopFacts) {
  return (req: Request, res: Response, next: NextFunction) => {
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return sendStatusPage(res, 400, errorDocument(400, facts()));
    }
    // Control characters (NUL, tab, newline) are never in our URLs and break URL handling; so
    // do U+2028 and U+2029 (line terminators to a regular expression's `.`: React Router's
    // splat route cannot match them, and the page would render without its root data).
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f\u2028\u2029]/.test(path) || req.originalUrl.length > MAX_URL_LENGTH) {
      return sendStatusPage(res, 400, errorDocument(400, facts()));
    }
    next();
  };
}
