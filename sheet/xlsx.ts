/**
 * An .xlsx file (as Excel and LibreOffice save it) → the rows of its price sheet: the sheet
 * named "Precios", or else the first one. Each cell is read as text the way the owner sees
 * it, so the same rules as for a CSV apply afterwards (sheet/read.ts): shared and inline
 * strings as they are, numbers in plain digits with a decimal comma (`185000`, `189000,5`),
 * a formula as its saved result, a date as dd/mm/aaaa (a year-only format as the year),
 * TRUE/FALSE as sí/no. Parts are unpacked within SHEET_LIMITS (sheet/zip.ts) and parsed as a
 * stream (saxes), yielding to other work between chunks.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { listEntries, unpack, ZipError, type ZipEntry } from './zip.ts';
import type { SheetRecord } from './read-csv.ts';
import type { SheetLimits } from './limits.ts';

export type XlsxRefusal =
  | { reason: 'damaged' | 'too-many-entries' | 'too-big' | 'not-a-workbook' | 'word' }
  | { reason: 'too-many-rows'; row: number }
  | { reason: 'too-many-columns'; row: number; column: number };

export class XlsxError extends Error {
  constructor(readonly refusal: XlsxRefusal) {
    super(refusal.reason);
  }
}

export type XlsxSheet = { name: string; records: SheetRecord[] };

/** Yields to other work and throws when the reading has taken too long. */
export type Pause = () => Promise<void>;

const PRICE_SHEET = 'precios';

type Parts = { get(name: string): ZipEntry | undefined };

