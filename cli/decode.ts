/**
 * Bytes of the owner's CSV → text. Excel in es-AR saves Windows-1252 ("CSV delimitado por
 * comas"), UTF-8 with a BOM ("CSV UTF-8") or UTF-16 ("Texto Unicode"); Google Sheets and
 * LibreOffice save UTF-8. Windows-1252 bytes such as `ë` are never valid UTF-8, so a strict
 * UTF-8 decode that fails means the file is Windows-1252.
 */

export type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export type Decoded = { text: string; encoding: Encoding };

export function decodeBytes(bytes: Uint8Array): Decoded {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'utf-16be' };
  }
  try {
    // TextDecoder drops a leading UTF-8 BOM by default (ignoreBOM: false).
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

export type BinaryKind = 'xlsx' | 'xls' | 'binary';

/**
 * Recognises files that are not CSV text at all, so the owner who picks the .xlsx by
 * mistake is told so instead of getting a list of nonsense rows.
 */
export function detectBinary(bytes: Uint8Array): BinaryKind | undefined {
  const starts = (...magic: number[]) => magic.every((byte, i) => bytes[i] === byte);
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'xlsx';
  if (starts(0xd0, 0xcf, 0x11, 0xe0)) return 'xls';
  const utf16 = starts(0xff, 0xfe) || starts(0xfe, 0xff);
  if (!utf16 && bytes.subarray(0, 8192).includes(0)) return 'binary';
  return undefined;
}
