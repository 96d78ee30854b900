/**
 * A push service for tests: HTTPS on 127.0.0.1 with the self-signed certificate of
 * tests/fixtures/push/, and devices whose keys it holds, so each request is checked the way a
 * real push service and browser would: the VAPID JWT (ES256, `aud` = the endpoint's origin,
 * `exp` under 24 h, `k` = the key the page subscribed with) and the payload decrypted with the
 * device's private key and auth secret (aes128gcm, RFC 8291, through `http_ece`).
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, Agent, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import ece from 'http_ece';

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'push');
export const TEST_PUSH_CA = readFileSync(join(fixtures, 'cert.pem'));
const key = readFileSync(join(fixtures, 'key.pem'));

/** A TLS agent that trusts the test push service (the site's sender takes it). */
export function testPushAgent(): Agent {
  return new Agent({ ca: TEST_PUSH_CA });
}

export type Answer = {
  readonly status: number;
  readonly headers?: Record<string, string>;
  /**
   * Answer only after this long; a push whose sender is gone by then (its connection closed)
   * is not accepted, as a push service accepts a push by answering it.
   */
  readonly delayMs?: number;
};
/** What the service answers a device's next request: an answer, or 'hang' (never answers). */
export type Behaviour = (device: string) => Answer | 'hang';

export type ReceivedPush = {
  readonly device: string;
  readonly headers: IncomingHttpHeaders;
  /** The decrypted payload, parsed. */
  readonly payload: { title: string; body: string; url: string };
  readonly jwt: { aud: string; exp: number; sub: string };
  /** The `k=` of the Authorization header: the VAPID public key. */
  readonly vapidKey: string;
  readonly answered: number;
};

export type TestDevice = {
  readonly id: string;
  /** As `subscription.toJSON()` gives it. */
  readonly subscription: {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  };
};

export type TestPushService = {
  readonly origin: string;
  /** Accepted pushes (2xx), in arrival order. */
  readonly received: ReceivedPush[];
  /** Every request, whatever it was answered ('sender gone': closed before a delayed answer). */
  readonly requests: { device: string; answered: number | 'hang' | 'sender gone' }[];
  /** Requests whose JWT or payload did not check out (must stay empty). */
  readonly invalid: string[];
  device(id: string): TestDevice;
  behave(behaviour: Behaviour): void;
  /** Resolves once `count` pushes were accepted (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
};

function b64(buffer: Buffer): string {
  return buffer.toString('base64url');
}

function checkJwt(token: string, publicKey: string, origin: string) {
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) throw new Error('JWT: not three parts');
  const header: unknown = JSON.parse(Buffer.from(head, 'base64url').toString());
  if (typeof header !== 'object' || header === null || !('alg' in header) || header.alg !== 'ES256')
    throw new Error('JWT: alg is not ES256');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64(raw.subarray(1, 33)),
      y: b64(raw.subarray(33, 65)),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('JWT: bad signature');
  const claims: unknown = JSON.parse(Buffer.from(body, 'base64url').toString());
  if (
    typeof claims !== 'object' ||
    claims === null ||
    !('aud' in claims) ||
    !('exp' in claims) ||
    !('sub' in claims) ||
    typeof claims.aud !== 'string' ||
    typeof claims.exp !== 'number' ||
    typeof claims.sub !== 'string'
  )
    throw new Error('JWT: claims missing');
  if (claims.aud !== origin) throw new Error(`JWT: aud ${claims.aud} is not ${origin}`);
  const left = claims.exp - Date.now() / 1000;
  if (left <= 0 || left > 24 * 3600) throw new Error(`JWT: exp ${left} s from now`);
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub };
}

export async function startTestPushService(): Promise<TestPushService> {
  const devices = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const received: ReceivedPush[] = [];
  const requests: TestPushService['requests'] = [];
  const invalid: string[] = [];
  const waiters = new Set<() => void>();
  let behaviour: Behaviour = () => ({ status: 201 });
  let origin = '';

  const server: Server = createServer({ cert: TEST_PUSH_CA, key }, (req, res) => {
    const chunks: Buffer[] = [];
    // The sender closed the connection before the answer was written (it died meanwhile).
    let senderGone = false;
    res.on('close', () => {
      if (!res.writableFinished) senderGone = true;
    });
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = (req.url ?? '').replace(/^\/push\//, '');
      const answer = behaviour(id);
      if (answer !== 'hang' && answer.delayMs) {
        setTimeout(() => {
          if (senderGone || req.socket.destroyed)
            requests.push({ device: id, answered: 'sender gone' });
          else accept(id, answer);
        }, answer.delayMs);
        return;
      }
      accept(id, answer);
    });
    function accept(id: string, answer: Answer | 'hang') {
      requests.push({ device: id, answered: answer === 'hang' ? 'hang' : answer.status });
      if (answer === 'hang') return;
      const device = devices.get(id);
      if (answer.status >= 200 && answer.status < 300) {
        try {
          if (!device) throw new Error(`unknown device ${id}`);
          const authorization = req.headers.authorization ?? '';
          const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
          if (!match?.[1] || !match[2]) throw new Error(`Authorization: ${authorization}`);
          const jwt = checkJwt(match[1], match[2], origin);
          if (req.headers['content-encoding'] !== 'aes128gcm')
            throw new Error('Content-Encoding is not aes128gcm');
          const plain = ece.decrypt(Buffer.concat(chunks), {
            version: 'aes128gcm',
            privateKey: device.ecdh,
            authSecret: b64(device.auth),
          });
          const payload: unknown = JSON.parse(plain.toString('utf8'));
          if (
            typeof payload !== 'object' ||
            payload === null ||
            !('title' in payload) ||
            !('body' in payload) ||
            !('url' in payload) ||
            typeof payload.title !== 'string' ||
            typeof payload.body !== 'string' ||
            typeof payload.url !== 'string'
          )
            throw new Error('payload is not { title, body, url }');
          received.push({
            device: id,
            headers: req.headers,
            payload: { title: payload.title, body: payload.body, url: payload.url },
            jwt,
            vapidKey: match[2],
            answered: answer.status,
          });
          for (const wake of [...waiters]) wake();
        } catch (error) {
          invalid.push(error instanceof Error ? error.message : String(error));
        }
      }
      res.writeHead(answer.status, answer.headers).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  origin = `https://127.0.0.1:${address.port}`;

  return {
    origin,
    received,
    requests,
    invalid,
    device(id) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(id, { ecdh, auth });
      return {
        id,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) },
        },
      };
    },
    behave(next) {
      behaviour = next;
    },
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(received.slice());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`only ${received.length} of ${count} pushes within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