export async function readXlsx(
  bytes: Uint8Array,
  limits: SheetLimits,
  pause: Pause,
): Promise<XlsxSheet> {
  let entries: ZipEntry[];
  try {
    entries = listEntries(bytes, limits.maxZipEntries);
  } catch (error) {
    throw asXlsxError(error);
  }
  const byName = new Map(entries.map((entry) => [entry.name.replace(/^\//, ''), entry]));
  const parts: Parts = { get: (name) => byName.get(name) };
  if (!parts.get('xl/workbook.xml')) {
    throw new XlsxError({ reason: parts.get('word/document.xml') ? 'word' : 'not-a-workbook' });
  }
  let budget = limits.maxUnpackedBytes;
  const text = async (name: string): Promise<string | undefined> => {
    const entry = parts.get(name);
    if (!entry) return undefined;
    try {
      const data = await unpack(bytes, entry, budget, pause);
      budget -= data.length;
      return new TextDecoder().decode(data);
    } catch (error) {
      throw asXlsxError(error);
    }
  };
  const need = async (name: string): Promise<string> => {
    const found = await text(name);
    if (found === undefined) throw new XlsxError({ reason: 'damaged' });
    return found;
  };

  const workbook = await readWorkbook(await need('xl/workbook.xml'), pause);
  const sheet =
    workbook.sheets.find((s) => normalize(s.name) === PRICE_SHEET) ?? workbook.sheets[0];
  if (!sheet) throw new XlsxError({ reason: 'damaged' });
  const relations = await readRelations((await text('xl/_rels/workbook.xml.rels')) ?? '', pause);
  const target = relations.get(sheet.relation);
  if (target === undefined) throw new XlsxError({ reason: 'damaged' });
  const sheetPath = target.startsWith('/') ? target.slice(1) : `xl/${target}`;

  const strings = await readSharedStrings((await text('xl/sharedStrings.xml')) ?? '', pause);
  const styles = await readStyles((await text('xl/styles.xml')) ?? '', pause);
  const records = await readSheet(await need(sheetPath), {
    strings,
    styles,
    date1904: workbook.date1904,
    limits,
    pause,
  });
  return { name: sheet.name, records };
}

function asXlsxError(error: unknown): XlsxError {
  if (error instanceof XlsxError) return error;
  if (error instanceof ZipError) return new XlsxError({ reason: error.reason });
  throw error;
}

const normalize = (name: string) =>
  name.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/** The element name without its namespace prefix (`x:row` → `row`). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

type Handlers = {
  open?(tag: SaxesTagPlain, name: string): void;
  close?(name: string): void;
  text?(text: string): void;
};

const CHUNK = 256 * 1024;

/** Streams `xml` through saxes in chunks, pausing between them. */
async function parseXml(xml: string, handlers: Handlers, pause: Pause): Promise<void> {
  const parser = new SaxesParser();
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  // A price sheet has no DTD; one is the start of an entity expansion attack.
  parser.on('doctype', () => {
    failure ??= new Error('doctype');
  });
  if (handlers.open) {
    const open = handlers.open;
    parser.on('opentag', (tag) => open(tag, local(tag.name)));
  }
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closetag', (tag) => close(local(tag.name)));
  }
  if (handlers.text) {
    const onText = handlers.text;
    parser.on('text', onText);
    parser.on('cdata', onText);
  }
  for (let at = 0; at < xml.length; at += CHUNK) {
    try {
      parser.write(xml.slice(at, at + CHUNK));
    } catch (error) {
      if (error instanceof XlsxError) throw error;
      failure ??= error instanceof Error ? error : new Error(String(error));
    }
    if (failure) throw new XlsxError({ reason: 'damaged' });
    await pause();
  }
  try {
    parser.close();
  } catch {
    throw new XlsxError({ reason: 'damaged' });
  }
  if (failure) throw new XlsxError({ reason: 'damaged' });
}

const attribute = (tag: SaxesTagPlain, name: string): string | undefined => {
  const value = tag.attributes[name];
  return typeof value === 'string' ? value : undefined;
};

type Workbook = { sheets: { name: string; relation: string }[]; date1904: boolean };

async function readWorkbook(xml: string, pause: Pause): Promise<Workbook> {
  const workbook: Workbook = { sheets: [], date1904: false };
  await parseXml(
    xml,
    {
      open(tag, name) {
        if (name === 'workbookPr') {
          const value = attribute(tag, 'date1904');
          workbook.date1904 = value === '1' || value === 'true';
        }
        if (name !== 'sheet') return;
        const relation = Object.entries(tag.attributes).find(
          ([key]) => key === 'r:id' || (key.endsWith(':id') && key !== 'sheetId'),
        )?.[1];
        const sheetName = attribute(tag, 'name');
        if (typeof relation === 'string' && sheetName !== undefined) {
          workbook.sheets.push({ name: sheetName, relation });
        }
      },
    },
    pause,
  );
  return workbook;
}

async function readRelations(xml: string, pause: Pause): Promise<Map<string, string>> {
  const relations = new Map<string, string>();
  if (xml === '') return relations;
  await parseXml(
    xml,
    {
      open(tag, name) {
        const id = attribute(tag, 'Id');
        const target = attribute(tag, 'Target');
        if (name === 'Relationship' && id !== undefined && target !== undefined) {
          relations.set(id, target);
        }
      },
    },
    pause,
  );
  return relations;
}

async function readSharedStrings(xml: string, pause: Pause): Promise<string[]> {
  const strings: string[] = [];
  if (xml === '') return strings;
  let current = '';
  let inText = false;
  // Phonetic guides (`<rPh>`) repeat the reading of East Asian text: not part of the value.
  let inPhonetic = false;
  await parseXml(
    xml,
    {
      open(_tag, name) {
        if (name === 'si') current = '';
        else if (name === 't') inText = true;
        else if (name === 'rPh') inPhonetic = true;
      },
      close(name) {
        if (name === 'si') strings.push(current);
        else if (name === 't') inText = false;
        else if (name === 'rPh') inPhonetic = false;
      },
      text(value) {
        if (inText && !inPhonetic) current += value;
      },
    },
    pause,
  );
  return strings;
}

/** Per cell style (the `s` index), its number format code; undefined for General. */
type Styles = (string | undefined)[];

/** Excel's built-in date formats (ids 14–22, 45–47); custom ones are in styles.xml. */
const BUILT_IN_DATES: Record<number, string> = {
  14: 'dd/mm/yyyy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'dd/mm/yyyy h:mm',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
};

async function readStyles(xml: string, pause: Pause): Promise<Styles> {
  const formats = new Map<number, string>();
  const styles: Styles = [];
  if (xml === '') return styles;
  let inCellXfs = false;
  await parseXml(
    xml,
    {
      open(tag, name) {
        if (name === 'numFmt') {
          const id = Number(attribute(tag, 'numFmtId'));
          const code = attribute(tag, 'formatCode');
          if (Number.isInteger(id) && code !== undefined) formats.set(id, code);
        } else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) {
          const id = Number(attribute(tag, 'numFmtId') ?? '0');
          styles.push(formats.get(id) ?? BUILT_IN_DATES[id]);
        }
      },
      close(name) {
        if (name === 'cellXfs') inCellXfs = false;
      },
    },
    pause,
  );
  return styles;
}

/** A number format that shows a date or time: d, m, y, h or s outside quotes and brackets. */
export function isDateFormat(code: string | undefined): boolean {
  if (code === undefined) return false;
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** A date serial → the text the owner sees: the year alone for a year-only format. */
export function dateText(serial: number, code: string, date1904: boolean): string {
  // Excel's day 0 is 1899-12-31 and it believes 1900 was a leap year: day 60 does not exist,
  // so counting from 1899-12-30 is right from 1900-03-01 on.
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  const date = new Date(epoch + Math.round(serial * 86_400) * 1000);
  const year = String(date.getUTCFullYear());
  const bare = code.replace(/"[^"]*"/g, '').replace(/\[[^\]]*\]/g, '');
  if (/^[^dmhs]*y+[^dmhs]*$/i.test(bare)) return year;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCDate())}/${two(date.getUTCMonth() + 1)}/${year}`;
}

/** A stored number as the owner typed it: plain digits, a decimal comma, no float noise. */
export function numberText(raw: string): string {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n)) return raw;
  const clean = Number(n.toPrecision(15));
  return String(clean).replace('.', ',');
}

/** `C12` → 2 (zero-based column), or undefined when the reference has no letters. */
export function columnIndex(reference: string): number | undefined {
  const letters = /^[A-Z]+/i.exec(reference)?.[0];
  if (!letters) return undefined;
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

type SheetContext = {
  strings: readonly string[];
  styles: Styles;
  date1904: boolean;
  limits: SheetLimits;
  pause: Pause;
};

async function readSheet(xml: string, context: SheetContext): Promise<SheetRecord[]> {
  const { strings, styles, date1904, limits } = context;
  const records: SheetRecord[] = [];
  let row = 0;
  let cells: string[] = [];
  let column = -1;
  let type = 'n';
  let style = 0;
  let value: string | undefined;
  let reading: 'v' | 'is' | undefined;
  let inInlineText = false;

  const cellText = (): string => {
    if (value === undefined) return '';
    switch (type) {
      case 's': {
        const index = Number(value);
        return Number.isInteger(index) ? (strings[index] ?? '') : '';
      }
      case 'inlineStr':
      case 'str':
      case 'e':
        return value;
      case 'b':
        return value === '1' || value === 'true' ? 'sí' : 'no';
      case 'd':
        return value;
      default: {
        const code = styles[style];
        const serial = Number(value);
        if (isDateFormat(code) && code !== undefined && Number.isFinite(serial)) {
          return dateText(serial, code, date1904);
        }
        return numberText(value);
      }
    }
  };

  await parseXml(
    xml,
    {
      open(tag, name) {
        switch (name) {
          case 'row': {
            const given = Number(attribute(tag, 'r'));
            row = Number.isInteger(given) && given > row ? given : row + 1;
            if (row > limits.maxRows) throw new XlsxError({ reason: 'too-many-rows', row });
            cells = [];
            column = -1;
            break;
          }
          case 'c': {
            const reference = attribute(tag, 'r');
            const given = reference === undefined ? undefined : columnIndex(reference);
            column = given !== undefined && given > column ? given : column + 1;
            type = attribute(tag, 't') ?? 'n';
            style = Number(attribute(tag, 's') ?? '0');
            value = undefined;
            break;
          }
          case 'v':
            reading = 'v';
            value = '';
            break;
          case 'is':
            reading = 'is';
            value = '';
            break;
          case 't':
            inInlineText = reading === 'is';
            break;
          case 'rPh':
            // Phonetic text inside an inline string is not part of the value.
            if (reading === 'is') reading = undefined;
            break;
        }
      },
      close(name) {
        switch (name) {
          case 'v':
            reading = undefined;
            break;
          case 'is':
            reading = undefined;
            break;
          case 't':
            inInlineText = false;
            break;
          case 'rPh':
            if (value !== undefined && type === 'inlineStr') reading = 'is';
            break;
          case 'c': {
            const text = cellText();
            if (text.trim() !== '') {
              if (column >= limits.maxColumns) {
                throw new XlsxError({ reason: 'too-many-columns', row, column });
              }
              while (cells.length < column) cells.push('');
              cells[column] = text;
            }
            break;
          }
          case 'row':
            if (cells.some((cell) => cell.trim() !== '')) {
              records.push({ row, cells: cells.map((cell) => cell.trim()) });
            }
            break;
        }
      },
      text(text) {
        if (reading === 'v' || (reading === 'is' && inInlineText)) value = (value ?? '') + text;
      },
    },
    context.pause,
  );
  return records;
}
