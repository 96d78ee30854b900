/**
 * TRUST_PROXY: which proxies' X-Forwarded-For the server believes, in Express's own
 * "trust proxy" syntax. Decides the client IP the contact form's rate limit counts.
 *   unset              loopback: a proxy on the same host. Private ranges are not trusted by
 *                      default: behind Docker's IPv6 proxy, rootless Podman/Docker or a
 *                      Kubernetes NodePort with SNAT every visitor arrives from one, and each
 *                      could then pick their own rate-limit key with the header.
 *   2                  a hop count: the CDN and the load balancer in front of the app
 *   loopback, 10.0.0.0/8, 2400:cb00::/32   names and addresses/CIDRs, comma-separated
 *   false              no proxy: the TCP peer is the client
 * `true` (trust any X-Forwarded-For) is refused: anyone could pick their own IP.
 */
import { isIP } from 'node:net';

export type TrustProxy = number | string | false;

export const DEFAULT_TRUST_PROXY = 'loopback';

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Throws with a message that names the wrong part. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '') return DEFAULT_TRUST_PROXY;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'false') return false;
  if (text === 'true') {
    throw new Error(
      'TRUST_PROXY=true would let any visitor choose their own IP; give the number of proxies in front of the server (e.g. 1) or their addresses',
    );
  }
  const parts = text.split(',').map((p) => p.trim());
  for (const part of parts) {
    if (!NAMES.has(part) && !isAddressOrCidr(part)) {
      throw new Error(
        `TRUST_PROXY: "${part}" is not a hop count, an IP address, a CIDR (10.0.0.0/8) or one of loopback, linklocal, uniquelocal`,
      );
    }
  }
  return parts.join(', ');
}

function isAddressOrCidr(text: string): boolean {
  const [address = '', bits, extra] = text.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}
