import { describe, it, expect } from 'vitest';
import { decodeBytes, decodeWindows1252 } from '../../sheet/decode.ts';
import { recognise } from '../../sheet/read.ts';
import { detectDelimiter, readPriceSheet, readTable } from '../../sheet/read-csv.ts';
import { parsePriceSheet } from '../../sheet/validate.ts';

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const utf8 = (text: string) => Buffer.from(text, 'utf8');

function rowsOf(text: string) {
  const result = parsePriceSheet(text);
  if (!result.ok) throw new Error(result.problems.map((p) => p.message).join('\n'));
  return result.rows;
}

describe('decodeBytes', () => {
  it('reads UTF-8 strictly', () => {
    expect(decodeBytes(utf8('Citroën;C4'))).toEqual({ text: 'Citroën;C4', encoding: 'utf-8' });
  });

  it('strips a UTF-8 BOM', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('Marca;Modelo')]);
    expect(decodeBytes(bytes)).toEqual({ text: 'Marca;Modelo', encoding: 'utf-8' });
  });

  it('falls back to Windows-1252 for bytes that are not UTF-8 (ë = 0xEB, é = 0xE9)', () => {
    const bytes = latin1('Citroën;Précio');
    expect(bytes[5]).toBe(0xeb);
    expect(decodeBytes(bytes)).toEqual({ text: 'Citroën;Précio', encoding: 'windows-1252' });
  });

  it('reads the Windows-1252 characters that Latin-1 lacks (0x80 €, 0x92 ’, 0x96 –)', () => {
    // Node 20.18.3+ decodes these as C1 controls (nodejs/node#60888).
    const bytes = Buffer.concat([latin1('Fiat 500 '), Buffer.from([0x96, 0x20, 0x80, 0x92, 0x85])]);
    expect(decodeBytes(bytes)).toEqual({ text: 'Fiat 500 – €’…', encoding: 'windows-1252' });
  });

  it('maps every byte of 0x80–0x9F as the WHATWG index does', () => {
    const block = decodeWindows1252(Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i));
    expect([...block].map((char) => char.codePointAt(0))).toEqual([
      0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039,
      0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc,
      0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
    ]);
    expect(decodeWindows1252(latin1('Citroën ÁÉÍÓÚ ñ ü'))).toBe('Citroën ÁÉÍÓÚ ñ ü');
  });

  it('reads UTF-16 LE with its BOM (Excel "Texto Unicode")', () => {
    const bytes = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Marca\tModelo', 'utf16le'),
    ]);
    expect(decodeBytes(bytes)).toEqual({ text: 'Marca\tModelo', encoding: 'utf-16le' });
  });
});

describe('recognise', () => {
  it('tells workbooks, compound files, images and other binary files from text', () => {
    expect(recognise(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14]))).toBe('zip');
    expect(recognise(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe('cfb');
    expect(recognise(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0]))).toEqual({
      other: 'una imagen PNG',
    });
    expect(recognise(Buffer.from([0x4d, 0x00, 0x61]))).toEqual({ other: '' });
    expect(recognise(new Uint8Array())).toBe('empty');
    expect(recognise(utf8('Marca;Modelo;Precio\r\n'))).toBe('text');
    expect(recognise(Buffer.from('\uFEFFMarca\tModelo', 'utf16le'))).toBe('text');
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['Marca;Modelo;Precio;URL\r\nFord;Ka;185.000,00;', ';'],
    ['Marca,Modelo,Precio\nFord,Ka,"185.000,00"', ','],
    ['Marca\tModelo\tPrecio', '\t'],
    ['\r\n;;;\r\nMarca;Modelo;Precio', ';'],
    ['"Marca;x",Modelo,Precio', ','],
    ['\uFEFFMarca;Modelo;Precio', ';'],
    ['Marca', ','],
    ['', ','],
  ])('%j → %j', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });
});

