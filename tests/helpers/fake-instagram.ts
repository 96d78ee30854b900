/**
 * A local stand-in for the Instagram API (graph.instagram.com) with realistic payloads:
 * paging with cursors, IMAGE / VIDEO / CAROUSEL_ALBUM items, ids beyond 2^53 as strings,
 * children with a VIDEO (thumbnail_url) and one without media_url, Instagram's error bodies,
 * and the "CDN" photos themselves: realistic 1080x1350 JPEGs (tests/helpers/photos.ts) behind
 * signed URLs that answer 403 once their `oe` expiry has passed, plus the CDN's failures
 * (`cdn` for every photo, `cdnFaults` per photo id).
 *
 * Tests: `const fake = await startFakeInstagram({ albums: 12 })`, then `fake.setMode(...)`,
 * `fake.count('/me/media')`, `await fake.close()`.
 * By hand: `npx tsx tests/helpers/fake-instagram.ts --port 4010 [--albums 12] [--mode ok] [--cdn ok]`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import { pathToFileURL } from 'node:url';
import { deflateSync } from 'node:zlib';
import { realisticJpeg } from './photos.ts';

export type FakeMode =
  /** Normal answers. */
  | 'ok'
  /** /me/media answers an empty list. */
  | 'empty'
  /** Every API call: code 190, HTTP 400. */
  | 'token-invalid'
  /** Every API call: code 4, HTTP 403. */
  | 'rate-limit'
  /** Every API call: an HTML page with HTTP 500. */
  | 'server-error'
  /** Every API call: headers never sent, the connection stays open. */
  | 'hang';

/** How the fake CDN answers a photo. */
export type CdnFault =
  | 'ok'
  /** 403 'URL signature expired', as Instagram's CDN answers past `oe`. */
  | 'expired'
  /** 200 text/html: a login or error page instead of the photo. */
  | 'html'
  /** 200 image/jpeg whose body is an HTML page. */
  | 'mislabelled'
  /** The JPEG cut off at 60%. */
  | 'truncated'
  /** A small PNG that declares 20000x20000 pixels (a decompression bomb). */
  | 'bomb'
  /** 12 MB sent as image/jpeg without Content-Length. */
  | 'huge'
  /** Headers never sent. */
  | 'hang'
  /** A redirect to itself, forever. */
  | 'redirect-loop';

export type FakeOptions = {
  readonly mode: FakeMode;
  /** Number of CAROUSEL_ALBUM items (IMAGE and VIDEO items are mixed in between). */
  readonly albums: number;
  readonly pageSize: number;
  /** Accepted token; any other gets code 190. undefined: any token is accepted. */
  readonly token: string | undefined;
  /** Album positions (0 = newest) whose /children call fails with HTTP 500. */
  readonly failChildren: readonly number[];
  /** Delay before every API answer. */
  readonly delayMs: number;
  /** Expiry written into the image URLs (`oe`, hex Unix seconds); past it the CDN answers 403. */
  readonly imagesExpireAt: Date;
  /** How the CDN answers every photo... */
  readonly cdn: CdnFault;
  /** ...except these, by the photo's media id. */
  readonly cdnFaults: Readonly<Record<string, CdnFault>>;
  /** Where media_url points (default: this fake's own /cdn/): another server, to see it is never asked. */
  readonly mediaBase: string | undefined;
};

export type FakeRequest = { readonly path: string; readonly params: URLSearchParams };

export type FakeInstagram = {
  readonly url: string;
  readonly requests: FakeRequest[];
  /** Requests whose path is `path` (or matches it). */
  count(path: string | RegExp): number;
  setMode(change: FakeMode | Partial<FakeOptions>): void;
  /** Tokens handed out by /refresh_access_token. */
  readonly issuedTokens: string[];
  /** Media ids of the photos requested from the CDN, in order. */
  readonly cdnRequests: string[];
  /**
   * Holds every API answer (not the CDN's) until the returned function is called: a test
   * that needs the feed still loading does not race a delay against a slow machine.
   */
  hold(): () => void;
  /** Makes every album photo's JPEG now (about 0.2 s each), so the CDN answers at once later. */
  prepareCdn(): Promise<void>;
  close(): Promise<void>;
};

export const FAKE_TOKEN = 'secret-test-token';

