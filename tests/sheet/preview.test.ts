import { describe, expect, it } from 'vitest';
import { buildCatalogue, type PriceRow } from '../../catalogue/schema.ts';
import { previewChanges, priceFlag, shortMoney } from '../../sheet/preview.ts';
import { SAMPLE_STAMP } from '../helpers/sample.ts';

const plain = (marca: string, modelo: string, precio: number, url?: string): PriceRow => ({
  marca,
  modelo,
  precio,
  url,
});

const hilux = (precio: number, version: string, disponibilidad?: PriceRow['disponibilidad']) => ({
  marca: 'Toyota',
  modelo: 'Hilux',
  precio,
  variante: { version, caracteristicas: [] },
  disponibilidad,
});

const catalogue = (rows: PriceRow[]) => buildCatalogue(rows, SAMPLE_STAMP);

const LIVE = catalogue([
  plain('Ford', 'Fiesta', 59_800_000),
  plain('Ford', 'Ka', 18_500_000),
  plain('Fiat', 'Uno', 15_000_000),
  plain('Peugeot', '208', 24_400_000),
  hilux(65_500_000, 'DX'),
  hilux(129_500_000, 'SRX', { tipo: 'stock' }),
]);

describe('priceFlag', () => {
  it('a lost digit, in words', () => {
    expect(priceFlag(59_800_000, 5_980_000)).toBe('$ 59.800, antes $ 598.000: ¿falta un cero?');
  });
  it('an added digit, two lost, two added', () => {
    expect(priceFlag(5_980_000, 59_800_000)).toBe('$ 598.000, antes $ 59.800: ¿sobra un cero?');
    expect(priceFlag(59_800_000, 598_000)).toMatch(/¿faltan dos ceros\?$/);
    expect(priceFlag(598_000, 59_800_000)).toMatch(/¿sobran dos ceros\?$/);
  });
  it('a move of more than half', () => {
    expect(priceFlag(10_000_000, 16_000_000)).toBe(
      '$ 160.000, antes $ 100.000: el precio cambia +60,0 %, más de la mitad. Revisá que esté bien.',
    );
    expect(priceFlag(10_000_000, 4_000_000)).toMatch(/-60,0 %, más de la mitad/);
  });
  it('an ordinary change is not flagged', () => {
    expect(priceFlag(10_000_000, 11_000_000)).toBeUndefined();
    expect(priceFlag(10_000_000, 15_000_000)).toBeUndefined();
  });
  it('shows centavos only when there are some', () => {
    expect(shortMoney(18_900_050)).toBe('$ 189.000,50');
    expect(shortMoney(18_900_000)).toBe('$ 189.000');
  });
});

describe('previewChanges', () => {
  it('"Sin cambios" when the sheet is the live catalogue', () => {
    const preview = previewChanges(LIVE, catalogue([...rowsOf()]));
    expect(preview.unchanged).toBe(true);
    expect(preview.changes).toEqual([]);
    expect(preview.unchangedCount).toBe(6);
    expect(preview.counts).toEqual({ marcas: 4, parabrisas: 5, lunetas: 0, versiones: 6 });
  });

  it('every change, flagged ones and the biggest first, with flags in words', () => {
    const next = catalogue([
      plain('Ford', 'Fiesta', 5_980_000), // lost a zero
      plain('Ford', 'Ka', 19_425_000, 'https://tienda.example/ka'), // +5 %, and a link
      plain('Peugeot', '208', 36_600_000), // +50 %: not more than half
      plain('Renault', 'Kwid', 20_000_000), // added
      hilux(65_500_000, 'DX', { tipo: 'pedido', dias: 5 }), // availability
      // Fiat Uno removed; Hilux SRX removed (the model stays)
    ]);
    const preview = previewChanges(LIVE, next);
    expect(preview.unchanged).toBe(false);
    expect(
      preview.changes.map((c) => [c.kind, c.name, c.kind === 'price' ? c.percent : '']),
    ).toEqual([
      // Flagged first; then by the share of the price that moves (an entry added or removed: all).
      ['removed', 'Fiat Uno', ''],
      ['price', 'Ford Fiesta', '-90,0 %'],
      ['removed', 'Toyota Hilux (SRX)', ''],
      ['added', 'Renault Kwid', ''],
      ['price', 'Peugeot 208', '+50,0 %'],
      ['price', 'Ford Ka', '+5,0 %'],
      ['other', 'Ford Ka', ''],
      ['other', 'Toyota Hilux (DX)', ''],
    ]);
    expect(preview.flags).toEqual([
      'Fiat Uno desaparece del sitio: ¿falta en la planilla? Si lo dejaste de vender, está bien.',
      '$ 59.800, antes $ 598.000: ¿falta un cero?',
    ]);
    const ka = preview.changes.find((c) => c.kind === 'other' && c.name === 'Ford Ka');
    expect(ka?.kind === 'other' && ka.notes).toEqual([
      'el botón Comprar ahora lleva a https://tienda.example/ka (antes WhatsApp)',
    ]);
    const dx = preview.changes.find((c) => c.kind === 'other' && c.name.includes('DX'));
    expect(dx?.kind === 'other' && dx.notes).toEqual([
      'disponibilidad a pedido 5 días (antes sin indicar)',
    ]);
  });

  it('a model that disappears with all its versions is flagged once', () => {
    const next = catalogue(rowsOf().filter((row) => row.modelo !== 'Hilux'));
    const preview = previewChanges(LIVE, next);
    expect(preview.flags).toEqual([
      'Toyota Hilux desaparece del sitio con sus 2 versiones: ¿falta en la planilla? Si lo dejaste de vender, está bien.',
    ]);
    expect(preview.changes.filter((c) => c.flags.length > 0)).toHaveLength(2);
  });

  it('a first catalogue has counts and no changes to compare', () => {
    const preview = previewChanges(undefined, LIVE);
    expect(preview.before).toBeUndefined();
    expect(preview.unchanged).toBe(false);
  });
});

function rowsOf(): PriceRow[] {
  return [
    plain('Ford', 'Fiesta', 59_800_000),
    plain('Ford', 'Ka', 18_500_000),
    plain('Fiat', 'Uno', 15_000_000),
    plain('Peugeot', '208', 24_400_000),
    hilux(65_500_000, 'DX'),
    hilux(129_500_000, 'SRX', { tipo: 'stock' }),
  ];
}
