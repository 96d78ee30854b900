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
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}

/**
 * WHATWG windows-1252 for bytes 0x80–0x9F (`€`, `’`, `–`, `…`, …); the rest is Latin-1.
 * Node 20.18.3+ decodes this block as C1 control characters (nodejs/node#60888), so it is
 * mapped here instead of trusting `TextDecoder('windows-1252')`.
 */
const C1_BLOCK =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

export function decodeWindows1252(bytes: Uint8Array): string {
  return new TextDecoder('windows-1252')
    .decode(bytes)
    .replace(/[\u0080-\u009F]/g, (char) => C1_BLOCK[char.charCodeAt(0) - 0x80] ?? char);
}
