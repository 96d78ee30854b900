import { describe, expect, it } from 'vitest';
import { describeChanges, summarizeChanges } from '../../../client/facts/changes.ts';
import { defaultDocument } from '../../../client/facts/defaults.ts';
import type { FactsDocument } from '../../../client/facts/document.ts';

const NBSP = '\u00a0';
const changesOf = (after: FactsDocument) =>
  describeChanges(defaultDocument, after).map((s) => [s.title, s.changes]);

describe('what a new version changes, in words', () => {
  it('nothing: no section', () => {
    expect(describeChanges(defaultDocument, defaultDocument)).toEqual([]);
    expect(summarizeChanges([])).toBe('Sin cambios.');
  });

  it('a surcharge, a new locality, a removed one, the order', () => {
    const zones = defaultDocument.zones
      .filter((z) => z.locality !== 'Tilcara')
      .map((z) =>
        z.locality === 'Perico'
          ? { ...z, fee: { kind: 'surcharge' as const, amount: 1_800_000 } }
          : z,
      );
    const [first, second, ...rest] = zones;
    const after = {
      ...defaultDocument,
      zones: [
        ...(second && first ? [second, first] : []),
        ...rest,
        { locality: 'Maimará', fee: { kind: 'ask' as const } },
      ],
    };
    expect(changesOf(after)).toEqual([
      [
        'Zonas',
        [
          'Se quita Tilcara.',
          `El recargo a Perico pasa de $${NBSP}15.000 a $${NBSP}18.000.`,
          'Se agrega Maimará: Consultar.',
          'Cambia el orden de las zonas.',
        ],
      ],
    ]);
  });

  it('the hours: closing, opening, a day closed or opened', () => {
    const hours = defaultDocument.hours.map((day) => [...day]);
    hours[5] = [{ opens: '09:00', closes: '12:30' }];
    hours[0] = [
      { opens: '08:30', closes: '13:00' },
      { opens: '14:00', closes: '18:00' },
    ];
    hours[6] = [{ opens: '10:00', closes: '13:00' }];
    hours[2] = [];
    expect(changesOf({ ...defaultDocument, hours })).toEqual([
      [
        'Horarios',
        [
          'El lunes abre a las 8:30 (antes a las 9:00).',
          'El miércoles no abre (antes: 9:00 a 13:00 y 14:00 a 18:00).',
          'El sábado cierra a las 12:30 (antes a las 13:00).',
          'El domingo abre de 10:00 a 13:00.',
        ],
      ],
    ]);
  });

  it('closed days, contact and fiscal, with the pages that show them', () => {
    const after: FactsDocument = {
      ...defaultDocument,
      closedDays: [...defaultDocument.closedDays, { date: '2026-12-24', name: 'Nochebuena' }],
      contact: { ...defaultDocument.contact, phone: '(0388) 15 498-7654', instagramUrl: null },
      fiscal: { ...defaultDocument.fiscal, cuit: '30700000008' },
    };
    const sections = describeChanges(defaultDocument, after);
    expect(sections.map((s) => [s.title, s.changes])).toEqual([
      [
        'Contacto',
        [
          'El teléfono pasa de (0388) 15 412-3456 a (0388) 15 498-7654.',
          // The same number is the WhatsApp, unless the owner gives another one.
          'El WhatsApp pasa de (0388) 15 412-3456 a (0388) 15 498-7654.',
          'Se quita el Instagram.',
        ],
      ],
      ['Identidad fiscal', ['El CUIT pasa de 20-12345678-6 a 30-70000000-8.']],
      [
        'Feriados y días sin atención',
        ['Se agrega el jueves 24 de diciembre de 2026 (Nochebuena): ese día no se dan turnos.'],
      ],
    ]);
    expect(sections[2]?.pages).toContain('/turnos');
    expect(summarizeChanges(sections)).toMatch(/^Contacto: El teléfono pasa de/);
  });
});
