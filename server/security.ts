import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { createHash } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { Config } from './config.ts';

/** Hosts the pages load from, and nothing else (the map, the tax badge). */
const MAP_HOSTS = ['https://maps.google.com', 'https://www.google.com'];
const BADGE_HOSTS = ['https://www.afip.gob.ar'];

/**
 * The Content-Security-Policy header, built once from the configuration; only script-src
 * varies: hashes of a cached page's inline scripts (the same bytes for every visitor), or
 * a per-response nonce on the streamed path. Never 'unsafe-inline'. Responses that are not
 * pages (assets, JSON, Express's own error pages) get script-src without inline scripts.
 * Why hashes: docs/decisions/2026-11-22-page-identity.md
 */
export type ContentSecurityPolicy = {
  /** script-src 'self' plus these sources ("'sha256-…'" or "'nonce-…'"). */
  header(inlineScriptSources: readonly string[]): string;
  /** For responses without inline scripts. */
  readonly baseline: string;
};

export function contentSecurityPolicy(config: Config): ContentSecurityPolicy {
  const https = config.siteUrl.startsWith('https://');
  const before = ["default-src 'self'"];
  const after = [
    "style-src 'self'",
    ['img-src', "'self'", 'data:', ...BADGE_HOSTS].join(' '),
    "connect-src 'self'",
    "font-src 'self'",
    ['frame-src', ...MAP_HOSTS].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ];
  const header = (inline: readonly string[]) =>
    [...before, ['script-src', "'self'", ...inline].join(' '), ...after].join(';');
  return { header, baseline: header([]) };
}

/** `'nonce-…'` for script-src. */
export function nonceSource(nonce: string): string {
  return `'nonce-${nonce}'`;
}

/**
 * `'sha256-…'` sources for every executable inline script in `html` (React's output: no
 * `</script` inside a script). Data blocks (JSON-LD) are not scripts to CSP and need none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attrs = '', body = ''] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
  )) {
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*"([^"]*)"/i.exec(attrs)?.[1]?.trim().toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

let helmetHeadersOnce: ReadonlyArray<readonly [string, string]> | undefined;

/**
 * helmet's headers (HSTS, nosniff, referrer policy, frame options, ...) besides the CSP.
 * They depend on nothing in the request, so helmet runs once, on a blank response, and
 * every response gets the same list: kept pages (server/kept-pages.ts) set them without helmet.
 */
export function helmetHeaders(): ReadonlyArray<readonly [string, string]> {
  helmetHeadersOnce ??= computeHelmetHeaders();
  return helmetHeadersOnce;
}

function computeHelmetHeaders(): ReadonlyArray<readonly [string, string]> {
  const blank = new ServerResponse(new IncomingMessage(new Socket()));
  helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  })(blank.req, blank, () => {});
  return Object.entries(blank.getHeaders()).map(([name, value]) => [name, String(value)] as const);
}

/** Sets helmet's headers and the baseline CSP; pages replace the CSP with their own. */
export function securityHeaders(csp: ContentSecurityPolicy): RequestHandler {
  const others = helmetHeaders();
  return (_req, res, next) => {
    for (const [name, value] of others) res.setHeader(name, value);
    res.setHeader('Content-Security-Policy', csp.baseline);
    next();
  };
}
