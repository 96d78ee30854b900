/**
 * A page that is the same for every visitor but for one value (the booking form's one-time
 * token): rendered and compressed once around its slots, the value written in per response.
 *
 * gzip is spliced, not compressed per response (RFC 1951/1952): the header and each part's
 * deflate blocks are made once, part 0 ending on a sync flush (byte-aligned, not final); per
 * response the value goes in as a stored block, then the next part's blocks (the last one final),
 * then the CRC-32 and length. Each later part is compressed with what comes before it as its
 * preset dictionary, the slots standing as zero bytes: a part without zero bytes can never copy
 * from a slot, so its back-references hold whatever value fills it. The CRC is combined from
 * the parts' CRCs (zlib's crc32_combine), so nothing of the page is read per response.
 *
 * Brotli cannot be spliced this way (its encoder's state runs across blocks): such pages are
 * sent gzip, or identity to a client that takes no gzip.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import Negotiator from 'negotiator';
import { constants, crc32, deflateRawSync } from 'node:zlib';

export type SlottedResponse = {
  readonly status: number;
  /**
   * How it is sent gzip, and as it is: every header (Content-Type, Cache-Control, CSP, ...,
   * the encoding and the length: every value has the slot's length).
   */
  readonly gzip: SlottedForm;
  readonly identity: SlottedForm;
  /** The page between its slots: one more part than slots. */
  readonly parts: readonly Buffer[];
  /** The gzip header with part 0's blocks, then each later part's blocks. */
  readonly deflated: readonly Buffer[];
  /** CRC-32 of each part, and the operator that appends a part of that length (crc32_combine). */
  readonly crcs: readonly number[];
  readonly appends: readonly number[];
  /** A new value for one response (all its slots). */
  readonly fill: () => string;
  /** Memory held by the parts and their blocks. */
  readonly bytes: number;
};

/** One way a slotted page is sent, with all its headers. */
export type SlottedForm = {
  readonly gzip: boolean;
  readonly headers: Readonly<Record<string, string>>;
};

/** gzip level of the parts: as for kept pages (server/prepared-response.ts). */
const LEVEL = 6;
/** ID1 ID2, deflate, no flags, no mtime, no extra flags, OS unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const PRINTABLE = /^[\x21-\x7e]+$/;
/** Deflate's window: a preset dictionary longer than this is cut to its end. */
const WINDOW = 32 * 1024;

/**
 * `html` cut at every occurrence of `slot`, each later part deflated after what comes before
 * it. `fill` must return values of `slot`'s length, ASCII only.
 */
export function prepareSlotted(
  status: number,
  headers: Record<string, string>,
  html: string,
  slot: string,
  fill: () => string,
): SlottedResponse {
  // Checked once here, where a failure fails the build (a 500), not per response.
  const sample = fill();
  if (!PRINTABLE.test(slot) || !PRINTABLE.test(sample) || sample.length !== slot.length) {
    throw new Error('a slot and its values: printable ASCII, all of one length');
  }
  const parts = html.split(slot).map((part) => Buffer.from(part, 'utf8'));
  const blank = Buffer.alloc(slot.length);
  const deflated = parts.map((part, i) => {
    const last = i === parts.length - 1;
    const before = Buffer.concat(parts.slice(0, i).flatMap((p) => [p, blank]));
    const dictionary = i > 0 && !part.includes(0) ? before.subarray(-WINDOW) : undefined;
    const blocks = deflateRawSync(part, {
      level: LEVEL,
      finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
      ...(dictionary ? { dictionary } : {}),
    });
    return i === 0 ? Buffer.concat([GZIP_HEADER, blocks]) : blocks;
  });
  const body = {
    parts,
    deflated,
    crcs: parts.map((part) => crc32(part)),
    appends: parts.map((part) => crc32Shift(part.length)),
  };
  const varied = { ...headers, Vary: 'Accept-Encoding' };
  // Every value has the sample's length, so each form's length is known now.
  const form = (gzip: boolean): SlottedForm => {
    const length = slottedChunks(body, Buffer.from(sample, 'latin1'), gzip).reduce(
      (n, chunk) => n + chunk.length,
      0,
    );
    const coding: Record<string, string> = gzip ? { 'Content-Encoding': 'gzip' } : {};
    return { gzip, headers: { ...varied, ...coding, 'Content-Length': String(length) } };
  };
  return {
    status,
    gzip: form(true),
    identity: form(false),
    ...body,
    fill,
    bytes: [...parts, ...deflated].reduce((n, b) => n + b.length, 0),
  };
}

