/**
 * Who a counted request came from, for the per-client cap only. On the request path the
 * client is the request's own words (browser; TCP peer and X-Forwarded-For): no parsing, no
 * hashing. The tally resolves the address in its batch (server/demand/tally.ts), with the
 * same TRUST_PROXY rules as Express (proxy-addr), then hashes it with the day's salt; neither
 * is ever written.
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';
import type { TrustProxy } from '../trust-proxy.ts';
import type { Client } from './tally.ts';

export type ClientKeys = {
  /** The request's client as it names itself: cheap, unresolved. */
  of(req: IncomingMessage): Client;
  /** The client's address (as Express's `req.ip` would read it) and browser, as one key. */
  resolve(client: Client): string;
};

const SEP = '\0';

export function clientKeys(trustProxy: TrustProxy): ClientKeys {
  const trust = compileTrust(trustProxy);
  const readsHeader = trustProxy !== false;
  return {
    of(req) {
      const agent = req.headers['user-agent'] ?? '';
      const peer = req.socket.remoteAddress ?? '';
      const forwarded = readsHeader ? req.headers['x-forwarded-for'] : undefined;
      // The peer alone when nothing is forwarded: its string is the connection's, hashed once.
      return { agent, address: forwarded === undefined ? peer : `${peer}${SEP}${forwarded}` };
    },
    resolve({ agent, address }) {
      const end = address.indexOf(SEP);
      const peer = end < 0 ? address : address.slice(0, end);
      const forwarded = end < 0 ? '' : address.slice(end + 1);
      return `${clientAddress(peer, forwarded, trust)}${SEP}${agent}`;
    },
  };
}

type Trust = (address: string, hop: number) => boolean;

/**
 * proxy-addr's walk, on the two values it reads from a request: from the peer back along
 * X-Forwarded-For, the first address not trusted (or the farthest one when all are).
 * tests/server/demand/client-key.test.ts holds it to proxy-addr's own answers.
 */
function clientAddress(peer: string, forwarded: string, trust: Trust): string {
  // As the `forwarded` package reads the header: spaces around each part, empty parts skipped.
  const hops = forwarded.split(',').map((part) => part.replace(/^ +| +$/g, ''));
  const chain = [peer, ...hops.filter((part) => part !== '').reverse()];
  for (let hop = 0; hop < chain.length - 1; hop++) {
    if (!trust(chain[hop] ?? '', hop)) return chain[hop] ?? '';
  }
  return chain[chain.length - 1] ?? '';
}

/** Express's reading of TRUST_PROXY (a hop count, addresses, or nobody), for proxy-addr. */
function compileTrust(value: TrustProxy): Trust {
  if (value === false) return () => false;
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return proxyAddr.compile(value.split(',').map((part) => part.trim()));
}
