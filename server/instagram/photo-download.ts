/**
 * Downloads one album photo from Instagram's CDN with every limit a server-side fetch of a
 * URL it did not choose needs: a time limit for the whole download, a size cap (checked on
 * Content-Length and again while reading), an image content type, and a redirect policy.
 * The signed URL itself never reaches a log line or an error message.
 */

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

export async function downloadImage(
  url: string,
  limits: DownloadLimits = DEFAULT_DOWNLOAD_LIMITS,
  signal?: AbortSignal,
): Promise<Buffer> {
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const combined = signal ? AbortSignal.any([timeout, signal]) : timeout;
  try {
    const response = await follow(new URL(url), limits.maxRedirects, combined);
    if (!response.ok) {
      await response.body?.cancel();
      const expired = [403, 404, 410].includes(response.status);
      throw new PhotoError(expired ? 'expired' : 'http', `CDN answered HTTP ${response.status}`);
    }
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!IMAGE_TYPES.has(type)) {
      await response.body?.cancel();
      throw new PhotoError('not-an-image', `CDN answered ${type || 'no content type'}`);
    }
    const length = Number(response.headers.get('content-length') ?? '0');
    if (length > limits.maxBytes) {
      await response.body?.cancel();
      throw new PhotoError('too-large', `${length} bytes (limit ${limits.maxBytes})`);
    }
    return await readCapped(response, limits.maxBytes);
  } catch (error) {
    if (error instanceof PhotoError) throw error;
    if (timeout.aborted) throw new PhotoError('timeout', `no photo within ${limits.timeoutMs} ms`);
    if (signal?.aborted) throw new PhotoError('timeout', 'download cancelled');
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new PhotoError('network', cause ? `network error (${cause})` : 'network error');
  }
}

/**
 * Follows at most `left` redirects, each to http(s) and never from https down to http
 * (a signed URL may be bounced between CDN edges; anything else is refused).
 */
async function follow(url: URL, left: number, signal: AbortSignal): Promise<Response> {
  const response = await fetch(url, {
    signal,
    redirect: 'manual',
    headers: { accept: [...IMAGE_TYPES].join(', ') },
  });
  if (response.status < 300 || response.status >= 400 || response.status === 304) return response;
  await response.body?.cancel();
  const location = response.headers.get('location');
  if (!location) throw new PhotoError('redirect', `HTTP ${response.status} without Location`);
  const next = new URL(location, url);
  const allowed =
    next.protocol === 'https:' || (next.protocol === 'http:' && url.protocol === 'http:');
  if (!allowed) throw new PhotoError('redirect', `redirect to ${next.protocol} refused`);
  if (left <= 0) throw new PhotoError('redirect', 'too many redirects');
  return follow(next, left - 1, signal);
}

async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new PhotoError('too-large', `more than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}
