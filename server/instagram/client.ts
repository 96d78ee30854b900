import { z } from 'zod';
import { redact } from './redact.ts';

/**
 * Calls to the Instagram API (with Instagram Login, graph.instagram.com). Each call has its
 * own timeout; errors are classified by `error.code` because the HTTP status is unreliable.
 * The token only ever travels in the query string of a URL built here, and no message
 * produced here contains it.
 */

export type InstagramErrorKind =
  /** Code 190: the token is invalid or expired. Retrying will not help. */
  | 'token-invalid'
  /** Codes 4, 17, 32, 613. */
  | 'rate-limited'
  /** Any other API error body, or an HTTP error without one. */
  | 'api'
  /** A body that is not the JSON we expect. */
  | 'bad-response'
  /** The call (or the whole refresh it belongs to) took too long. */
  | 'timeout'
  | 'network';

export class InstagramError extends Error {
  override readonly name = 'InstagramError';
  constructor(
    readonly kind: InstagramErrorKind,
    message: string,
    readonly details: { path: string; status?: number; code?: number; subcode?: number } = {
      path: '',
    },
  ) {
    super(message);
  }
}

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);

const errorBody = z.object({
  error: z.looseObject({
    message: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
  }),
});

const paging = z
  .looseObject({
    cursors: z.looseObject({ after: z.string().optional() }).optional(),
    next: z.string().optional(),
  })
  .optional();

const listBody = z.looseObject({ data: z.array(z.unknown()), paging });

/** Ids are numeric strings longer than 2^53: they stay strings. */
const igId = z.string().regex(/^\d{1,40}$/);

const mediaItem = z.looseObject({
  id: igId,
  media_type: z.string(),
  caption: z.string().optional(),
  media_url: z.string().optional(),
  permalink: z.string().optional(),
  timestamp: z.string().optional(),
});

const childItem = z.looseObject({
  id: igId,
  media_type: z.string(),
  media_url: z.string().optional(),
  thumbnail_url: z.string().optional(),
});

const refreshBody = z.looseObject({
  access_token: z.string().min(1),
  expires_in: z.number().optional(),
});

export type MediaItem = z.infer<typeof mediaItem>;
export type ChildItem = z.infer<typeof childItem>;
export type MediaPage = { items: MediaItem[]; after: string | undefined; skipped: number };

export const MEDIA_FIELDS = 'id,caption,media_type,media_url,permalink,timestamp';
export const CHILD_FIELDS = 'id,media_type,media_url,thumbnail_url';

export type InstagramClientOptions = {
  /** e.g. https://graph.instagram.com, or with a version: https://graph.instagram.com/v23.0 */
  readonly apiUrl: string;
  readonly getToken: () => string;
  readonly timeoutMs: number;
};

export type InstagramClient = ReturnType<typeof createInstagramClient>;

export function createInstagramClient(options: InstagramClientOptions) {
  const base = options.apiUrl.replace(/\/+$/, '');

  async function call(path: string, params: Record<string, string>, signal?: AbortSignal) {
    const token = options.getToken();
    const url = new URL(`${base}${path}`);
    url.search = new URLSearchParams({ ...params, access_token: token }).toString();
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const combined = signal ? AbortSignal.any([timeout, signal]) : timeout;
    const fail = (kind: InstagramErrorKind, message: string, extra: object = {}) =>
      new InstagramError(kind, `Instagram ${path}: ${redact(message, token)}`, { path, ...extra });

    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        signal: combined,
        headers: { accept: 'application/json' },
        // A redirect could carry the token's query string to another host.
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      if (timeout.aborted) throw fail('timeout', `no answer within ${options.timeoutMs} ms`);
      if (signal?.aborted) throw fail('timeout', 'refresh cancelled (time budget or shutdown)');
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      throw fail('network', cause ? `network error (${cause})` : 'network error');
    }

    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw fail('bad-response', `non-JSON response (HTTP ${response.status})`, {
        status: response.status,
      });
    }
    const apiError = errorBody.safeParse(body);
    if (apiError.success) {
      const { code, error_subcode: subcode, message } = apiError.data.error;
      const kind =
        code === 190 ? 'token-invalid' : RATE_LIMIT_CODES.has(code ?? -1) ? 'rate-limited' : 'api';
      throw fail(kind, `API error ${code ?? '?'} (HTTP ${response.status}): ${message ?? ''}`, {
        status: response.status,
        code,
        subcode,
      });
    }
    if (!response.ok) {
      throw fail('api', `HTTP ${response.status} without an error body`, {
        status: response.status,
      });
    }
    return body;
  }

  async function list(path: string, params: Record<string, string>, signal?: AbortSignal) {
    const parsed = listBody.safeParse(await call(path, params, signal));
    if (!parsed.success) {
      throw new InstagramError('bad-response', `Instagram ${path}: no data array`, { path });
    }
    return parsed.data;
  }

  return {
    /** One page of the account's media; `after` is the cursor of the next page, if any. */
    async listMedia(after: string | undefined, signal?: AbortSignal): Promise<MediaPage> {
      const params: Record<string, string> = { fields: MEDIA_FIELDS };
      if (after) params.after = after;
      const body = await list('/me/media', params, signal);
      const items = parseEach(body.data, mediaItem);
      // We build the next URL ourselves from the cursor instead of following `paging.next`:
      // it carries the token, and we never want to send it to a host we did not configure.
      const nextAfter = body.paging?.next
        ? (body.paging.cursors?.after ?? cursorOf(body.paging.next))
        : undefined;
      return { items, after: nextAfter, skipped: body.data.length - items.length };
    },

    async listChildren(id: string, signal?: AbortSignal): Promise<ChildItem[]> {
      const body = await list(
        `/${encodeURIComponent(id)}/children`,
        { fields: CHILD_FIELDS },
        signal,
      );
      return parseEach(body.data, childItem);
    },

    /** Renews a long-lived token (at least 24 h old, not expired) for another 60 days. */
    async refreshToken(signal?: AbortSignal) {
      const parsed = refreshBody.safeParse(
        await call('/refresh_access_token', { grant_type: 'ig_refresh_token' }, signal),
      );
      if (!parsed.success) {
        throw new InstagramError('bad-response', 'Instagram /refresh_access_token: no token', {
          path: '/refresh_access_token',
        });
      }
      return { token: parsed.data.access_token, expiresInSeconds: parsed.data.expires_in };
    },
  };
}

function parseEach<T>(items: unknown[], schema: z.ZodType<T>): T[] {
  const out: T[] = [];
  for (const item of items) {
    const parsed = schema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

function cursorOf(next: string): string | undefined {
  try {
    return new URL(next).searchParams.get('after') ?? undefined;
  } catch {
    return undefined;
  }
}
