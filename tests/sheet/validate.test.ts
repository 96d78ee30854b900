import { SAMPLE_STAMP } from '../helpers/sample.ts';
import { describe, it, expect } from 'vitest';
import { buildFromFile } from '../../sheet/build.ts';
import { columnLetter } from '../../sheet/problems.ts';
import { parsePriceSheet } from '../../sheet/validate.ts';

const HEADER = 'Marca;Modelo;Precio;URL\r\n';
const COLUMNS = 'Las columnas son Marca, Modelo, Precio y, si querés, URL.';
const OPTIONAL =
  'Para versiones y lunetas también: Pieza, Año desde, Año hasta, Versión, Sensor de lluvia, Cámara, Calefaccionado, Acústico, Franja, Calidad, Marca del vidrio, Disponibilidad, Código.';

/** The owner-facing messages for a spreadsheet, in order. */
function messages(text: string): string[] {
  const result = parsePriceSheet(text);
  return result.ok ? [] : result.problems.map((problem) => problem.message);
}

async function fileMessages(bytes: Uint8Array): Promise<string[]> {
  const result = await buildFromFile(bytes, SAMPLE_STAMP);
  return result.ok ? [] : result.problems.map((problem) => problem.message);
}

describe('valid rows', () => {
  it('become priced rows, with tidy names and no url when the cell is empty', () => {
    const result = parsePriceSheet(
      `${HEADER}  Peugeot ;208   GT;$ 212.345,50;\r\nToyota;Hilux;598000; https://mpago.la/abc \r\n`,
    );
    expect(result).toEqual({
      ok: true,
      rows: [
        { marca: 'Peugeot', modelo: '208 GT', precio: 21_234_550, url: undefined },
        { marca: 'Toyota', modelo: 'Hilux', precio: 59_800_000, url: 'https://mpago.la/abc' },
      ],
    });
  });

  it('accepts http and https links', () => {
    expect(messages(`${HEADER}Ford;Ka;1000;http://tienda.example/ka\r\n`)).toEqual([]);
    expect(messages(`${HEADER}Ford;Ka;1000;https://tienda.example/ka?x=1\r\n`)).toEqual([]);
  });
});

describe('whole-file problems', () => {
  it('empty file', async () => {
    const expected = [
      `El archivo está vacío. Usá la planilla de precios (Excel .xlsx o CSV), con los títulos en la fila 1 y un modelo por fila. ${COLUMNS}`,
    ];
    expect(messages('')).toEqual(expected);
    expect(messages('\r\n\r\n')).toEqual(expected);
    expect(messages(';;;\r\n;;;\r\n')).toEqual(expected);
    expect(await fileMessages(new Uint8Array())).toEqual(expected);
  });

  it('header but no models', () => {
    expect(messages(HEADER)).toEqual([
      'Fila 1: están los títulos pero ningún modelo debajo. Agregá una fila por modelo con su marca, modelo y precio.',
    ]);
  });

  it('a broken Excel workbook', async () => {
    expect(await fileMessages(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]))).toEqual([
      'No se pudo abrir la planilla .xlsx: el archivo está dañado o incompleto. Abrila en Excel o LibreOffice, guardala de nuevo y usá ese archivo.',
    ]);
  });

  it('an image', async () => {
    expect(await fileMessages(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]))).toEqual([
      'El archivo no es una planilla (parece una imagen PNG). Usá la planilla de precios guardada como Excel (.xlsx) o como CSV.',
    ]);
  });
});