const DEFAULTS: FakeOptions = {
  mode: 'ok',
  albums: 12,
  pageSize: 10,
  token: FAKE_TOKEN,
  failChildren: [],
  delayMs: 0,
  imagesExpireAt: new Date(Date.now() + 3 * 24 * 3600 * 1000),
  cdn: 'ok',
  cdnFaults: {},
  mediaBase: undefined,
};

type Media = {
  id: string;
  media_type: 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  caption?: string;
  media_url?: string;
  thumbnail_url?: string;
  permalink: string;
  timestamp: string;
  /** Position among the albums, for CAROUSEL_ALBUM. */
  album?: number;
};

const CAPTIONS = [
  'Cambio de parabrisas en una Toyota Hilux 2021. Colocación en el día, con garantía.',
  'Luneta térmica para Volkswagen Gol Trend',
  'Cuidado: <script>alert("x")</script> & "comillas" no rompen nada',
  undefined,
  'Polarizado completo de un Peugeot 208 GT, con película de alta calidad que protege del sol ' +
    'jujeño y mantiene la visibilidad de noche. ¡Consultanos por WhatsApp! #parabrisasjujuy #jujuy',
];

/** Ids beyond Number.MAX_SAFE_INTEGER: odd ones cannot even be represented as a double. */
export function albumId(position: number): string {
  return (18_000_000_000_000_001n + BigInt(position) * 10n).toString();
}

export function childId(position: number, child: number): string {
  return (18_100_000_000_000_001n + BigInt(position) * 10n + BigInt(child)).toString();
}

