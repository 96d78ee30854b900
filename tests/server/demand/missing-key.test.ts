import { describe, expect, it } from 'vitest';
import { missingKey } from '../../../server/demand/missing-key.ts';

describe('missingKey: a brand and model people asked for, never something personal', () => {
  it.each([
    ['Chery', 'Tiggo 2', 'parabrisas/chery/tiggo-2'],
    ['CHERY', 'tiggo-2', 'parabrisas/chery/tiggo-2'],
    ['Citroën', 'C4 Lounge', 'parabrisas/citroen/c4-lounge'],
    ['Ram', '1500', 'parabrisas/ram/1500'],
    ['Peugeot', '2008', 'parabrisas/peugeot/2008'],
  ])('%s %s -> %s', (marca, modelo, key) => {
    expect(missingKey('parabrisas', marca, modelo)).toBe(key);
  });

  it.each([
    ['e-mail', 'ana@mail.com', 'x'],
    ['phone', 'llamame', '388 412-3456'],
    ['phone in one run', 'x', '3884123456'],
    ['old plate', 'abc', '123'],
    ['old plate in one part', 'patente', 'ABC123'],
    ['Mercosur plate', 'patente', 'AB 123 CD'],
    ['Mercosur plate split', 'AB123', 'CD'],
    ['no model', 'Chery', ''],
    ['no letters or digits', '---', '***'],
    ['too long', 'a'.repeat(41), 'x'],
  ])('%s: not counted', (_what, marca, modelo) => {
    expect(missingKey('parabrisas', marca, modelo)).toBeUndefined();
  });
});
