import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFromFile } from '../../sheet/build.ts';
import { SHEET_LIMITS } from '../../sheet/limits.ts';
import { readSheetFile } from '../../sheet/read.ts';
import { columnIndex, dateText, isDateFormat, numberText } from '../../sheet/xlsx.ts';
import { projectRoot } from '../../server/paths.ts';
import { SAMPLE_STAMP } from '../helpers/sample.ts';
import {
  makeDocx,
  makeEncryptedWorkbook,
  makeOldXls,
  makeXlsx,
  makeZipBomb,
} from '../helpers/xlsx.ts';

const fixture = (path: string) => readFile(join(projectRoot, 'tests/fixtures', path));

/** The five CSV shapes the CLI reads (see tests/cli/catalogue-cli.int.test.ts) and two workbooks. */
const SAME_SHEET = [
  'csv/versiones-excel-1252.csv',
  'csv/versiones-excel-utf8.csv',
  'csv/versiones-libreoffice-coma.csv',
  'csv/versiones-libreoffice-punto-y-coma.csv',
  'csv/versiones-google-sheets.csv',
  // LibreOffice's conversion of the CSV: prices as text ("655000,00"), yes/no as 1/0 numbers.
  'xlsx/versiones-libreoffice.xlsx',
  // LibreOffice's conversion of versiones-formulas.fods: a first sheet "Notas" and the sheet
  // "Precios"; prices as currency numbers, two of them formulas; a year as a date shown "yyyy";
  // TRUE/FALSE cells; "312.000" as text; accents.
  'xlsx/versiones-formulas.xlsx',
];

async function messagesOf(bytes: Uint8Array, limits = SHEET_LIMITS): Promise<string[]> {
  const result = await buildFromFile(bytes, SAMPLE_STAMP, { limits });
  return result.ok ? [] : result.problems.map((problem) => problem.message);
}

describe('the same sheet as .xlsx and as every CSV shape', () => {
  it('builds the same catalogue, byte for byte', async () => {
    const built = await Promise.all(
      SAME_SHEET.map(async (name) => {
        const result = await buildFromFile(await fixture(name), SAMPLE_STAMP);
        if (!result.ok) throw new Error(`${name}: ${result.problems[0]?.message}`);
        return { name, json: result.json, kind: result.kind };
      }),
    );
    const [reference] = built;
    expect(reference?.json).toContain('"Citroën"');
    for (const { json } of built) expect(json).toBe(reference?.json);
    expect(built.map((b) => b.kind)).toEqual(['csv', 'csv', 'csv', 'csv', 'csv', 'xlsx', 'xlsx']);
  });

  it('reads the sheet named "Precios", not the first one, and tells its name', async () => {
    const read = await readSheetFile(await fixture('xlsx/versiones-formulas.xlsx'));
    expect(read.ok && read.sheetName).toBe('Precios');
    expect(read.ok && read.sheet.rows.map((row) => row.precio)).toEqual([
      '655000',
      '1295000',
      '189000,5',
      '312.000',
      '244000',
    ]);
    expect(read.ok && read.sheet.rows[0]?.anioDesde).toBe('2016');
  });

  it('numbers the rows as the spreadsheet does, blank rows included', async () => {
    const bytes = makeXlsx([
      ['Marca', 'Modelo', 'Precio'],
      ['Ford', 'Ka', '185000'],
      [],
      ['Ford', 'Fiesta', 'abc'],
    ]);
    expect(await messagesOf(bytes)).toEqual([
      'Fila 4, columna "precio": "abc" no es un precio válido. Escribilo como 185000 o $ 185.000,00.',
    ]);
  });

  it('a value right of the titled columns is a column without a title', async () => {
    const bytes = makeXlsx([
      ['Marca', 'Modelo', 'Precio'],
      ['Ford', 'Ka', '185000', 'nota'],
    ]);
    expect(await messagesOf(bytes)).toEqual([
      'Fila 2, columna D: tiene "nota" pero esa columna no tiene título. Borrá el dato o ponele título a la columna.',
    ]);
  });
});