describe('header problems', () => {
  it('missing columns, one message each', () => {
    expect(messages('Marca;URL\r\nFord;\r\n')).toEqual([
      `Fila 1: falta la columna "modelo". Agregala con ese título. ${COLUMNS}`,
      `Fila 1: falta la columna "precio". Agregala con ese título. ${COLUMNS}`,
    ]);
  });

  it('unknown columns, named as written', () => {
    expect(messages('Marca;Modelo;Precio;Precio contado;Notas\r\nFord;Ka;1000;900;x\r\n')).toEqual([
      `Fila 1, columna "Precio contado": no es una columna conocida. Borrala o corregí el título. ${COLUMNS} ${OPTIONAL}`,
      `Fila 1, columna "Notas": no es una columna conocida. Borrala o corregí el título. ${COLUMNS} ${OPTIONAL}`,
    ]);
  });

  it('a column twice', () => {
    expect(messages('Marca;Precio;Modelo;PRECIO\r\nFord;1;Ka;2\r\n')).toEqual([
      'Fila 1, columna "precio": aparece más de una vez (columnas B y D). Dejá una sola.',
    ]);
  });

  it('no header row at all', () => {
    expect(messages('Ford;Fiesta;185000;\r\nFord;Ka;150000;\r\n')).toEqual([
      'Fila 1: tendría que tener los títulos de las columnas y tiene "Ford", "Fiesta", "185000". Agregá arriba de todo una fila con los títulos Marca, Modelo, Precio y, si querés, URL.',
    ]);
  });

  it('data in a column without a title', () => {
    expect(messages('Marca;;Modelo;Precio\r\nFord;;Ka;1000\r\nFord;ojo;Fiesta;2000\r\n')).toEqual([
      'Fila 3, columna B: tiene "ojo" pero esa columna no tiene título. Borrá el dato o ponele título a la columna.',
    ]);
  });

  it('numbers columns as Excel letters', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });
});

describe('cell problems', () => {
  it.each([
    [
      ';Ka;1000;',
      'Fila 2, columna "marca": está vacía. Escribí la marca del auto (por ejemplo Ford).',
    ],
    [
      'Ford; ;1000;',
      'Fila 2, columna "modelo": está vacía. Escribí el modelo del auto (por ejemplo Fiesta).',
    ],
    [
      'Ford;¿?;1000;',
      'Fila 2, columna "modelo": "¿?" no tiene letras ni números. Escribí el modelo del auto (por ejemplo Fiesta).',
    ],
    [
      'Ford;Ka;;',
      'Fila 2, columna "precio": está vacía. Escribí el precio, por ejemplo 185000 o $ 185.000,00.',
    ],
    [
      'Ford;Ka;abc;',
      'Fila 2, columna "precio": "abc" no es un precio válido. Escribilo como 185000 o $ 185.000,00.',
    ],
    [
      'Ford;Ka;1.23.4;',
      'Fila 2, columna "precio": "1.23.4" no es un precio válido. Escribilo como 185000 o $ 185.000,00.',
    ],
    [
      'Ford;Ka;1,234;',
      'Fila 2, columna "precio": "1,234" tiene más de dos decimales (la coma separa los centavos). Escribilo como 185000 o $ 185.000,00.',
    ],
    [
      'Ford;Ka;$ 0,00;',
      'Fila 2, columna "precio": "$ 0,00" es cero. Escribí el precio de venta; si ya no lo vendés, borrá la fila.',
    ],
    [
      'Ford;Ka;-185000;',
      'Fila 2, columna "precio": "-185000" es negativo. Escribí el precio sin el signo menos.',
    ],
    [
      'Ford;Ka;99999999999999999;',
      'Fila 2, columna "precio": "99999999999999999" es demasiado grande. Revisá que no sobren dígitos.',
    ],
    [
      'Ford;Ka;1000;www.tienda.com',
      'Fila 2, columna "url": "www.tienda.com" no es un enlace válido. Tiene que empezar con https:// (por ejemplo https://tienda.com/parabrisas); si no hay enlace, dejá la celda vacía y el botón Comprar abre WhatsApp.',
    ],
    [
      'Ford;Ka;1000;javascript:alert(1)',
      'Fila 2, columna "url": "javascript:alert(1)" no es un enlace válido. Tiene que empezar con https:// (por ejemplo https://tienda.com/parabrisas); si no hay enlace, dejá la celda vacía y el botón Comprar abre WhatsApp.',
    ],
  ])('%j', (line, message) => {
    expect(messages(`${HEADER}${line}\r\n`)).toEqual([message]);
  });

  it('duplicate brand and model, compared by slug, naming both rows', () => {
    expect(
      messages(
        `${HEADER}Peugeot;208 GT;1000;\r\nFord;Ka;1000;\r\npeugeot;208-gt;2000;\r\nPEUGEOT;208  gt;3000;\r\n`,
      ),
    ).toEqual([
      'Fila 4, columna "modelo": "peugeot 208-gt" repite el modelo "Peugeot 208 GT" de la fila 2. Dejá una sola fila por modelo.',
      'Fila 5, columna "modelo": "PEUGEOT 208 gt" repite el modelo "Peugeot 208 GT" de la fila 2. Dejá una sola fila por modelo.',
    ]);
  });

  it('the same model name under two brands is not a duplicate', () => {
    expect(messages(`${HEADER}Ford;Ranger;1000;\r\nChevrolet;Ranger;1000;\r\n`)).toEqual([]);
  });
});

