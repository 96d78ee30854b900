import type { NextFunction, Request, Response } from 'express';
import { sendStatusPage, staticPage } from './error-document.ts';
import type { ShopFacts } from '../client/facts/types.ts';

/** What this site answers; anything else (PUT, TRACE, OPTIONS, ...) is a 405 with Allow. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST'] as const;
const allowed = new Set<string>(ALLOWED_METHODS);

/** 405 with the methods this URL does answer. */
export function methodNotAllowed(res: Response, allow: readonly string[], facts: ShopFacts): void {
  sendStatusPage(
    res,
    405,
    staticPage(
      'Método no permitido',
      '<p>Esta dirección solo se visita con el navegador.</p>',
      facts,
    ),
    { Allow: allow.join(', ') },
  );
}

export function allowedMethods(facts: () => ShopFacts) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (allowed.has(req.method)) return next();
    methodNotAllowed(res, ALLOWED_METHODS, facts());
  };
}