describe('bad files get one clear message and build nothing', () => {
  const COLUMNS = 'Las columnas son Marca, Modelo, Precio y, si querés, URL.';

  it.each([
    [
      'an empty file',
      () => new Uint8Array(),
      `El archivo está vacío. Usá la planilla de precios (Excel .xlsx o CSV), con los títulos en la fila 1 y un modelo por fila. ${COLUMNS}`,
    ],
    [
      'a PNG renamed .xlsx',
      () => Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
      'El archivo no es una planilla (parece una imagen PNG). Usá la planilla de precios guardada como Excel (.xlsx) o como CSV.',
    ],
    [
      'a Word document renamed .xlsx',
      makeDocx,
      'El archivo no es una planilla (parece un documento de Word). Usá la planilla de precios guardada como Excel (.xlsx) o como CSV.',
    ],
    [
      'a workbook with a password',
      makeEncryptedWorkbook,
      'La planilla tiene contraseña, así que no se puede leer. En Excel: Archivo > Información > Proteger libro > Cifrar con contraseña, borrá la contraseña, guardá y usá ese archivo.',
    ],
    [
      'an old .xls',
      makeOldXls,
      'El archivo es una planilla de Excel antigua (.xls). Abrila en Excel y elegí Archivo > Guardar como > "Libro de Excel (.xlsx)", y usá ese archivo.',
    ],
    [
      'a truncated workbook',
      () => makeXlsx([['Marca', 'Modelo', 'Precio']]).subarray(0, 200),
      'No se pudo abrir la planilla .xlsx: el archivo está dañado o incompleto. Abrila en Excel o LibreOffice, guardala de nuevo y usá ese archivo.',
    ],
  ])('%s', async (_name, make, message) => {
    expect(await messagesOf(make())).toEqual([message]);
  });

  it('a sheet without the columns', async () => {
    const messages = await messagesOf(
      makeXlsx([
        ['Nombre', 'Valor'],
        ['Ford Ka', '185000'],
      ]),
    );
    expect(messages[0]).toMatch(/^Fila 1: tendría que tener los títulos de las columnas/);
  });

  const TOO_BIG_INSIDE =
    'La planilla .xlsx es demasiado grande por dentro (tiene demasiadas partes o demasiados datos) para ser una planilla de precios. Guardala de nuevo solo con la hoja de precios, sin imágenes, y probá de nuevo.';

  it('a zip bomb that declares its size', async () => {
    const bomb = makeZipBomb(200 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(400 * 1024);
    expect(await messagesOf(bomb)).toEqual([TOO_BIG_INSIDE]);
  });

  it('a zip bomb that lies about its size: stopped by counting, not by its word', async () => {
    // 1 GB of spaces declared as 1,000 bytes. The reader keeps at most its 80 MB limit
    // unpacked: read whole it would add a gigabyte, so 400 MB tells the two apart on a
    // machine whose other tests move the resident size by tens of megabytes.
    const bomb = makeZipBomb(1024 * 1024 * 1024, 1000);
    const before = process.memoryUsage().rss;
    expect(await messagesOf(bomb)).toEqual([TOO_BIG_INSIDE]);
    expect(process.memoryUsage().rss - before).toBeLessThan(400 * 1024 * 1024);
  }, 30_000);

  it('too many parts in the zip', async () => {
    const parts = Object.fromEntries(
      Array.from({ length: 600 }, (_, i) => [`xl/media/image${i}.png`, new Uint8Array(1)]),
    );
    expect(await messagesOf(makeXlsx([['Marca']], parts))).toEqual([TOO_BIG_INSIDE]);
  });

  it('a file over 10 MB (50 MB)', async () => {
    expect(await messagesOf(new Uint8Array(50 * 1024 * 1024))).toEqual([
      'El archivo pesa 50 MB y el máximo es 10 MB. Una planilla de precios pesa mucho menos: guardala solo con la hoja de precios, sin imágenes, y probá de nuevo.',
    ]);
  });

  const TOO_MANY_ROWS =
    'Fila 50.001: la planilla llega por lo menos hasta la fila 50.001 y el máximo es 50.000 filas. Borrá las filas que sobran (también las vacías con formato, al final) y probá de nuevo.';

  it('300,000 rows as .xlsx', async () => {
    const rows = [
      ['Marca', 'Modelo', 'Precio'],
      ...Array.from({ length: 300_000 }, (_, i) => ['Ford', `M${i}`, '1000']),
    ];
    expect(await messagesOf(makeXlsx(rows))).toEqual([TOO_MANY_ROWS]);
  }, 30_000);

  it('300,000 rows as CSV', async () => {
    const text = `Marca;Modelo;Precio\n${'Ford;Ka;1000\n'.repeat(300_000)}`;
    expect(await messagesOf(new TextEncoder().encode(text))).toEqual([TOO_MANY_ROWS]);
  });

  it('a workbook whose reading takes too long', async () => {
    let now = 0;
    const clock = () => (now += 1_000);
    const bytes = makeXlsx([['Marca', 'Modelo', 'Precio']]);
    const read = await readSheetFile(bytes, {
      clock,
      limits: { ...SHEET_LIMITS, maxMillis: 2_000 },
    });
    expect(read.ok ? [] : read.problems.map((p) => p.message)).toEqual([
      'Leer la planilla tardó más de 2 segundos y se dejó de leer. Revisá que sea la planilla de precios (sin otras hojas ni imágenes) y probá de nuevo.',
    ]);
  });
});

describe('cell values', () => {
  it.each([
    ['185000', '185000'],
    ['189000.5', '189000,5'],
    ['59800.000000000007', '59800'],
    ['0.1', '0,1'],
    ['abc', 'abc'],
  ])('number %s reads as %s', (raw, text) => {
    expect(numberText(raw)).toBe(text);
  });

  it('dates read as dd/mm/aaaa, or the year alone for a year-only format', () => {
    expect(dateText(45366, 'dd/mm/yyyy', false)).toBe('15/03/2024');
    expect(dateText(45366, 'yyyy', false)).toBe('2024');
    expect(dateText(43905, 'dd/mm/yyyy', true)).toBe('16/03/2024');
  });

  it('tells date formats from number formats', () => {
    expect(isDateFormat('dd/mm/yyyy')).toBe(true);
    expect(isDateFormat('yyyy')).toBe(true);
    expect(isDateFormat('#,##0.00\\ [$ARS]')).toBe(false);
    expect(isDateFormat('"$" #,##0')).toBe(false);
    expect(isDateFormat('General')).toBe(false);
    expect(isDateFormat(undefined)).toBe(false);
  });

  it('column letters', () => {
    expect(columnIndex('A1')).toBe(0);
    expect(columnIndex('AA10')).toBe(26);
    expect(columnIndex('12')).toBeUndefined();
  });
});