export async function startFakeInstagram(
  initial: Partial<FakeOptions> & { port?: number } = {},
): Promise<FakeInstagram> {
  let options: FakeOptions = { ...DEFAULTS, ...initial };
  const requests: FakeRequest[] = [];
  const issuedTokens: string[] = [];
  const cdnRequests: string[] = [];
  const validTokens = new Set<string>();
  let held: Promise<void> | undefined;

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  server.listen(initial.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname.startsWith('/cdn/')) return photo(url, res);
    requests.push({ path: url.pathname, params: url.searchParams });
    if (options.mode === 'hang') return; // never answer
    await held;
    if (options.delayMs > 0) await new Promise((r) => setTimeout(r, options.delayMs));
    if (options.mode === 'server-error') {
      res.writeHead(500, { 'content-type': 'text/html' });
      return void res.end('<html><body><h1>Sorry, something went wrong.</h1></body></html>');
    }
    if (options.mode === 'rate-limit') {
      return json(res, 403, {
        error: {
          message: 'Application request limit reached',
          type: 'OAuthException',
          is_transient: true,
          code: 4,
          fbtrace_id: 'AeFakeTraceRate',
        },
      });
    }
    const token = url.searchParams.get('access_token') ?? '';
    const tokenOk =
      options.mode !== 'token-invalid' &&
      (options.token === undefined || token === options.token || validTokens.has(token));
    if (!tokenOk) {
      return json(res, 400, {
        error: {
          message: 'Error validating access token: Session has expired.',
          type: 'OAuthException',
          code: 190,
          error_subcode: 463,
          fbtrace_id: 'AeFakeTrace190',
        },
      });
    }

    if (url.pathname === '/refresh_access_token') {
      if (url.searchParams.get('grant_type') !== 'ig_refresh_token') {
        return json(res, 400, { error: { message: 'Invalid grant_type', code: 100 } });
      }
      const renewed = `secret-renewed-token-${issuedTokens.length + 1}`;
      issuedTokens.push(renewed);
      validTokens.add(renewed);
      return json(res, 200, { access_token: renewed, token_type: 'bearer', expires_in: 5183944 });
    }

    if (url.pathname === '/me/media') return mediaPage(url, res, token);

    const children = /^\/(\d+)\/children$/.exec(url.pathname);
    const album = children && feed().find((m) => m.id === children[1] && m.album !== undefined);
    if (album && album.album !== undefined) {
      if (options.failChildren.includes(album.album)) {
        return json(res, 500, {
          error: {
            message: 'An unexpected error has occurred. Please retry your request later.',
            type: 'OAuthException',
            is_transient: true,
            code: 2,
            fbtrace_id: 'AeFakeTraceChildren',
          },
        });
      }
      const fields = requestedFields(url);
      return json(res, 200, { data: childrenOf(album.album).map((c) => pick(c, fields)) });
    }
    return json(res, 400, {
      error: {
        message: `Unsupported get request. Object with ID '${url.pathname}' does not exist.`,
        type: 'IGApiException',
        code: 100,
        error_subcode: 33,
      },
    });
  }

  function mediaPage(url: URL, res: ServerResponse, token: string) {
    const items = options.mode === 'empty' ? [] : feed();
    const limit = Number(url.searchParams.get('limit') ?? options.pageSize) || options.pageSize;
    const after = url.searchParams.get('after');
    const start = after ? Number(Buffer.from(after, 'base64url').toString()) : 0;
    const page = items.slice(start, start + limit);
    const fields = requestedFields(url);
    const cursor = (n: number) => Buffer.from(String(n)).toString('base64url');
    const paging: Record<string, unknown> = {
      cursors: { before: cursor(start), after: cursor(start + page.length) },
    };
    if (start + page.length < items.length) {
      // Like Instagram: the next URL repeats the token.
      const next = new URL('/me/media', base);
      next.search = new URLSearchParams({
        access_token: token,
        fields: url.searchParams.get('fields') ?? '',
        limit: String(limit),
        after: cursor(start + page.length),
      }).toString();
      paging.next = next.href;
    }
    return json(res, 200, {
      data: page.map((m) => pick({ ...m, album: undefined }, fields)),
      paging,
    });
  }

  function feed(): Media[] {
    const items: Media[] = [];
    let other = 0;
    const time = Date.parse('2025-06-01T12:00:00Z');
    for (let i = 0; i < options.albums; i++) {
      items.push({
        id: albumId(i),
        media_type: 'CAROUSEL_ALBUM',
        caption: CAPTIONS[i % CAPTIONS.length],
        // Album-level media_url is unreliable; present here to make sure nobody uses it.
        media_url: cdn(`${albumId(i)}-cover`, 'jpg'),
        permalink: `https://www.instagram.com/p/FAKEALBUM${i}/`,
        timestamp: new Date(time - i * 86_400_000).toISOString().replace('.000Z', '+0000'),
        album: i,
      });
      if (i % 2 === 0 || i % 3 === 1) {
        const id = (17_900_000_000_000_001n + BigInt(other++)).toString();
        const video = i % 3 === 1;
        items.push({
          id,
          media_type: video ? 'VIDEO' : 'IMAGE',
          caption: video ? 'Reel del taller' : 'Foto suelta',
          media_url: cdn(id, video ? 'mp4' : 'jpg'),
          ...(video ? { thumbnail_url: cdn(`${id}-thumb`, 'jpg') } : {}),
          permalink: `https://www.instagram.com/p/FAKEPOST${id}/`,
          timestamp: new Date(time - i * 86_400_000 - 3_600_000)
            .toISOString()
            .replace('.000Z', '+0000'),
        });
      }
    }
    return items;
  }

  /** Album 0: an image and a video; album 1: the first child lacks media_url; others: images. */
  function childrenOf(position: number) {
    return [0, 1, 2].map((c) => {
      const id = childId(position, c);
      if (position === 1 && c === 0) return { id, media_type: 'IMAGE' };
      if (position % 4 === 0 && c === 1) {
        return {
          id,
          media_type: 'VIDEO',
          media_url: cdn(id, 'mp4'),
          thumbnail_url: cdn(`${id}-thumb`, 'jpg'),
        };
      }
      return { id, media_type: 'IMAGE', media_url: cdn(id, 'jpg') };
    });
  }

  function cdn(name: string, ext: 'jpg' | 'mp4'): string {
    const oe = Math.floor(options.imagesExpireAt.getTime() / 1000)
      .toString(16)
      .toUpperCase();
    return `${options.mediaBase ?? base}/cdn/${name}.${ext}?stp=dst-jpg_e35&_nc_sid=18de74&oh=00_AfFake&oe=${oe}`;
  }

  /** A CDN photo: `/cdn/<media id>[-thumb].jpg?...&oe=<hex expiry>`. */
  async function photo(url: URL, res: ServerResponse) {
    const name = decodeURIComponent(url.pathname.slice('/cdn/'.length)).replace(/\.\w+$/, '');
    const id = name.replace(/-(thumb|cover)$/, '');
    cdnRequests.push(id);
    const oe = Number.parseInt(url.searchParams.get('oe') ?? '0', 16);
    const fault = options.cdnFaults[id] ?? options.cdn;
    if (!url.pathname.endsWith('.jpg')) return void res.writeHead(404).end();
    if (fault === 'expired' || oe * 1000 <= Date.now()) {
      res.writeHead(403, { 'content-type': 'text/plain' });
      return void res.end('URL signature expired');
    }
    switch (fault) {
      case 'hang':
        return;
      case 'html':
      case 'mislabelled':
        res.writeHead(200, { 'content-type': fault === 'html' ? 'text/html' : 'image/jpeg' });
        return void res.end('<!doctype html><title>Instagram</title><p>Log in to continue</p>');
      case 'redirect-loop':
        res.writeHead(302, { location: url.pathname + url.search });
        return void res.end();
      case 'bomb':
        res.writeHead(200, { 'content-type': 'image/png' });
        return void res.end(pngBomb());
      case 'huge':
        return hugeBody(res);
    }
    const jpeg = await jpegFor(name);
    res.writeHead(200, { 'content-type': 'image/jpeg', 'cache-control': 'max-age=1209600' });
    res.end(fault === 'truncated' ? jpeg.subarray(0, Math.floor(jpeg.length * 0.6)) : jpeg);
  }

  return {
    url: base,
    requests,
    issuedTokens,
    cdnRequests,
    count: (path) =>
      requests.filter((r) => (typeof path === 'string' ? r.path === path : path.test(r.path)))
        .length,
    async prepareCdn() {
      for (const item of feed()) {
        if (item.album === undefined) continue;
        for (const child of childrenOf(item.album)) {
          const url = child.media_type === 'VIDEO' ? child.thumbnail_url : child.media_url;
          if (!url) continue;
          await jpegFor(decodeURIComponent(new URL(url).pathname.slice('/cdn/'.length, -4)));
        }
      }
    },
    hold() {
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = undefined;
        release();
      };
    },
    setMode(change) {
      options = { ...options, ...(typeof change === 'string' ? { mode: change } : change) };
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

function requestedFields(url: URL): Set<string> {
  return new Set(['id', ...(url.searchParams.get('fields') ?? '').split(',').filter(Boolean)]);
}

function pick(item: Record<string, unknown>, fields: Set<string>) {
  return Object.fromEntries(
    Object.entries(item).filter(([k, v]) => fields.has(k) && v !== undefined),
  );
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify(body));
}

