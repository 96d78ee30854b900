/**
 * Small .xlsx files made in code, for what a real spreadsheet program does not write: huge
 * sheets, zip bombs, Word files renamed, an encrypted workbook's container. The fixtures of
 * real workbooks (LibreOffice) are in tests/fixtures/xlsx/.
 */
import { constants, deflateRawSync } from 'node:zlib';
import { zipSync, type Zippable } from 'fflate';

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const RELATIONS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

/** One sheet's XML with inline strings; a cell that looks like a plain number is a number. */
export function sheetXml(rows: readonly (readonly string[])[]): string {
  const body = rows
    .map((cells, r) => {
      const row = r + 1;
      const cellXml = cells
        .map((cell, c) => {
          if (cell === '') return '';
          const ref = `${String.fromCharCode(65 + c)}${row}`;
          return /^\d+(\.\d+)?$/.test(cell)
            ? `<c r="${ref}"><v>${cell}</v></c>`
            : `<c r="${ref}" t="inlineStr"><is><t>${xml(cell)}</t></is></c>`;
        })
        .join('');
      return `<row r="${row}">${cellXml}</row>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

/** A workbook with one sheet holding `rows`. */
export function makeXlsx(rows: readonly (readonly string[])[], extra: Zippable = {}): Uint8Array {
  const enc = new TextEncoder();
  return zipSync({
    'xl/workbook.xml': enc.encode(WORKBOOK),
    'xl/_rels/workbook.xml.rels': enc.encode(RELATIONS),
    'xl/worksheets/sheet1.xml': enc.encode(sheetXml(rows)),
    ...extra,
  });
}

/** A Word document's parts, zipped: what a .docx renamed .xlsx is. */
export function makeDocx(): Uint8Array {
  const enc = new TextEncoder();
  return zipSync({
    '[Content_Types].xml': enc.encode('<Types/>'),
    'word/document.xml': enc.encode('<w:document xmlns:w="w"><w:body/></w:document>'),
  });
}

/**
 * A zip bomb shaped like a workbook: its sheet part unpacks to `unpackedBytes` of spaces from
 * a few KB, and the central directory claims `declaredBytes` (a liar claims little).
 */
export function makeZipBomb(unpackedBytes: number, declaredBytes = unpackedBytes): Uint8Array {
  // One megabyte of spaces deflated up to a full flush (byte-aligned, no back-reference into
  // what came before) is the same bytes every time: repeated, it is a valid raw deflate stream
  // of as many megabytes, made in milliseconds instead of deflating the gigabyte itself.
  const MB = 1024 * 1024;
  const piece = (bytes: number) =>
    deflateRawSync(Buffer.alloc(bytes, 0x20), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const whole = piece(MB);
  const chunks: Uint8Array[] = Array.from({ length: Math.floor(unpackedBytes / MB) }, () => whole);
  if (unpackedBytes % MB) chunks.push(piece(unpackedBytes % MB));
  chunks.push(deflateRawSync(Buffer.alloc(0))); // the final, empty block
  // Written by hand: fflate's zip writer would declare the true size.
  return zipWithEntry('xl/worksheets/sheet1.xml', concat(chunks), declaredBytes);
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** A workbook's parts plus one deflated entry with the declared size given. */
function zipWithEntry(name: string, deflated: Uint8Array, declaredSize: number): Uint8Array {
  const enc = new TextEncoder();
  const files: { name: Uint8Array; data: Uint8Array; method: number; size: number }[] = [
    { name: enc.encode('xl/workbook.xml'), data: enc.encode(WORKBOOK), method: 0, size: 0 },
    {
      name: enc.encode('xl/_rels/workbook.xml.rels'),
      data: enc.encode(RELATIONS),
      method: 0,
      size: 0,
    },
    { name: enc.encode(name), data: deflated, method: 8, size: declaredSize },
  ];
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const file of files) {
    const size = file.method === 0 ? file.data.length : file.size;
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(8, file.method, true);
    local.setUint32(18, file.data.length, true);
    local.setUint32(22, size, true);
    local.setUint16(26, file.name.length, true);
    const entry = new DataView(new ArrayBuffer(46));
    entry.setUint32(0, 0x02014b50, true);
    entry.setUint16(4, 20, true);
    entry.setUint16(6, 20, true);
    entry.setUint16(10, file.method, true);
    entry.setUint32(20, file.data.length, true);
    entry.setUint32(24, size, true);
    entry.setUint16(28, file.name.length, true);
    entry.setUint32(42, offset, true);
    parts.push(new Uint8Array(local.buffer), file.name, file.data);
    central.push(new Uint8Array(entry.buffer), file.name);
    offset += 30 + file.name.length + file.data.length;
  }
  const centralBytes = concat(central);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, files.length, true);
  end.setUint16(10, files.length, true);
  end.setUint32(12, centralBytes.length, true);
  end.setUint32(16, offset, true);
  return concat([...parts, centralBytes, new Uint8Array(end.buffer)]);
}

/**
 * The start of a compound file (CFB) as Excel saves a workbook with a password: the 8-byte
 * signature, and a directory naming the EncryptionInfo and EncryptedPackage streams. Enough
 * for the reader, which recognises the container and refuses it; nothing else reads it.
 */
export function makeEncryptedWorkbook(): Uint8Array {
  const header = new Uint8Array(512);
  header.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  const names = Buffer.concat(
    ['EncryptionInfo', 'EncryptedPackage'].map((n) => Buffer.from(`${n}\0`, 'utf16le')),
  );
  return concat([header, names]);
}

/** An old .xls (BIFF8) starts with the same signature and has a Workbook stream instead. */
export function makeOldXls(): Uint8Array {
  const header = new Uint8Array(512);
  header.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return concat([header, Buffer.from('Workbook\0', 'utf16le')]);
}
