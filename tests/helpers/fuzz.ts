/** Seeded generators of hostile request targets for the path fuzz test. */

export type Random = () => number;

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;
const int = (random: Random, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));

/** Unique text the XSS payloads carry, so an unescaped echo is easy to spot. */
export const XSS_MARK = 'xss1337';

/** Markup that must never come back unescaped (decoded forms of what is sent). */
export const XSS_PAYLOADS = [
  `<script>${XSS_MARK}()</script>`,
  `"><script>${XSS_MARK}()</script>`,
  `'><img src=x onerror=${XSS_MARK}()>`,
  `</script><script>${XSS_MARK}()</script>`,
  `<svg onload=${XSS_MARK}()>`,
  `<img/src=x/onerror=${XSS_MARK}()>`,
  `" onmouseover="${XSS_MARK}()`,
  `</title><script>${XSS_MARK}()</script>`,
];

export const BASE_PATHS = [
  '/',
  '/parabrisa',
  '/parabrisa/ford',
  '/parabrisa/ford/fiesta',
  '/parabrisa/peugeot/208-gt',
  '/parabrisa/honda/hr-v',
  '/parabrisas',
  '/parabrisas/buscar',
  '/about',
  '/models',
  '/testimonials',
  '/team',
  '/contact',
  '/api/galeria',
  '/assets',
  '/assets/',
  '/img/',
  '/robots.txt',
  '/sitemap.xml',
  '/healthz',
  '/favicon.svg',
  '/no-existe',
];

const BAD_PERCENT = [
  '%',
  '%%',
  '%2',
  '%ZZ',
  '%E0%A4%A',
  '%C3%28',
  '%ED%A0%80', // UTF-8 of a lone surrogate
  '%FF%FE',
  '%C0%AF', // overlong '/'
  '%u0041',
  '%%32%65',
  '100%',
];

const UNICODE = [
  '🚗',
  '👨‍👩‍👧',
  'שלום',
  'مرحبا',
  '\u202Eevil',
  '\u200B',
  '\uFEFF',
  'e\u0301', // NFD é
  '\u00E9', // NFC é
  'citroe\u0308n',
  'citroën',
  'İ', // lower-cases to two code points
  'ß',
  'ﬁesta',
  'ｆｏｒｄ',
  'Ω',
  '\u0000',
  '\u0007',
  '\u007F',
  '\u0085',
  '\u2028', // JS line terminators: `.` in a RegExp does not match them
  '\u2029',
  'a\nb',
];

const TRAVERSAL = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E%2F',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '..%5c..%5cwindows',
  '%252e%252e%252f',
  '....//',
  '..;',
  '%2f',
  '%5c',
  '~root',
  'dist%2fserver%2findex.js',
  '.vite%2fmanifest.json',
  '.env',
  'package.json',
];

const NULLS_AND_CONTROL = [
  '%00',
  'a%00b',
  'fiesta%00.js',
  '%0d%0aSet-Cookie:%20fuzz=1',
  '%0aX-Fuzz:%201',
  '%09',
  '%20',
  '+',
];

const CASES_AND_NAMES = ['FORD', 'Fiesta', 'PEUGEOT', '208%20GT', '208+GT', 'hr-v', 'HR%20V', 'x'];

const ODD = ["!$&'()*+,;=", ':', '@', '%3F', '%23', ';jsessionid=1', '~', '%7e', '_', '-'];

const QUERY_KEYS = ['albumes', 'modelo', 'marca', 'page', '__proto__', 'constructor', '', 'a[b]'];
const QUERY_VALUES = [
  '',
  '-1',
  '0',
  '1',
  '7',
  '10',
  '1000',
  '99999999999999999999',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '%2012',
  '12abc',
  '../../',
  '..%2f..%2f',
  '%',
  '%ZZ',
  '%00',
  '%E0%A4%A',
  'ford/fiesta',
  'ford%2Ffiesta',
  'FORD/Fiesta',
  'peugeot/208%20GT',
  '/',
  '//evil.example',
  'https://evil.example/',
  '+',
  '%2B',
  '%C3%A9',
  'e%CC%81',
];

function encodeText(random: Random, text: string): string {
  // Browsers percent-encode; scanners sometimes do not (the client then encodes it itself).
  try {
    return random() < 0.7 ? encodeURIComponent(text) : text;
  } catch {
    return text;
  }
}

