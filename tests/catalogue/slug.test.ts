import { describe, it, expect } from 'vitest';
import { slugify } from '../../catalogue/slug.ts';

describe('slugify', () => {
  it.each([
    ['208 GT', '208-gt'],
    ['HR-V', 'hr-v'],
    ['T-Cross', 't-cross'],
    ['CR-V', 'cr-v'],
    ['Rav4', 'rav4'],
    ['Citroën', 'citroen'],
    ['Peugeot', 'peugeot'],
    ['Škoda Octavia', 'skoda-octavia'],
    ['Ñandú', 'nandu'],
    ['  Mercedes   Benz  ', 'mercedes-benz'],
    ['Ford/Ka+', 'ford-ka'],
    ['C4 Cactus!', 'c4-cactus'],
    ['--Up--', 'up'],
    ['¿?', ''],
  ])('%j → %j', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it('gives names that differ only in case, accents, spaces or hyphens the same slug', () => {
    expect(slugify('Peugeot 208 GT')).toBe(slugify('peugeot 208-gt'));
    expect(slugify('Citroën')).toBe(slugify('CITROEN'));
  });

  it('decomposes precomposed and combining accents alike', () => {
    expect(slugify('Citro\u00EBn')).toBe(slugify('Citroe\u0308n'));
  });
});
