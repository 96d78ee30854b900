/**
 * Downloads one album photo from Instagram's CDN with every limit a server-side fetch of a
 * URL it did not choose needs: only Instagram's CDN hosts (or the configured API's own
 * origin), only public addresses for them (checked on the address connected to, so DNS
 * cannot be turned against us), a time limit for the whole download, a size cap (checked on
 * Content-Length and again while reading), an image content type, and a redirect policy.
 * The signed URL itself never reaches a log line or an error message.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export type PhotoFailureKind =
  /** 403/404/410: the signed URL expired or the photo is gone. */
  | 'expired'
  | 'http'
  /** HTML, JSON, SVG or anything but a raster image type we decode. */
  | 'not-an-image'
  | 'too-large'
  | 'too-many-pixels'
  /** Says it is an image but does not decode (truncated, corrupt, HTML with an image type). */
  | 'undecodable'
  | 'redirect'
  /** A host that is not Instagram's CDN, or a CDN name that resolves to a private address. */
  | 'forbidden'
  | 'timeout'
  | 'network';

export class PhotoError extends Error {
  override readonly name = 'PhotoError';
  constructor(
    readonly kind: PhotoFailureKind,
    message: string,
  ) {
    super(message);
  }
}

export type DownloadLimits = {
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly maxRedirects: number;
};

export const DEFAULT_DOWNLOAD_LIMITS: DownloadLimits = {
  timeoutMs: 10_000,
  // Instagram serves at most 1440 px wide JPEGs, well under 2 MB.
  maxBytes: 8 * 1024 * 1024,
  maxRedirects: 3,
};

/** Raster types sharp decodes with its prebuilt libvips. SVG is left out on purpose. */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif']);

/** Instagram's CDN: the only hosts a feed's media_url may name (always over https). */
const CDN_HOST_SUFFIXES = ['.cdninstagram.com', '.fbcdn.net'];

/**
 * Whether `url` may be fetched: the configured API's own origin (scheme, host and port, as
 * INSTAGRAM_API_URL names it: a fake API in tests serves its photos there), or https on
 * Instagram's CDN. 'cdn' hosts must also resolve to public addresses.
 */
export function photoHostKind(url: URL, apiOrigin: string): 'api' | 'cdn' | undefined {
  if (url.origin === apiOrigin) return 'api';
  const host = url.hostname.toLowerCase();
  if (url.protocol === 'https:' && CDN_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
    return 'cdn';
  }
  return undefined;
}

/** Loopback, private, link-local, unique-local, CGNAT, multicast, reserved, tunnels: not the CDN. */
export function isPublicAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';
}

/**
 * The DNS lookup for CDN hosts: refuses a name that resolves to anything but public
 * addresses. The socket connects to the address checked here, so a name that answers
 * differently the next time (DNS rebinding) gains nothing.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    const first = addresses[0];
    if (refused || !first) {
      return callback(
        new PhotoError('forbidden', 'CDN host resolves to a non-public address'),
        '',
        0,
      );
    }
    if (options.all) return callback(null, addresses);
    callback(null, first.address, first.family);
  });
};

export async function downloadImage(
  url: string,
  apiOrigin: string,
  limits: DownloadLimits = DEFAULT_DOWNLOAD_LIMITS,
  signal?: AbortSignal,
): Promise<Buffer> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const combined = signal ? AbortSignal.any([timeout, signal]) : timeout;
  try {
    const response = await follow(new URL(url), apiOrigin, limits.maxRedirects, combined);
    const status = response.statusCode ?? 0;
    if (status < 200 || status > 299) {
      response.destroy();
      const expired = [403, 404, 410].includes(status);
      throw new PhotoError(expired ? 'expired' : 'http', `CDN answered HTTP ${status}`);
    }
    const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!IMAGE_TYPES.has(type)) {
      response.destroy();
      throw new PhotoError('not-an-image', `CDN answered ${type || 'no content type'}`);
    }
    const length = Number(response.headers['content-length'] ?? '0');
    if (length > limits.maxBytes) {
      response.destroy();
      throw new PhotoError('too-large', `${length} bytes (limit ${limits.maxBytes})`);
    }
    return await readCapped(response, limits.maxBytes);
  } catch (error) {
    if (error instanceof PhotoError) throw error;
    if (timeout.aborted) throw new PhotoError('timeout', `no photo within ${limits.timeoutMs} ms`);
    if (signal?.aborted) throw new PhotoError('timeout', 'download cancelled');
    const code = (error as { code?: string }).code;
    throw new PhotoError('network', code ? `network error (${code})` : 'network error');
  }
}

/** One GET: CDN hosts through publicOnlyLookup; a new connection each time (no pooled socket). */
function get(url: URL, kind: 'api' | 'cdn', signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        signal,
        agent: false,
        lookup: kind === 'cdn' ? publicOnlyLookup : undefined,
        headers: { accept: [...IMAGE_TYPES].join(', ') },
      },
      resolve,
    );
    request.on('error', reject);
  });
}

/**
 * Follows at most `left` redirects. Every hop must be allowed (photoHostKind), and never
 * from https down to http: a signed URL may be bounced between CDN edges, nowhere else.
 */
async function follow(
  url: URL,
  apiOrigin: string,
  left: number,
  signal: AbortSignal,
  from?: URL,
): Promise<IncomingMessage> {
  const kind = photoHostKind(url, apiOrigin);
  if (!kind) {
    throw new PhotoError(
      from ? 'redirect' : 'forbidden',
      `${from ? 'redirect to' : 'photo on'} ${url.protocol}//${url.host} refused: not Instagram's CDN`,
    );
  }
  if (from?.protocol === 'https:' && url.protocol !== 'https:') {
    throw new PhotoError('redirect', `redirect to ${url.protocol} refused`);
  }
  const response = await get(url, kind, signal);
  const status = response.statusCode ?? 0;
  if (status < 300 || status >= 400 || status === 304) return response;
  response.destroy();
  const location = response.headers.location;
  if (!location) throw new PhotoError('redirect', `HTTP ${status} without Location`);
  if (left <= 0) throw new PhotoError('redirect', 'too many redirects');
  return follow(new URL(location, url), apiOrigin, left - 1, signal, url);
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    total += bytes.length;
    if (total > maxBytes) {
      response.destroy();
      throw new PhotoError('too-large', `more than ${maxBytes} bytes`);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, total);
}
