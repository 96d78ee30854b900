import type { NextFunction, Request, Response } from 'express';
import { staticPage } from './error-document.ts';

/** What this site answers; anything else (PUT, TRACE, OPTIONS, ...) is a 405 with Allow. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST'] as const;
const allowed = new Set<string>(ALLOWED_METHODS);

export function allowedMethods(req: Request, res: Response, next: NextFunction) {
  if (allowed.has(req.method)) return next();
  res
    .status(405)
    .set('Allow', ALLOWED_METHODS.join(', '))
    .set('Cache-Control', 'no-store')
    .type('html')
    .send(
      staticPage('Método no permitido', '<p>Esta dirección solo se visita con el navegador.</p>'),
    );
}
