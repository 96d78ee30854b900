import { describe, it, expect } from 'vitest';
import {
  INVALID,
  parseCalidad,
  parseDisponibilidad,
  parsePieza,
  parseYear,
  parseYesNo,
  tidyText,
} from '../../sheet/variant-cells.ts';

describe('parseYesNo', () => {
  it.each(['sí', 'si', 'SI', 'Sí', ' SÍ ', 'x', 'X', '1', 'TRUE', 'VERDADERO'])(
    '%j is yes',
    (cell) => {
      expect(parseYesNo(cell)).toBe(true);
    },
  );

  it.each(['', '  ', 'no', 'NO', 'No', '0', 'FALSE', 'FALSO'])('%j is no', (cell) => {
    expect(parseYesNo(cell)).toBe(false);
  });

  it.each(['s', 'yes', 'tal vez', '2', 'sí sí', '-'])('%j is neither', (cell) => {
    expect(parseYesNo(cell)).toBe(INVALID);
  });
});

describe('parseYear', () => {
  it('reads four-digit years, also as a number cell with a zero decimal', () => {
    expect(parseYear('2019')).toBe(2019);
    expect(parseYear(' 1998 ')).toBe(1998);
    expect(parseYear('2019,0')).toBe(2019);
    expect(parseYear('2019.00')).toBe(2019);
  });

  it('leaves an empty cell open', () => {
    expect(parseYear('')).toBeUndefined();
    expect(parseYear('  ')).toBeUndefined();
  });

  it.each(['19', '20190', '2019,5', 'dos mil', "'19", '2.019', '2019-2020'])(
    '%j is not a year',
    (cell) => {
      expect(parseYear(cell)).toBe(INVALID);
    },
  );
});

describe('parsePieza and parseCalidad', () => {
  it('read the known values in any case and with or without accents', () => {
    expect(parsePieza('')).toBeUndefined();
    expect(parsePieza('Parabrisas')).toBe('parabrisas');
    expect(parsePieza('parabrisa')).toBe('parabrisas');
    expect(parsePieza('LUNETA')).toBe('luneta');
    expect(parsePieza('lunetas')).toBe('luneta');
    expect(parseCalidad('')).toBeUndefined();
    expect(parseCalidad('Original')).toBe('original');
    expect(parseCalidad(' EQUIVALENTE ')).toBe('equivalente');
  });

  it('refuse anything else', () => {
    expect(parsePieza('ventanilla')).toBe(INVALID);
    expect(parsePieza('parabrisas trasero')).toBe(INVALID);
    expect(parseCalidad('OEM')).toBe(INVALID);
    expect(parseCalidad('alternativa')).toBe(INVALID);
  });
});

describe('parseDisponibilidad', () => {
  it.each([
    ['en stock', { tipo: 'stock' }],
    ['En Stock', { tipo: 'stock' }],
    ['EN  STOCK', { tipo: 'stock' }],
    ['stock', { tipo: 'stock' }],
    ['a pedido', { tipo: 'pedido' }],
    ['A pedido', { tipo: 'pedido' }],
    ['a pedido 5 días', { tipo: 'pedido', dias: 5 }],
    ['a pedido 5 dias', { tipo: 'pedido', dias: 5 }],
    ['A PEDIDO 5 DÍAS', { tipo: 'pedido', dias: 5 }],
    ['a pedido (5 días)', { tipo: 'pedido', dias: 5 }],
    ['a pedido(10 dias)', { tipo: 'pedido', dias: 10 }],
    ['a pedido - 7 días', { tipo: 'pedido', dias: 7 }],
    ['a pedido 1 día', { tipo: 'pedido', dias: 1 }],
    ['a pedido 365 días', { tipo: 'pedido', dias: 365 }],
  ])('%j', (cell, expected) => {
    expect(parseDisponibilidad(cell)).toEqual(expected);
  });

  it('leaves an empty cell unsaid', () => {
    expect(parseDisponibilidad('')).toBeUndefined();
  });

  it.each([
    'sí',
    'sin stock',
    'a pedido 0 días',
    'a pedido 366 días',
    'a pedido 5',
    'pedido',
    '5 días',
  ])('%j is refused', (cell) => {
    expect(parseDisponibilidad(cell)).toBe(INVALID);
  });
});

describe('tidyText', () => {
  it('collapses spaces and drops empty cells', () => {
    expect(tidyText('  Cabina   doble ')).toBe('Cabina doble');
    expect(tidyText('')).toBeUndefined();
    expect(tidyText(undefined)).toBeUndefined();
  });
});
