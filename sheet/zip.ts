/**
 * The few parts of an .xlsx (a zip) the reader needs, unpacked within bounds. The central
 * directory is read here (a few dozen lines) so that nothing is inflated before the number of
 * entries and the declared sizes are checked, and every part is inflated by fflate's stream
 * with a running count, since a zip bomb lies about its sizes: the count stops it, not the
 * declaration. Zip64 and encrypted entries are not price sheets: refused as damaged.
 */
import { Inflate } from 'fflate';

export type ZipEntry = {
  readonly name: string;
  readonly method: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly headerOffset: number;
  readonly encrypted: boolean;
};

export type ZipRefusal = 'damaged' | 'too-many-entries' | 'too-big';

export class ZipError extends Error {
  constructor(readonly reason: ZipRefusal) {
    super(reason);
  }
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The central directory's entries, or a ZipError. */
export function listEntries(bytes: Uint8Array, maxEntries: number): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  // The end record is in the last 22 bytes plus a comment of at most 65,535.
  let end = -1;
  for (let at = bytes.length - 22; at >= 0 && at >= bytes.length - 22 - 0xffff; at -= 1) {
    if (u32(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ZipError('damaged');
  const count = u16(end + 10);
  if (count > maxEntries) throw new ZipError('too-many-entries');
  let at = u32(end + 16);
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > bytes.length || u32(at) !== CENTRAL) throw new ZipError('damaged');
    const nameLength = u16(at + 28);
    const skip = nameLength + u16(at + 30) + u16(at + 32);
    const entry: ZipEntry = {
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: u16(at + 10),
      compressedSize: u32(at + 20),
      size: u32(at + 24),
      headerOffset: u32(at + 42),
      encrypted: (u16(at + 8) & 1) === 1,
    };
    if (entry.compressedSize === 0xffffffff || entry.size === 0xffffffff) {
      throw new ZipError('damaged');
    }
    entries.push(entry);
    at += 46 + skip;
  }
  return entries;
}

/**
 * One entry's bytes, unpacked. `budget` is how many bytes may still be unpacked in this file;
 * going past it throws ZipError('too-big'). `pause` runs between chunks (the caller yields
 * to other requests and checks its clock there).
 */
export async function unpack(
  bytes: Uint8Array,
  entry: ZipEntry,
  budget: number,
  pause: () => Promise<void>,
): Promise<Uint8Array> {
  if (entry.encrypted) throw new ZipError('damaged');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.headerOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL) throw new ZipError('damaged');
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (data.length !== entry.compressedSize) throw new ZipError('damaged');
  if (entry.method === 0) {
    if (data.length > budget) throw new ZipError('too-big');
    return data;
  }
  if (entry.method !== 8) throw new ZipError('damaged');
  if (entry.size > budget) throw new ZipError('too-big');

  const chunks: Uint8Array[] = [];
  let total = 0;
  let over = false;
  const inflate = new Inflate((chunk) => {
    total += chunk.length;
    if (total > budget) over = true;
    else chunks.push(chunk);
  });
  // 16 KB of deflate unpacks to at most about 17 MB: the count is checked after each.
  const STEP = 16 * 1024;
  for (let offset = 0; offset < data.length; offset += STEP) {
    try {
      inflate.push(data.subarray(offset, offset + STEP), offset + STEP >= data.length);
    } catch {
      throw new ZipError('damaged');
    }
    if (over) throw new ZipError('too-big');
    await pause();
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
