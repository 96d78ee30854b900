import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import proxyAddr from 'proxy-addr';
import { describe, expect, it } from 'vitest';
import { clientKeys } from '../../../server/demand/client-key.ts';
import { parseTrustProxy, type TrustProxy } from '../../../server/trust-proxy.ts';

const AGENT = 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36';

function request(peer: string, forwarded?: string): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: peer });
  const req = new IncomingMessage(socket);
  req.headers = { 'user-agent': AGENT };
  if (forwarded !== undefined) req.headers['x-forwarded-for'] = forwarded;
  return req;
}

/** What Express's `req.ip` says for this request under TRUST_PROXY (app.set('trust proxy')). */
function expressIp(req: IncomingMessage, trust: TrustProxy): string {
  if (trust === false) return proxyAddr(req, () => false);
  if (typeof trust === 'number') return proxyAddr(req, (_address, hop) => hop < trust);
  return proxyAddr(req, proxyAddr.compile(trust.split(',').map((part) => part.trim())));
}

const SETTINGS = ['false', '', '1', '2', '10.0.0.0/8, 127.0.0.1', 'loopback, uniquelocal'];
const REQUESTS: [peer: string, forwarded?: string][] = [
  ['127.0.0.1'],
  ['127.0.0.1', '203.0.113.7'],
  ['127.0.0.1', '198.51.100.1, 203.0.113.7'],
  ['127.0.0.1', ' 198.51.100.1 ,, 10.1.2.3 , '],
  ['10.1.2.3', 'spoofed, 198.51.100.1, 10.9.9.9'],
  ['203.0.113.50', '1.1.1.1'],
  ['::1', '2001:db8::1, ::ffff:127.0.0.1'],
  ['fd00::5', '192.0.2.1,fd00::6'],
  ['127.0.0.1', 'not-an-address'],
  ['127.0.0.1', ''],
];

describe('the client a demand count is capped by', () => {
  for (const setting of SETTINGS) {
    const trust = parseTrustProxy(setting);
    it(`resolves the address as Express's req.ip does, TRUST_PROXY=${setting || '(unset)'}`, () => {
      const keys = clientKeys(trust);
      for (const [peer, forwarded] of REQUESTS) {
        const req = request(peer, forwarded);
        expect(keys.resolve(keys.of(req)), `${peer} / ${forwarded}`).toBe(
          `${expressIp(req, trust)}\0${AGENT}`,
        );
      }
    });
  }

  it('ignores X-Forwarded-For when no proxy is trusted: a visitor cannot pick a new identity with it', () => {
    const keys = clientKeys(false);
    const a = keys.of(request('198.51.100.9', '1.1.1.1'));
    const b = keys.of(request('198.51.100.9', '2.2.2.2'));
    expect(a).toEqual(b);
    expect(keys.resolve(a)).toBe(`198.51.100.9\0${AGENT}`);
  });
});
