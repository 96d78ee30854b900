import { describe, expect, it } from 'vitest';
import {
  assessDamage,
  completeAnswers,
  readGiven,
  selfCheckCanonical,
  selfCheckMessage,
  type DamageAnswers,
} from '../../../client/repair/self-check.ts';

/** A single small chip, far from everything: the base each row changes. */
const chip: DamageAnswers = {
  size: 'moneda',
  crack: false,
  impacts: 1,
  edge: false,
  sight: false,
  sensor: false,
};

describe('assessDamage: the rule table', () => {
  it.each<[string, Partial<DamageAnswers>, string, string]>([
    ['small chip, nothing else', {}, 'reparar', 'small'],
    ['chip up to 2.5 cm', { size: 'hasta-2-5' }, 'reparar', 'medium'],
    ['larger than 2.5 cm', { size: 'mayor' }, 'cambiar', 'large'],
    ['a crack over 15 cm', { crack: true }, 'cambiar', 'crack'],
    [
      'a crack beats everything else',
      { crack: true, size: 'mayor', sight: true },
      'cambiar',
      'crack',
    ],
    ['three or more impacts', { impacts: 3 }, 'cambiar', 'manyImpacts'],
    ['two impacts', { impacts: 2 }, 'ver', 'twoImpacts'],
    ['small chip in the line of sight', { sight: true }, 'ver', 'sightSmall'],
    ['2.5 cm chip in the line of sight', { size: 'hasta-2-5', sight: true }, 'cambiar', 'sight'],
    ['in front of the camera or sensor', { sensor: true }, 'ver', 'sensor'],
    ['under 5 cm from the edge', { edge: true }, 'ver', 'edge'],
    ['sensor is named before the edge', { sensor: true, edge: true }, 'ver', 'sensor'],
    ['larger and near the edge', { size: 'mayor', edge: true }, 'cambiar', 'large'],
    ['many impacts in the line of sight', { impacts: 3, sight: true }, 'cambiar', 'manyImpacts'],
    ['two impacts near the edge', { impacts: 2, edge: true }, 'ver', 'edge'],
  ])('%s', (_name, change, outcome, reason) => {
    expect(assessDamage({ ...chip, ...change })).toEqual({ outcome, reason });
  });

  it('says "repair" only for one impact up to 2.5 cm, clear of the edge, sight and sensors', () => {
    const all: DamageAnswers[] = [];
    for (const size of ['moneda', 'hasta-2-5', 'mayor'] as const)
      for (const impacts of [1, 2, 3] as const)
        for (const crack of [false, true])
          for (const edge of [false, true])
            for (const sight of [false, true])
              for (const sensor of [false, true])
                all.push({ size, impacts, crack, edge, sight, sensor });
    const repairable = all.filter((a) => assessDamage(a).outcome === 'reparar');
    expect(all).toHaveLength(144);
    expect(repairable).toEqual([chip, { ...chip, size: 'hasta-2-5' }]);
  });
});

describe('the form parameters in canonical form', () => {
  it.each([
    ['size', 'moneda', 'moneda'],
    ['size', ' MAYOR ', 'mayor'],
    ['size', 'enorme', undefined],
    ['crack', 'Sí', 'si'],
    ['crack', 'NO', 'no'],
    ['crack', 'quizas', undefined],
    ['impacts', '01', '1'],
    ['impacts', '2', '2'],
    ['impacts', '7', '3'],
    ['impacts', '0', undefined],
    ['impacts', '-1', undefined],
    ['impacts', '1.5', undefined],
    ['impacts', 'x', undefined],
  ] as const)('%s=%j → %j', (question, value, expected) => {
    expect(selfCheckCanonical[question](value)).toBe(expected);
  });

  it('reads the six answers from the query, ignoring junk and unknown parameters', () => {
    const given = readGiven(
      new URLSearchParams(
        'tamano=hasta-2-5&fisura=no&impactos=02&borde=si&vision=no&sensor=Sí&utm_source=x',
      ),
    );
    expect(given).toEqual({
      size: 'hasta-2-5',
      crack: 'no',
      impacts: '2',
      edge: 'si',
      sight: 'no',
      sensor: 'si',
    });
    expect(completeAnswers(given)).toEqual({
      size: 'hasta-2-5',
      crack: false,
      impacts: 2,
      edge: true,
      sight: false,
      sensor: true,
    });
  });

  it('gives no answers until all six are answered', () => {
    const given = readGiven(
      new URLSearchParams('tamano=moneda&fisura=no&impactos=1&borde=no&vision=no'),
    );
    expect(Object.keys(given)).toHaveLength(5);
    expect(completeAnswers(given)).toBeUndefined();
    expect(completeAnswers(readGiven(new URLSearchParams('sensor=talvez')))).toBeUndefined();
  });
});

describe('the WhatsApp message', () => {
  it('carries every answer and the result, and asks for a photo', () => {
    const given = readGiven(
      new URLSearchParams('tamano=mayor&fisura=no&impactos=3&borde=no&vision=si&sensor=no'),
    );
    const message = selfCheckMessage(given, { outcome: 'cambiar', reason: 'large' });
    expect(message.split('\n')).toEqual([
      expect.stringMatching(/autodiagnóstico/),
      '- Tamaño: Más de 2,5 cm',
      '- Fisura de más de 15 cm: No',
      '- Impactos: Tres o más',
      '- A menos de 5 cm del borde: No',
      '- En la línea de visión: Sí',
      '- Delante de cámara o sensor: No',
      'Resultado: Conviene cambiar.',
      expect.stringMatching(/foto/),
    ]);
  });
});
