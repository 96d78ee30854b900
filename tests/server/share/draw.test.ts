/**
 * The share picture's layout (server/share/draw.ts): every line within the picture's width and
 * at least 48 px high, a long name wrapped on two lines, an absurd one cut with an ellipsis,
 * and no <text> in the SVG (no font lookup by fontconfig).
 */
import { describe, expect, it } from 'vitest';
import { layOutCard, MIN_TEXT_PX, shareCardSvg, TEXT_WIDTH } from '../../../server/share/draw.ts';
import { productCard, shareCardHash, shopCard } from '../../../client/seo/share-card.ts';
import { defaultFacts } from '../../../client/facts/defaults.ts';

const card = (nombre: string, marca = 'Toyota') =>
  productCard(defaultFacts, {
    pieza: 'parabrisas',
    marca,
    nombre,
    precio: 59_800_000,
    cuotas: { en6: 9_966_667 },
    versiones: 3,
  });

describe('the share picture layout', () => {
  it.each([
    ['a short name', card('Uno', 'Fiat')],
    ['a long name', card('Sprinter Furgón 415 CDI Techo Elevado Largo', 'Mercedes-Benz')],
    ['an absurd name', card('X'.repeat(30) + ' ' + 'Y'.repeat(60) + ' ' + 'Z'.repeat(40))],
    ['the shop', shopCard(defaultFacts)],
  ])('%s: every line fits, at 48 px or more', (_name, shown) => {
    const lines = layOutCard(shown);
    for (const line of lines) {
      expect(line.size).toBeGreaterThanOrEqual(MIN_TEXT_PX);
      expect(line.width).toBeLessThanOrEqual(TEXT_WIDTH);
      expect(line.y).toBeLessThanOrEqual(630);
    }
    // Baselines go down the picture, one line under the other.
    const ys = lines.map((l) => l.y);
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
  });

  it('wraps a long name on two lines and cuts an absurd one with an ellipsis', () => {
    const long = layOutCard(card('Sprinter Furgón 415 CDI Techo Elevado Largo', 'Mercedes-Benz'));
    expect(
      long
        .slice(1, 3)
        .map((l) => l.text)
        .join(' '),
    ).toBe('Parabrisas Mercedes-Benz Sprinter Furgón 415 CDI Techo Elevado Largo');
    const absurd = layOutCard(card('X'.repeat(30) + ' ' + 'Y'.repeat(60) + ' ' + 'Z'.repeat(40)));
    expect(absurd.some((l) => l.text.endsWith('…'))).toBe(true);
  });

  it('shows the price and the instalments as the page prints them', () => {
    const texts = layOutCard(card('Hilux')).map((l) => l.text);
    expect(texts).toContain('desde $ 598.000,00');
    expect(texts).toContain('6 cuotas sin interés de $ 99.666,67');
  });

  it('draws outlines only: no <text>, so no font is looked up', () => {
    const svg = shareCardSvg(card('Hilux'));
    expect(svg).not.toMatch(/<text|font-family/);
    expect(svg.match(/<g transform="translate\(/g)?.length).toBe(layOutCard(card('Hilux')).length);
  });

  it('the hash changes with the price and the shop name, not otherwise', () => {
    const hilux = card('Hilux');
    expect(shareCardHash(card('Hilux'))).toBe(shareCardHash(hilux));
    expect(shareCardHash({ ...hilux, headline: 'desde $ 598.000,01' })).not.toBe(
      shareCardHash(hilux),
    );
    expect(shareCardHash({ ...hilux, shop: 'Otro' })).not.toBe(shareCardHash(hilux));
    expect(shareCardHash(hilux)).toMatch(/^[0-9a-f]{16}$/);
  });
});