const jpegs = new Map<string, Promise<Buffer>>();

/** Each photo is made once per process (about 0.2 s each), then served from memory. */
function jpegFor(name: string): Promise<Buffer> {
  let jpeg = jpegs.get(name);
  if (!jpeg) {
    jpeg = realisticJpeg(name);
    jpegs.set(name, jpeg);
  }
  return jpeg;
}

let bomb: Buffer | undefined;

/** A valid PNG of 20000x20000 1-bit pixels (400 megapixels) in about 50 KB. */
export function pngBomb(): Buffer {
  if (bomb) return bomb;
  const size = 20_000;
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    data.copy(out, 8);
    out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(1, 8); // bit depth 1
  header.writeUInt8(0, 9); // greyscale
  // Each row: filter byte 0, then size/8 zero bytes: all black, compresses ~1000:1.
  const raw = Buffer.alloc(size * (1 + size / 8));
  bomb = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return bomb;
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** 12 MB that start like a JPEG, streamed without Content-Length. */
function hugeBody(res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'image/jpeg' });
  const chunk = Buffer.alloc(64 * 1024);
  chunk[0] = 0xff;
  chunk[1] = 0xd8;
  let sent = 0;
  const write = () => {
    while (sent < 12 * 1024 * 1024) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', write);
    }
    res.end();
  };
  res.on('error', () => {});
  write();
}

async function cli(argv: string[]) {
  const arg = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const fake = await startFakeInstagram({
    port: Number(arg('port') ?? 4010),
    albums: Number(arg('albums') ?? 12),
    mode: (arg('mode') as FakeMode | undefined) ?? 'ok',
    cdn: (arg('cdn') as CdnFault | undefined) ?? 'ok',
    delayMs: Number(arg('delay') ?? 0),
    // Local viewing accepts any token (a renewed token kept in DATA_DIR survives a restart
    // of this fake); --token makes it strict.
    token: arg('token'),
  });
  await fake.prepareCdn();
  console.log(`Fake Instagram API on ${fake.url}`);
  console.log(
    `Run the site against it: INSTAGRAM_API_URL=${fake.url} ` +
      `INSTAGRAM_ACCESS_TOKEN=${arg('token') ?? 'fake'} npm run dev`,
  );
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await cli(process.argv.slice(2));
}
