/**
 * One Web Push request: `web-push` encrypts the payload (aes128gcm, RFC 8291) and signs the
 * VAPID JWT (RFC 8292); the request itself goes through node:https here, so that it has an
 * overall deadline and a bounded answer (web-push's own `timeout` is an idle timeout only),
 * follows no redirect, and uses Node's TLS (NODE_EXTRA_CA_CERTS works for a test service).
 */
import { request, type Agent } from 'node:https';
import webpush from 'web-push';

export type VapidKeys = { readonly publicKey: string; readonly privateKey: string };

export type PushMessage = {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
  /** The JSON the service worker reads: `{ title, body, url }`. */
  readonly payload: string;
  readonly ttlSeconds: number;
  readonly urgency: 'very-low' | 'low' | 'normal' | 'high';
  readonly topic: string | undefined;
};

export type SendOutcome =
  | { readonly status: 'sent' }
  /** 404 or 410: the device unsubscribed; forget it. */
  | { readonly status: 'gone'; readonly code: number }
  /** 429, 5xx, a time-out or a network error: try again later (`afterMs` from Retry-After). */
  | { readonly status: 'retry'; readonly reason: string; readonly afterMs?: number | undefined }
  /** Any other answer (400, 401/403 wrong key, 413 too big, a redirect): never retried. */
  | { readonly status: 'failed'; readonly reason: string };

export type PushSender = (message: PushMessage) => Promise<SendOutcome>;

export type PushSenderOptions = {
  readonly vapid: () => Promise<VapidKeys>;
  /** `mailto:` + the shop's e-mail, or the site's https URL. */
  readonly subject: () => string;
  /** The whole request, connection to last byte. */
  readonly timeoutMs?: number;
  /** Tests only: a TLS agent that trusts the test push service. */
  readonly agent?: Agent;
};

/** A push service's answer is a few bytes; more is not read. */
const ANSWER_MAX = 16 * 1024;
const RETRY_AFTER_MAX_MS = 24 * 60 * 60_000;

/** Retry-After as seconds or an HTTP date, in ms from now; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: Date): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed) * 1000, RETRY_AFTER_MAX_MS);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, at - now.getTime()), RETRY_AFTER_MAX_MS);
}

export function createPushSender(options: PushSenderOptions): PushSender {
  const timeoutMs = options.timeoutMs ?? 15_000;
  return async (message) => {
    const keys = await options.vapid();
    const details = webpush.generateRequestDetails(
      { endpoint: message.endpoint, keys: { p256dh: message.p256dh, auth: message.auth } },
      message.payload,
      {
        vapidDetails: { subject: options.subject(), ...keys },
        TTL: message.ttlSeconds,
        urgency: message.urgency,
        ...(message.topic ? { topic: message.topic } : {}),
        contentEncoding: 'aes128gcm',
      },
    );
    const url = new URL(details.endpoint);
    return new Promise<SendOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: SendOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const req = request(
        {
          protocol: 'https:',
          hostname: url.hostname.replace(/^\[|\]$/g, ''),
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method: details.method,
          headers: details.headers,
          agent: options.agent,
        },
        (res) => {
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > ANSWER_MAX) res.destroy();
          });
          res.on('error', () => undefined);
          res.on('close', () => {
            const code = res.statusCode ?? 0;
            if (code >= 200 && code < 300) return finish({ status: 'sent' });
            if (code === 404 || code === 410) return finish({ status: 'gone', code });
            if (code === 429 || code >= 500) {
              const header = res.headers['retry-after'];
              return finish({
                status: 'retry',
                reason: `HTTP ${code}`,
                afterMs: retryAfterMs(typeof header === 'string' ? header : undefined, new Date()),
              });
            }
            finish({ status: 'failed', reason: `HTTP ${code}` });
          });
          res.resume();
        },
      );
      const timer = setTimeout(() => {
        req.destroy(new Error('timeout'));
        finish({ status: 'retry', reason: `no answer within ${timeoutMs} ms` });
      }, timeoutMs);
      req.on('error', (error) => {
        finish({ status: 'retry', reason: error.message });
      });
      req.end(details.body ?? undefined);
    });
  };
}
