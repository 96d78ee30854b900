import { describe, expect, it } from 'vitest';
import { defaultDocument } from '../../../client/facts/defaults.ts';
import {
  checkSection,
  editRows,
  formValues,
  parsePesos,
  readForm,
  rowCount,
  ROWS_FIELD,
} from '../../../client/panel/business-form.ts';

describe("Datos del negocio's forms", () => {
  it.each([
    ['15.000', 1_500_000],
    ['$ 15000', 1_500_000],
    ['15.000,50', 1_500_050],
    ['-15.000', -1_500_000],
    ['15,000.00', Number.NaN],
    ['quince mil', Number.NaN],
  ])('reads the pesos the owner types: %s', (typed, centavos) => {
    expect(parsePesos(typed)).toEqual(centavos);
  });

  it('shows the live section as typed, and reads the same facts back', () => {
    for (const section of [
      'contact',
      'fiscal',
      'hours',
      'closedDays',
      'zones',
      'booking',
      'privacy',
      'counters',
    ] as const) {
      const values = formValues(section, defaultDocument);
      const checked = checkSection(section, values, defaultDocument);
      expect(checked, section).toEqual({ ok: true, document: defaultDocument });
    }
  });

  it('reads only the fields of the section, and only as many rows as the form says', () => {
    const posted = new Map<string, string>([
      [ROWS_FIELD, '1'],
      ['zones.0.locality', 'Maimará'],
      ['zones.0.fee.kind', 'surcharge'],
      ['zones.0.fee.amount', '20.000'],
      ['zones.1.locality', 'Colada'],
      ['contact.name', 'Otro'],
    ]);
    expect(readForm('zones', (name) => posted.get(name))).toEqual({
      'zones.0.locality': 'Maimará',
      'zones.0.fee.kind': 'surcharge',
      'zones.0.fee.amount': '20.000',
    });
  });

  it('adds, removes and moves rows with plain buttons', () => {
    const values = formValues('zones', defaultDocument);
    const rows = rowCount('zones', values);
    const added = editRows('zones', values, 'fila:agregar');
    expect(added && rowCount('zones', added)).toBe(rows + 1);
    const moved = editRows('zones', values, 'fila:subir:3');
    expect(moved?.['zones.2.locality']).toBe('Perico');
    expect(moved?.['zones.3.locality']).toBe('Yala');
    const removed = editRows('zones', values, 'fila:quitar:0');
    expect(removed?.['zones.0.locality']).toBe('Palpalá');
    expect(editRows('zones', values, 'revisar')).toBeUndefined();
    expect(editRows('contact', values, 'fila:agregar')).toBeUndefined();
  });

  it('puts each problem next to the field it came from, past the empty rows', () => {
    const values = {
      ...formValues('zones', defaultDocument),
      'zones.9.locality': '',
      'zones.9.fee.kind': 'free',
      'zones.9.fee.amount': '',
      'zones.10.locality': 'Maimará',
      'zones.10.fee.kind': 'surcharge',
      'zones.10.fee.amount': '-5.000',
    };
    expect(checkSection('zones', values, defaultDocument)).toEqual({
      ok: false,
      errors: { 'zones.10.fee.amount': 'El recargo no puede ser negativo.' },
    });
  });

  it('keeps a day’s slots apart: a second slot alone, and a slot with one time missing', () => {
    const values = {
      ...formValues('hours', defaultDocument),
      'hours.6.1.opens': '10:00',
      'hours.6.1.closes': '',
    };
    expect(checkSection('hours', values, defaultDocument)).toEqual({
      ok: false,
      errors: { 'hours.6.1.closes': 'Escribí la hora como 09:00.' },
    });
  });

  it('builds the profile addresses from what the owner typed', () => {
    const values = {
      ...formValues('contact', defaultDocument),
      'contact.instagramUrl': '@otro.taller',
    };
    const checked = checkSection('contact', values, defaultDocument);
    expect(checked.ok && checked.document.contact.instagramUrl).toBe(
      'https://www.instagram.com/otro.taller/',
    );
  });
});