describe('reading the price spreadsheet', () => {
  it('reads `;`-separated rows with CRLF', () => {
    expect(rowsOf('Marca;Modelo;Precio;URL\r\nFord;Fiesta;$ 185.000,00;\r\n')).toEqual([
      { marca: 'Ford', modelo: 'Fiesta', precio: 18_500_000, url: undefined },
    ]);
  });

  it('reads `,`-separated rows with LF and quoted prices with decimal commas', () => {
    expect(rowsOf('Marca,Modelo,Precio\nFord,Fiesta,"$ 1.234,56"\nFord,Ka,"185.000"\n')).toEqual([
      { marca: 'Ford', modelo: 'Fiesta', precio: 123_456, url: undefined },
      { marca: 'Ford', modelo: 'Ka', precio: 18_500_000, url: undefined },
    ]);
  });

  it('reads tab-separated rows and old Mac CR line endings', () => {
    expect(rowsOf('Marca\tModelo\tPrecio\rFord\tKa\t185000\r')).toEqual([
      { marca: 'Ford', modelo: 'Ka', precio: 18_500_000, url: undefined },
    ]);
  });

  it('never casts: `1.234` stays one thousand two hundred thirty-four pesos', () => {
    expect(rowsOf('Marca;Modelo;Precio\nFord;Ka;1.234\n')[0]?.precio).toBe(123_400);
  });

  it('ignores a BOM left in the text', () => {
    expect(rowsOf('\uFEFFMarca;Modelo;Precio\nFord;Ka;1000\n')).toHaveLength(1);
  });

  it('accepts header variants: spaces, any case, accents, any order', () => {
    expect(
      rowsOf(' Précio ;URL; Marca ;MODELO\r\n185000;https://tienda.example/ka;Ford;Ka\r\n'),
    ).toEqual([
      { marca: 'Ford', modelo: 'Ka', precio: 18_500_000, url: 'https://tienda.example/ka' },
    ]);
  });

  it('reads Windows-1252 bytes with accented text end to end', () => {
    const bytes = latin1(
      'Marca;Modelo;Précio\r\nCitroën;C4 Cactus;$ 312.000,00\r\nPeugeot;Partner Patagónica;250000\r\n',
    );
    expect(rowsOf(decodeBytes(bytes).text)).toEqual([
      { marca: 'Citroën', modelo: 'C4 Cactus', precio: 31_200_000, url: undefined },
      { marca: 'Peugeot', modelo: 'Partner Patagónica', precio: 25_000_000, url: undefined },
    ]);
  });

  it('skips blank rows, `;;;` rows included, but keeps Excel row numbers', () => {
    const sheet = readPriceSheet(
      'Marca;Modelo;Precio;URL\r\n\r\n;;;\r\n  ; ;\u00A0;\r\nFord;Ka;1000;\r\n',
    );
    expect(sheet.problems).toEqual([]);
    expect(sheet.rows).toEqual([{ row: 5, marca: 'Ford', modelo: 'Ka', precio: '1000', url: '' }]);
  });

  it('counts a quoted cell spanning two lines as one row, as Excel shows it', () => {
    const table = readTable(
      'Marca;Modelo;Precio\n"Ford\nArgentina";Ka;1000\nFord;Fiesta;2000\n',
      ';',
    );
    expect(table.records.map((record) => record.row)).toEqual([1, 2, 3]);
    expect(table.records[1]?.cells[0]).toBe('Ford\nArgentina');
  });

  it('takes a header preceded by blank rows at its own row number', () => {
    const sheet = readPriceSheet('\r\nMarca;Modelo;Precio\r\nFord;Ka;1000\r\n');
    expect(sheet.rows.map((row) => row.row)).toEqual([3]);
  });

  it('tolerates trailing untitled columns that stay empty', () => {
    const sheet = readPriceSheet(
      'Marca;Modelo;Precio;URL;;\r\nFord;Ka;1000;;;\r\nFord;Fiesta;2000;\r\n',
    );
    expect(sheet.problems).toEqual([]);
    expect(sheet.rows).toHaveLength(2);
  });

  it('trims cells, also around quotes typed after a space', () => {
    expect(rowsOf('Marca, Modelo, Precio\nFord, "Ka", "185.000,50"\n')).toEqual([
      { marca: 'Ford', modelo: 'Ka', precio: 18_500_050, url: undefined },
    ]);
  });

  it('keeps quotes inside an unquoted cell as text', () => {
    expect(rowsOf('Marca;Modelo;Precio\nFord;Ka "Street";1000\n')[0]?.modelo).toBe('Ka "Street"');
  });

  it('splits an unquoted decimal comma in a comma-separated file, which then shows as a ragged row', () => {
    const sheet = readPriceSheet('Marca,Modelo,Precio\nFord,Ka,185.000,50\n');
    expect(sheet.rows).toEqual([]);
    expect(sheet.problems.map((p) => p.row)).toEqual([2]);
  });
});
