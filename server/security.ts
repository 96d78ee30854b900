import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { ServerResponse } from 'node:http';
import type { Config } from './config.ts';

/** Hosts the pages load from, and nothing else (the map, the tax badge). */
const MAP_HOSTS = ['https://maps.google.com', 'https://www.google.com'];
const BADGE_HOSTS = ['https://www.afip.gob.ar'];

function origin(url: string | undefined): string[] {
  return url ? [new URL(url).origin] : [];
}

/**
 * helmet with a Content-Security-Policy built from the configuration: a per-request
 * nonce for React's inline hydration and streaming scripts, no 'unsafe-inline'.
 */
export function securityHeaders(config: Config): RequestHandler {
  const nonce = (_req: unknown, res: ServerResponse) =>
    `'nonce-${(res as unknown as { locals: { nonce: string } }).locals.nonce}'`;
  const https = config.siteUrl.startsWith('https://');
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonce, ...origin(config.reviewsWidgetUrl)],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', ...BADGE_HOSTS],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        frameSrc: MAP_HOSTS,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
}