describe('row structure problems', () => {
  it('ragged rows, both with cells too many and too few', () => {
    expect(
      messages(`${HEADER}Ford;Ka;1000;;de más\r\nFord;Fiesta\r\nFord;Focus;1000;;;\r\n`),
    ).toEqual([
      'Fila 2: tiene 5 celdas y la fila de títulos tiene 4. Revisá que no sobre ni falte un ";" en "Ford;Ka;1000;;de más".',
      'Fila 3: tiene 2 celdas y la fila de títulos tiene 4. Revisá que no sobre ni falte un ";" en "Ford;Fiesta".',
    ]);
  });

  it('a ragged row in a comma file hints at unquoted decimal commas', () => {
    expect(messages('Marca,Modelo,Precio\nFord,Ka,185.000,50\n')).toEqual([
      'Fila 2: tiene 4 celdas y la fila de títulos tiene 3. Revisá que no sobre ni falte un "," en "Ford,Ka,185.000,50". Si un precio lleva coma decimal, ponelo entre comillas ("185.000,50") o escribilo sin centavos.',
    ]);
  });

  it('an unclosed quote, at the row where it opens', () => {
    expect(
      messages(`${HEADER}Ford;Ka;1000;\r\n\r\nFord;"Fiesta;2000;\r\nFord;Focus;3000;\r\n`),
    ).toEqual([
      'Fila 4: unas comillas (") abren y nunca cierran, así que no pude leer la planilla desde esta fila. Cerrá las comillas o borralas.',
    ]);
  });

  it('text after a closing quote', () => {
    expect(messages(`${HEADER}Ford;"Ka" Street;1000;\r\n`)).toEqual([
      'Fila 2: después de unas comillas (") que cierran una celda sigue más texto, así que no pude leer la planilla desde esta fila. Poné la celda entera entre comillas o borralas.',
    ]);
  });
});

