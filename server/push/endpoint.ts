/**
 * Which push endpoints the site sends to: `https:` on the known push services (Google, Mozilla,
 * Apple, Microsoft), plus the origins the operator names in PUSH_SERVICE_ORIGINS (a test or
 * self-hosted push service). Anything else is refused: a subscription is something a browser
 * sent us, and the server would POST wherever it points (SSRF).
 */
import ipaddr from 'ipaddr.js';

/** Host names, or `.suffix` for any host under it. */
const KNOWN_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '.push.apple.com',
  '.notify.windows.com',
];

const ENDPOINT_MAX = 2_000;

export class PushOriginsError extends Error {}

/** PUSH_SERVICE_ORIGINS: comma-separated https origins; throws PushOriginsError on anything else. */
export function parsePushOrigins(value: string | undefined): readonly string[] {
  if (!value?.trim()) return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      let url: URL;
      try {
        url = new URL(part);
      } catch {
        throw new PushOriginsError(`PUSH_SERVICE_ORIGINS: "${part}" is not a URL`);
      }
      if (url.protocol !== 'https:')
        throw new PushOriginsError(`PUSH_SERVICE_ORIGINS: "${part}" must be https://`);
      if (url.origin !== part.replace(/\/+$/, ''))
        throw new PushOriginsError(
          `PUSH_SERVICE_ORIGINS: "${part}" must be an origin only (https://host:port, no path)`,
        );
      return url.origin;
    });
}

function isKnownHost(host: string): boolean {
  return KNOWN_PUSH_HOSTS.some((known) =>
    known.startsWith('.') ? host.endsWith(known) && host.length > known.length : host === known,
  );
}

/** A literal address that is not on the public Internet (loopback, private, link-local…). */
function isNonPublicAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return host === 'localhost' || host.endsWith('.localhost');
  return ipaddr.process(bare).range() !== 'unicast';
}

/** Why this endpoint is refused (Spanish, shown to the owner), or undefined when it is fine. */
export function endpointProblem(
  endpoint: string,
  extraOrigins: readonly string[],
): string | undefined {
  if (endpoint.length > ENDPOINT_MAX)
    return 'La dirección del servicio de avisos es demasiado larga.';
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'La dirección del servicio de avisos no es válida.';
  }
  if (url.protocol !== 'https:')
    return 'El servicio de avisos debe usar https: esta dirección no se acepta.';
  if (url.username || url.password) return 'La dirección del servicio de avisos no es válida.';
  if (extraOrigins.includes(url.origin)) return undefined;
  if (isNonPublicAddress(url.hostname))
    return 'El servicio de avisos apunta a una dirección local o privada: no se acepta.';
  if (!isKnownHost(url.hostname))
    return 'Este navegador usa un servicio de avisos desconocido (se aceptan Google, Mozilla, Apple y Microsoft).';
  return undefined;
}

/** The endpoint as logs may show it: the origin only (the path identifies the device). */
export function redactEndpoint(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return '(invalid endpoint)';
  }
}
