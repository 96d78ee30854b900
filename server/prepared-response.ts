import type { IncomingMessage, ServerResponse } from 'node:http';
import Negotiator from 'negotiator';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

/** One representation: its bytes, its strong validator and every header it is sent with. */
export type Representation = {
  readonly body: Buffer;
  readonly etag: string;
  /** The response's headers with this representation's ETag, Content-Encoding and Content-Length. */
  readonly headers: Readonly<Record<string, string>>;
};

/**
 * A response that is the same bytes for everyone who asks (a kept page, robots.txt, a
 * hashed asset): compressed once, with a strong ETag per representation. Served to any
 * number of requests without rendering, serialising or compressing again.
 */
export type PreparedResponse = {
  readonly status: number;
  /** Content-Type, Cache-Control, CSP, ...: the same for every representation. */
  readonly headers: Readonly<Record<string, string>>;
  readonly identity: Representation;
  /** br and gzip; undefined for bytes that are compressed already (images). */
  readonly compressed: { readonly br: Representation; readonly gzip: Representation } | undefined;
  /** Memory held by the bodies. */
  readonly bytes: number;
};

/**
 * How hard to compress. A page pays it at every new page identity (a 404 flood too):
 * brotli 5 costs ~4 ms on the 30 KB home page, brotli 11 ~110 ms for 10 % fewer bytes
 * (docs/decisions/2026-11-22-page-identity.md). An asset pays it once, at start.
 */
const EFFORT = {
  page: { brotli: 5, gzip: 6 },
  asset: { brotli: 11, gzip: 9 },
} as const;

export type PrepareOptions = {
  /** false for bytes that are compressed already (images, fonts). Default true. */
  readonly compress?: boolean;
  readonly effort?: keyof typeof EFFORT;
};

/** What a body's strong ETags are made of: its SHA-256, 32 base64url characters. */
export function bodyHash(body: Buffer): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 32);
}

export async function prepareResponse(
  status: number,
  headers: Record<string, string>,
  body: string | Buffer,
  { compress = true, effort = 'page' }: PrepareOptions = {},
): Promise<PreparedResponse> {
  const identity = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const hash = bodyHash(identity);
  if (!compress) return uncompressed(status, headers, identity, `"${hash}"`);
  const level = EFFORT[effort];
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: level.brotli,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: level.gzip }),
  ]);
  const varied = { ...headers, Vary: 'Accept-Encoding' };
  return {
    status,
    headers: varied,
    // Different bytes, different strong validators (RFC 9110, 8.8.3).
    identity: representation(varied, identity, `"${hash}"`, 'identity'),
    compressed: {
      br: representation(varied, br, `"${hash}-br"`, 'br'),
      gzip: representation(varied, gz, `"${hash}-gz"`, 'gzip'),
    },
    bytes: identity.length + br.length + gz.length,
  };
}

/** Bytes sent as they are (compressed already, or a picture), with their strong ETag. */
export function uncompressed(
  status: number,
  headers: Readonly<Record<string, string>>,
  body: Buffer,
  etag: string,
): PreparedResponse {
  const only = representation(headers, body, etag, 'identity');
  return { status, headers, identity: only, compressed: undefined, bytes: body.length };
}

function representation(
  headers: Readonly<Record<string, string>>,
  body: Buffer,
  etag: string,
  encoding: Encoding,
): Representation {
  const coding: Record<string, string> =
    encoding === 'identity' ? {} : { 'Content-Encoding': encoding };
  return {
    body,
    etag,
    headers: { ...headers, ETag: etag, ...coding, 'Content-Length': String(body.length) },
  };
}

/**
 * br when the request accepts it and the response has it, else gzip, else identity (also
 * when the request sends no Accept-Encoding). Any coding with q > 0 is acceptable.
 */
function chooseEncoding(req: IncomingMessage): Encoding {
  const header = req.headers['accept-encoding'];
  if (!header) return 'identity';
  // Browsers send a handful of distinct headers: parse each once.
  let chosen = chosenFor.get(header);
  if (chosen === undefined) {
    const accepted = new Negotiator(req).encodings(['br', 'gzip']);
    chosen = accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : 'identity';
    if (chosenFor.size >= 100) chosenFor.clear();
    chosenFor.set(header, chosen);
  }
  return chosen;
}
const chosenFor = new Map<string, Encoding>();

/**
 * What Express's `req.fresh` decides, for our one strong ETag and without parsing dates:
 * GET or HEAD, a 2xx status, If-None-Match naming the ETag (compared weakly, as RFC 9110
 * says for If-None-Match) or `*`, and no `Cache-Control: no-cache` in the request.
 */
export function notModified(req: IncomingMessage, status: number, etag: string): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (!ifNoneMatch || status < 200 || status > 299) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/i.test(req.headers['cache-control'] ?? '')) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The representation the request accepts (see chooseEncoding). */
export function representationFor(
  req: IncomingMessage,
  prepared: PreparedResponse,
): Representation {
  if (!prepared.compressed) return prepared.identity;
  const encoding = chooseEncoding(req);
  return encoding === 'identity' ? prepared.identity : prepared.compressed[encoding];
}

/** Sends `prepared` in the encoding the request accepts; a matching If-None-Match gets 304. */
export function sendPrepared(
  req: IncomingMessage,
  res: ServerResponse,
  prepared: PreparedResponse,
): void {
  const chosen = representationFor(req, prepared);
  if (notModified(req, prepared.status, chosen.etag)) {
    res.statusCode = 304;
    for (const [name, value] of Object.entries(prepared.headers)) res.setHeader(name, value);
    res.setHeader('ETag', chosen.etag);
    res.end();
    return;
  }
  res.statusCode = prepared.status;
  for (const [name, value] of Object.entries(chosen.headers)) res.setHeader(name, value);
  res.end(chosen.body);
}
