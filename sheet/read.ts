/**
 * THE way to read a price sheet, for the panel's upload and the catalogue CLI alike: the
 * file's bytes (.xlsx or .csv, recognised by their content, not their name) → the sheet's
 * rows by column, or the problems that stop it, in the owner's words. Every step is bounded
 * (sheet/limits.ts); a file past a bound gets one problem that says so and what to do.
 */
import { decodeBytes } from './decode.ts';
import { SHEET_LIMITS, type SheetLimits } from './limits.ts';
import { problems, type Problem } from './problems.ts';
import { readPriceSheet, sheetFromRecords, type Sheet } from './read-csv.ts';
import { readXlsx, XlsxError, type XlsxRefusal } from './xlsx.ts';

export type FileKind = 'xlsx' | 'csv';

export type ReadSheet =
  | { ok: true; kind: FileKind; sheet: Sheet; sheetName?: string }
  | { ok: false; problems: Problem[] };

export type ReadOptions = {
  readonly limits?: SheetLimits;
  /** The clock the time limit is measured with (tests pass a fake). */
  readonly clock?: () => number;
};

type Recognised = 'zip' | 'cfb' | 'empty' | { other: string } | 'text';

/** What the bytes are, by their first bytes. */
export function recognise(bytes: Uint8Array): Recognised {
  const starts = (...magic: number[]) => magic.every((byte, i) => bytes[i] === byte);
  if (bytes.length === 0) return 'empty';
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06)) return 'zip';
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return 'cfb';
  if (starts(0x89, 0x50, 0x4e, 0x47)) return { other: 'una imagen PNG' };
  if (starts(0xff, 0xd8, 0xff)) return { other: 'una imagen JPEG' };
  if (starts(0x25, 0x50, 0x44, 0x46)) return { other: 'un PDF' };
  if (starts(0x47, 0x49, 0x46, 0x38)) return { other: 'una imagen GIF' };
  const utf16 = starts(0xff, 0xfe) || starts(0xfe, 0xff);
  if (!utf16 && bytes.subarray(0, 8192).includes(0)) return { other: '' };
  return 'text';
}

/**
 * An Office file that is a compound file (CFB) is either an old .xls or an .xlsx encrypted
 * with a password (Excel keeps the encrypted package in a CFB stream named EncryptedPackage).
 */
function isEncryptedOoxml(bytes: Uint8Array): boolean {
  const name = Buffer.from('EncryptedPackage', 'utf16le');
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(name);
}

class TooSlow extends Error {}

export async function readSheetFile(
  bytes: Uint8Array,
  { limits = SHEET_LIMITS, clock = Date.now }: ReadOptions = {},
): Promise<ReadSheet> {
  const refuse = (problem: Problem): ReadSheet => ({ ok: false, problems: [problem] });
  if (bytes.length > limits.maxFileBytes) {
    return refuse(problems.tooBig(bytes.length, limits.maxFileBytes));
  }
  const kind = recognise(bytes);
  if (kind === 'empty') return refuse(problems.emptyFile());
  if (kind === 'cfb') {
    return refuse(isEncryptedOoxml(bytes) ? problems.encrypted() : problems.oldExcel());
  }
  if (typeof kind === 'object') return refuse(problems.notText(kind.other || undefined));
  if (kind === 'text') {
    const sheet = readPriceSheet(decodeBytes(bytes).text, limits.maxRows);
    return { ok: true, kind: 'csv', sheet };
  }

  const started = clock();
  const pause = async () => {
    if (clock() - started > limits.maxMillis) throw new TooSlow();
    await new Promise<void>((resolve) => setImmediate(resolve));
  };
  try {
    const workbook = await readXlsx(bytes, limits, pause);
    const sheet = sheetFromRecords(workbook.records, undefined, 'xlsx');
    return { ok: true, kind: 'xlsx', sheet, sheetName: workbook.name };
  } catch (error) {
    if (error instanceof TooSlow) return refuse(problems.tooSlow(limits.maxMillis));
    if (error instanceof XlsxError) return refuse(xlsxProblem(error.refusal, limits));
    throw error;
  }
}

function xlsxProblem(refusal: XlsxRefusal, limits: SheetLimits): Problem {
  switch (refusal.reason) {
    case 'too-many-rows':
      return problems.tooManyRows(refusal.row, limits.maxRows);
    case 'too-many-columns':
      return problems.tooManyColumns(refusal.row, refusal.column);
    case 'too-big':
    case 'too-many-entries':
      return problems.tooBigUnpacked();
    case 'word':
      return problems.notText('un documento de Word');
    case 'not-a-workbook':
      return problems.notText('un archivo comprimido, no una planilla de Excel');
    case 'damaged':
      return problems.damagedXlsx();
  }
}