describe('every problem at once', () => {
  it('lists all of them in row order, each with its row, column and value', () => {
    const text =
      'Marca;Modelo;Precio;URL;Notas\r\n' +
      'Ford;Fiesta;abc;;\r\n' +
      ';;;;\r\n' +
      'Ford;;0;;\r\n' +
      'Peugeot;208 GT;185.000;ftp://x;\r\n' +
      'peugeot;208-gt;-5;;\r\n' +
      'Ford;Ka;185.000;50;x;y\r\n' +
      'Ford;Focus;1000;;\r\n' +
      '"Fiat;Uno;1000;;\r\n';
    const result = parsePriceSheet(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map(({ row, column, value }) => [row, column, value])).toEqual([
      [1, 'Notas', 'Notas'],
      [2, 'precio', 'abc'],
      [4, 'modelo', ''],
      [4, 'precio', '0'],
      [5, 'url', 'ftp://x'],
      [6, 'modelo', 'peugeot 208-gt'],
      [6, 'precio', '-5'],
      [7, undefined, 'Ford;Ka;185.000;50;x;y'],
      [9, undefined, undefined],
    ]);
    expect(result.problems.map((problem) => problem.message)).toEqual([
      `Fila 1, columna "Notas": no es una columna conocida. Borrala o corregí el título. ${COLUMNS} ${OPTIONAL}`,
      'Fila 2, columna "precio": "abc" no es un precio válido. Escribilo como 185000 o $ 185.000,00.',
      'Fila 4, columna "modelo": está vacía. Escribí el modelo del auto (por ejemplo Fiesta).',
      'Fila 4, columna "precio": "0" es cero. Escribí el precio de venta; si ya no lo vendés, borrá la fila.',
      'Fila 5, columna "url": "ftp://x" no es un enlace válido. Tiene que empezar con https:// (por ejemplo https://tienda.com/parabrisas); si no hay enlace, dejá la celda vacía y el botón Comprar abre WhatsApp.',
      'Fila 6, columna "modelo": "peugeot 208-gt" repite el modelo "Peugeot 208 GT" de la fila 5. Dejá una sola fila por modelo.',
      'Fila 6, columna "precio": "-5" es negativo. Escribí el precio sin el signo menos.',
      'Fila 7: tiene 6 celdas y la fila de títulos tiene 5. Revisá que no sobre ni falte un ";" en "Ford;Ka;185.000;50;x;y".',
      'Fila 9: unas comillas (") abren y nunca cierran, así que no pude leer la planilla desde esta fila. Cerrá las comillas o borralas.',
    ]);
  });

  it('finds duplicates among 20.000 rows without slowing down', () => {
    const lines = [HEADER];
    for (let i = 0; i < 20_000; i += 1) lines.push(`Marca ${i % 2500};Modelo ${i};1000;\r\n`);
    lines.push('marca 7;MODELO 7;2000;\r\n');
    const started = performance.now();
    expect(messages(lines.join(''))).toEqual([
      'Fila 20002, columna "modelo": "marca 7 MODELO 7" repite el modelo "Marca 7 Modelo 7" de la fila 9. Dejá una sola fila por modelo.',
    ]);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('the optional version columns', () => {
  const FULL =
    'Marca;Modelo;Precio;Pieza;Año desde;Año hasta;Versión;Sensor de lluvia;Cámara;Calefaccionado;Acústico;Franja;Calidad;Marca del vidrio;Disponibilidad;Código\r\n';
  const today = new Date('2026-11-22T12:00:00Z');
  const parse = (rows: string) => parsePriceSheet(`${FULL}${rows}`, today);
  const problemsOf = (rows: string) => {
    const result = parse(rows);
    return result.ok ? [] : result.problems.map(({ row, column, value }) => [row, column, value]);
  };
  const messagesOf = (rows: string) => {
    const result = parse(rows);
    return result.ok ? [] : result.problems.map((problem) => problem.message);
  };

  it('read into the row: piece, variant and availability', () => {
    expect(
      parse(
        'Toyota;Hilux;$ 1.295.000,00;Parabrisas;2021;;  SRX ;SÍ;x;;;0;Original;Pilkington;A pedido (10 días);8463AGSMVZ\r\n' +
          'Toyota;Hilux;189000;luneta;2016;2020;Cabina doble;;;1;;;equivalente;;en stock;\r\n',
      ),
    ).toEqual({
      ok: true,
      rows: [
        {
          marca: 'Toyota',
          modelo: 'Hilux',
          precio: 129_500_000,
          url: undefined,
          pieza: 'parabrisas',
          variante: {
            anioDesde: 2021,
            anioHasta: undefined,
            version: 'SRX',
            caracteristicas: ['sensorLluvia', 'camara'],
            calidad: 'original',
            marcaVidrio: 'Pilkington',
            codigo: '8463AGSMVZ',
          },
          disponibilidad: { tipo: 'pedido', dias: 10 },
        },
        {
          marca: 'Toyota',
          modelo: 'Hilux',
          precio: 18_900_000,
          url: undefined,
          pieza: 'luneta',
          variante: {
            anioDesde: 2016,
            anioHasta: 2020,
            version: 'Cabina doble',
            caracteristicas: ['calefaccionado'],
            calidad: 'equivalente',
            marcaVidrio: undefined,
            codigo: undefined,
          },
          disponibilidad: { tipo: 'stock' },
        },
      ],
    });
  });

  it('leave a row whose optional cells are empty exactly as an old sheet gives it', () => {
    const result = parse('Ford;Ka;185000;;;;;;;;;;;;;\r\n');
    expect(result.ok && result.rows[0]).toStrictEqual({
      marca: 'Ford',
      modelo: 'Ka',
      precio: 18_500_000,
      url: undefined,
      pieza: undefined,
      variante: undefined,
      disponibilidad: undefined,
    });
  });

  it('several rows per model are its versions; the same variant twice is refused, naming both rows', () => {
    expect(
      problemsOf(
        'Toyota;Hilux;100;;2016;2020;;sí;;;;;;;;\r\n' +
          'Toyota;Hilux;200;;2016;2020;;sí;x;;;;;;;\r\n' +
          'Toyota;Hilux;300;luneta;2016;2020;;sí;;;;;;;;\r\n' +
          'TOYOTA;hilux;400;parabrisas;2016;2020;;1;;;;;;;a pedido;\r\n',
      ),
    ).toEqual([[5, 'modelo', 'TOYOTA hilux']]);
    expect(
      messagesOf(
        'Fiat;Cronos;100;;2018;;Drive;;;;;;;;;\r\nFiat;Cronos;110;;2018;;drive;;;;;;;;;\r\n',
      ),
    ).toEqual([
      'Fila 3, columna "modelo": "Fiat Cronos" repite la fila 2: misma marca, modelo y pieza, y las mismas columnas de versión (años, Versión, características, Calidad, Marca del vidrio y Código). Dejá una sola fila o cambiá lo que diferencia a las dos versiones.',
    ]);
  });

  it('a feature cell that is not yes or no', () => {
    expect(messagesOf('Ford;Ka;1000;;;;;talvez;;;;;;;;\r\nFord;Ka;1000;;;;;;;;;2;;;;\r\n')).toEqual(
      [
        'Fila 2, columna "Sensor de lluvia": "talvez" no es sí ni no. Escribí sí (o x, o 1) si la versión lo tiene, y no (o 0, o dejá la celda vacía) si no.',
        'Fila 3, columna "Franja": "2" no es sí ni no. Escribí sí (o x, o 1) si la versión lo tiene, y no (o 0, o dejá la celda vacía) si no.',
      ],
    );
  });

  it('years between 1950 and next year, and Año desde not after Año hasta', () => {
    expect(
      problemsOf(
        'Ford;Ka;1000;;1949;;;;;;;;;;;\r\n' +
          'Ford;Ka;1001;;;2028;;;;;;;;;;\r\n' +
          'Ford;Ka;1002;;2020;2015;;;;;;;;;;\r\n' +
          'Ford;Ka;1003;;dos mil;;;;;;;;;;;\r\n' +
          'Ford;Ka;1004;;1950;2027;;;;;;;;;;\r\n',
      ),
    ).toEqual([
      [2, 'Año desde', '1949'],
      [3, 'Año hasta', '2028'],
      [4, 'Año desde', '2020'],
      [5, 'Año desde', 'dos mil'],
    ]);
    expect(
      messagesOf('Ford;Ka;1000;;2020;2015;;;;;;;;;;\r\nFord;Ka;1000;;2030;;;;;;;;;;;\r\n'),
    ).toEqual([
      'Fila 2, columna "Año desde": "2020" es posterior al "Año hasta" 2015. Revisá los años o intercambialos.',
      'Fila 3, columna "Año desde": "2030" no es un año entre 1950 y 2027. Escribí el año con cuatro cifras (por ejemplo 2019) o dejá la celda vacía si no hay límite.',
    ]);
  });

  it('next year follows the build date', () => {
    const row = 'Ford;Ka;1000;;2028;;;;;;;;;;;\r\n';
    expect(parsePriceSheet(`${FULL}${row}`, new Date('2027-01-01T12:00:00Z')).ok).toBe(true);
    expect(parsePriceSheet(`${FULL}${row}`, today).ok).toBe(false);
  });

  it('an unknown Pieza, Calidad or Disponibilidad', () => {
    expect(messagesOf('Ford;Ka;1000;ventanilla;;;;;;;;;OEM;;sin stock;\r\n')).toEqual([
      'Fila 2, columna "Pieza": "ventanilla" no es una pieza conocida. Escribí parabrisas o luneta (vacía es parabrisas).',
      'Fila 2, columna "Calidad": "OEM" no es una calidad conocida. Escribí original o equivalente, o dejá la celda vacía.',
      'Fila 2, columna "Disponibilidad": "sin stock" no se entiende. Escribí en stock, a pedido o a pedido 5 días (de 1 a 365 días), o dejá la celda vacía.',
    ]);
  });

  it('lists the optional columns’ problems after those of the first columns, and keeps no row', () => {
    const result = parse('Ford;;abc;luna;;;;;;;;;;;;\r\n');
    expect(result.ok).toBe(false);
    expect(result.rows).toEqual([]);
    expect(result.ok ? [] : result.problems.map((p) => p.column)).toEqual([
      'modelo',
      'precio',
      'Pieza',
    ]);
  });
});