function segment(random: Random): string {
  const kind = random();
  if (kind < 0.16) return pick(random, BAD_PERCENT);
  if (kind < 0.32) return encodeText(random, pick(random, UNICODE));
  if (kind < 0.48) return pick(random, TRAVERSAL);
  if (kind < 0.58) return pick(random, NULLS_AND_CONTROL);
  if (kind < 0.68) return encodeURIComponent(pick(random, XSS_PAYLOADS));
  if (kind < 0.78) return pick(random, CASES_AND_NAMES);
  if (kind < 0.86) return pick(random, ODD);
  if (kind < 0.92) return 'x'.repeat(int(random, 200, 4000));
  if (kind < 0.96) return '';
  return `${pick(random, CASES_AND_NAMES)}${pick(random, BAD_PERCENT)}${pick(random, ODD)}`;
}

function query(random: Random): string {
  const parts: string[] = [];
  const n = int(random, 1, 5);
  for (let i = 0; i < n; i++) {
    const key = random() < 0.8 ? pick(random, QUERY_KEYS) : segment(random);
    const value =
      random() < 0.15
        ? encodeURIComponent(pick(random, XSS_PAYLOADS))
        : random() < 0.8
          ? pick(random, QUERY_VALUES)
          : segment(random);
    parts.push(random() < 0.1 ? key : `${key}=${value}`);
  }
  if (random() < 0.1) parts.push(...parts); // duplicate keys
  const separator = random() < 0.1 ? pick(random, [';', '&&', '&amp;']) : '&';
  return `?${parts.join(separator)}`;
}

/** One request target (path and query), percent-encoded or not, at most `maxLength` characters. */
export function generateTarget(random: Random, maxLength = 8192): string {
  let path = random() < 0.7 ? pick(random, BASE_PATHS) : '';
  const segments = int(random, random() < 0.1 ? 0 : 1, 4);
  for (let i = 0; i < segments; i++) {
    const slash = random() < 0.12 ? pick(random, ['//', '///', '/./', '\\', '/%2F']) : '/';
    path = `${path.replace(/\/$/, '')}${slash}${segment(random)}`;
  }
  if (random() < 0.04) path = `${path}${'/a'.repeat(int(random, 100, 2000))}`;
  if (!path.startsWith('/')) path = `/${path}`;
  if (random() < 0.06)
    path = `//${pick(random, ['evil.example', 'evil.example/x', '%5cevil.example'])}${path}`;
  const target = random() < 0.45 ? `${path}${query(random)}` : path;
  return target.length > maxLength ? target.slice(0, maxLength) : target;
}

/**
 * Raw request targets for node:http, sent byte for byte (no client-side normalisation):
 * backslashes, raw `<>"`, raw UTF-8 bytes, absolute-form and asterisk-form targets.
 * Node's client refuses spaces and code points above U+00FF, so UTF-8 goes as latin1 bytes.
 */
export function rawTargets(random: Random, count: number): string[] {
  const utf8AsLatin1 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
  const fixed = [
    '/parabrisa\\ford\\fiesta',
    '/\\evil.example/',
    '/..\\..\\..\\etc\\passwd',
    '/assets/..\\..\\package.json',
    `/parabrisa/ford/<script>${XSS_MARK}()</script>`,
    `/parabrisa/<img/src=x/onerror=${XSS_MARK}()>/x`,
    `/?albumes="><script>${XSS_MARK}()</script>`,
    `/parabrisas/buscar?modelo=<script>${XSS_MARK}()</script>`,
    utf8AsLatin1('/parabrisa/citroën/c4'),
    utf8AsLatin1('/parabrisa/🚗/🚗'),
    utf8AsLatin1('/\u202Eevil'),
    '/\u00ff\u00fe',
    'http://evil.example/',
    'http://evil.example:99999/parabrisas',
    'http://user:pass@evil.example/x?y=1',
    'https://parabrisas.test/parabrisa/ford/fiesta',
    '*',
    '/%',
    '/a?%',
    '/a?b=%ZZ&b=%00&b=<>',
  ];
  const out = [...fixed];
  const chars = ['\\', '<', '>', '"', "'", '`', '{', '}', '|', '^', '[', ']'];
  while (out.length < count) {
    const base = pick(random, BASE_PATHS);
    const extra = Array.from({ length: int(random, 1, 4) }, () =>
      random() < 0.5 ? pick(random, chars) : utf8AsLatin1(pick(random, UNICODE)),
    ).join('');
    // Node's client refuses spaces and C0 controls in a path; the server-side cases have them.
    const sendable = [...extra].filter((c) => c > ' ' && c !== '\u007f').join('');
    out.push(`${base.replace(/\/$/, '')}/${sendable}`);
  }
  return out;
}