/**
 * The page with a new value in its slots: gzip when the request takes it, else identity, in
 * one writeHead of the form's headers, or of those `headersOf` gives for it (the kept-page
 * path adds helmet's and the request id: server/kept-pages.ts).
 */
export function sendSlotted(
  req: IncomingMessage,
  res: ServerResponse,
  page: SlottedResponse,
  headersOf: (form: SlottedForm) => Readonly<Record<string, string>> = (form) => form.headers,
) {
  const value = Buffer.from(page.fill(), 'latin1');
  const form = acceptsGzip(req) ? page.gzip : page.identity;
  const chunks = slottedChunks(page, value, form.gzip);
  res.writeHead(page.status, headersOf(form));
  res.cork();
  for (const chunk of chunks) res.write(chunk);
  res.end();
}

/** The body with `value` in every slot, in order: gzip's bytes, or the page as it is. */
export function slottedChunks(
  page: Pick<SlottedResponse, 'parts' | 'deflated' | 'crcs' | 'appends'>,
  value: Buffer,
  gzip: boolean,
): Buffer[] {
  if (!gzip) return page.parts.flatMap((part, i) => (i === 0 ? [part] : [value, part]));
  // A stored block: BFINAL 0, BTYPE 00, padded to the byte; LEN and its complement.
  const stored = Buffer.from([
    0,
    value.length & 0xff,
    value.length >> 8,
    ~value.length & 0xff,
    (~value.length >> 8) & 0xff,
  ]);
  let crc = page.crcs[0] ?? 0;
  let length = page.parts[0]?.length ?? 0;
  const chunks: Buffer[] = [page.deflated[0] ?? GZIP_HEADER];
  for (let i = 1; i < page.parts.length; i += 1) {
    crc = crc32(value, crc);
    crc = crc32Combine(crc, page.crcs[i] ?? 0, page.appends[i] ?? 0);
    length += value.length + (page.parts[i]?.length ?? 0);
    chunks.push(stored, value, page.deflated[i] ?? Buffer.alloc(0));
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  chunks.push(trailer);
  return chunks;
}

/** Any gzip with q > 0 (br is not offered: see above). */
function acceptsGzip(req: IncomingMessage): boolean {
  const header = req.headers['accept-encoding'];
  if (!header) return false;
  let accepted = gzipFor.get(header);
  if (accepted === undefined) {
    accepted = new Negotiator(req).encodings(['gzip']).includes('gzip');
    if (gzipFor.size >= 100) gzipFor.clear();
    gzipFor.set(header, accepted);
  }
  return accepted;
}
const gzipFor = new Map<string, boolean>();

// CRC-32 combination, as zlib's crc32_combine_gen / crc32_combine_op (zlib 1.2.12+): the CRC of
// A then B is (x^(8·|B|) · crc(A)) xor crc(B), in GF(2) modulo the CRC's polynomial.
const POLY = 0xedb88320;

/** a · b modulo the polynomial (bit-reflected, as the CRC is). */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31. */
const X2N: readonly number[] = (() => {
  const table = [0x40000000];
  for (let k = 1; k < 32; k += 1) table.push(multModP(table[k - 1] ?? 0, table[k - 1] ?? 0));
  return table;
})();

/** The operator that appends `bytes` bytes: x^(8·bytes) modulo the polynomial. */
export function crc32Shift(bytes: number): number {
  let p = 0x80000000;
  let n = bytes;
  let k = 3;
  while (n > 0) {
    if (n & 1) p = multModP(X2N[k & 31] ?? 0, p);
    n = Math.floor(n / 2);
    k += 1;
  }
  return p >>> 0;
}

/** CRC-32 of A then B, from crc(A), crc(B) and crc32Shift(|B|). */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multModP(shiftB, crcA) ^ crcB) >>> 0;
}
