import { describe, it, expect } from 'vitest';
import { columnName, columnOf } from '../../sheet/columns.ts';
import { readHeader } from '../../sheet/header.ts';

describe('columnOf', () => {
  it.each([
    ['Pieza', 'pieza'],
    ['Año desde', 'anioDesde'],
    ['AÑO HASTA', 'anioHasta'],
    ['ano  desde', 'anioDesde'],
    ['Versión', 'version'],
    ['version', 'version'],
    ['Sensor de lluvia', 'sensorLluvia'],
    ['SENSOR DE LLUVIA', 'sensorLluvia'],
    ['Cámara', 'camara'],
    ['camara', 'camara'],
    ['Calefaccionado', 'calefaccionado'],
    ['Acústico', 'acustico'],
    ['Franja', 'franja'],
    ['Calidad', 'calidad'],
    ['Marca del vidrio', 'marcaVidrio'],
    ['Disponibilidad', 'disponibilidad'],
    ['Código', 'codigo'],
    ['CODIGO', 'codigo'],
    [' Precio ', 'precio'],
  ])('%j is %s', (title, column) => {
    expect(columnOf(title)).toBe(column);
  });

  it('knows no other titles', () => {
    expect(columnOf('Sensor')).toBeUndefined();
    expect(columnOf('anioDesde')).toBeUndefined();
    expect(columnOf('Notas')).toBeUndefined();
  });
});

describe('readHeader with the optional columns', () => {
  it('finds each column wherever it is', () => {
    const header = readHeader(
      ['Código', 'marca', 'MODELO', 'Año Desde', 'precio', 'Cámara', 'Disponibilidad'],
      1,
    );
    expect(header.problems).toEqual([]);
    expect(header.columns).toMatchObject({
      codigo: 0,
      marca: 1,
      modelo: 2,
      anioDesde: 3,
      precio: 4,
      camara: 5,
      disponibilidad: 6,
      url: undefined,
      franja: undefined,
    });
  });

  it('names a repeated optional column by its title', () => {
    const header = readHeader(['Marca', 'Modelo', 'Precio', 'Cámara', 'camara'], 1);
    expect(header.columns).toBeUndefined();
    expect(header.problems.map((p) => p.message)).toEqual([
      'Fila 1, columna "Cámara": aparece más de una vez (columnas D y E). Dejá una sola.',
    ]);
    expect(columnName('precio')).toBe('precio');
    expect(columnName('marcaVidrio')).toBe('Marca del vidrio');
  });
});
