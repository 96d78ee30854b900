import { SAMPLE_STAMP } from '../helpers/sample.ts';
import { describe, it, expect } from 'vitest';
import { buildCatalogue, type PriceRow } from '../../catalogue/schema.ts';
import {
  describeChanges,
  describeVersion,
  diffCatalogues,
  formatPriceChange,
  percentChange,
} from '../../sheet/diff.ts';

const row = (marca: string, modelo: string, precio: number, url?: string): PriceRow => ({
  marca,
  modelo,
  precio,
  url,
});

const before = buildCatalogue(
  [
    row('Ford', 'Fiesta', 18_000_000),
    row('Ford', 'Ka', 18_500_000),
    row('Fiat', 'Uno', 19_000_000),
    row('Honda', 'HR-V', 39_000_000),
    row('Toyota', 'Hilux', 59_800_000),
  ],
  SAMPLE_STAMP,
);

describe('percentChange', () => {
  it.each([
    [18_000_000, 19_800_000, '+10,0 %'],
    [19_800_000, 18_000_000, '-9,1 %'],
    [300, 301, '+0,3 %'],
    [1000, 1001, '+0,1 %'],
    [20_000, 20_001, '+0,0 %'],
    [2000, 2001, '+0,1 %'], // 0,05 % rounds half away from zero
    [2000, 1999, '-0,1 %'],
    [100, 1600, '+1.500,0 %'],
    [3, 1, '-66,7 %'],
  ])('%d → %d is %s', (from, to, text) => {
    expect(percentChange(from, to)).toBe(text);
  });
});

describe('diffCatalogues', () => {
  it('finds added, removed, repriced and unchanged models, matched by slug', () => {
    const after = buildCatalogue(
      [
        row('Ford', 'Fiesta', 19_800_000),
        row('FORD', 'ka', 18_500_000),
        row('Honda', 'HR-V', 39_000_000),
        row('Toyota', 'Hilux', 59_800_000, 'https://mpago.la/hilux'),
        row('Peugeot', '208 GT', 21_234_550),
      ],
      SAMPLE_STAMP,
    );
    const diff = diffCatalogues(before, after);
    expect(diff.added.map((entry) => entry.name)).toEqual(['Peugeot 208 GT']);
    expect(diff.removed.map((entry) => entry.name)).toEqual(['Fiat Uno']);
    expect(diff.priceChanges).toEqual([
      { name: 'Ford Fiesta', before: 18_000_000, after: 19_800_000 },
    ]);
    expect(diff.otherChanges).toEqual([
      // The brand keeps its first spelling (Ford); the model's new spelling is reported.
      'Ford ka: antes se escribía "Ford Ka"',
      'Toyota Hilux: el botón Comprar ahora lleva a https://mpago.la/hilux (antes WhatsApp)',
    ]);
    expect(diff.unchanged).toBe(1);
  });
});

describe('describeChanges', () => {
  it('formats one price change as the owner reads it', () => {
    expect(formatPriceChange({ name: 'Ford Fiesta', before: 18_000_000, after: 19_800_000 })).toBe(
      'Ford Fiesta: $ 180.000,00 → $ 198.000,00 (+10,0 %)',
    );
  });

  it('says "catálogo nuevo" when there was none', () => {
    expect(describeChanges(undefined, before)).toEqual(['Catálogo nuevo: 5 modelos de 4 marcas.']);
  });

  it('says so when nothing changed', () => {
    expect(describeChanges(before, before)).toEqual(['Sin cambios: 5 modelos igual que antes.']);
  });

  it('lists every change by section', () => {
    const after = buildCatalogue(
      [
        row('Ford', 'Fiesta', 19_800_000),
        row('Ford', 'Ka', 17_000_000),
        row('Honda', 'HR-V', 39_000_000),
        row('Toyota', 'Hilux', 59_800_000),
        row('Peugeot', '208 GT', 21_234_550),
      ],
      SAMPLE_STAMP,
    );
    expect(describeChanges(before, after)).toEqual([
      'Cambios respecto del catálogo anterior:',
      '  Modelos nuevos (1):',
      '    + Peugeot 208 GT: $ 212.345,50',
      '  Modelos quitados (1):',
      '    - Fiat Uno (tenía $ 190.000,00)',
      '  Precios cambiados (2):',
      '    Ford Fiesta: $ 180.000,00 → $ 198.000,00 (+10,0 %)',
      '    Ford Ka: $ 185.000,00 → $ 170.000,00 (-8,1 %)',
      '  Sin cambios: 2 modelos.',
    ]);
  });
});

describe('versions and rear windows', () => {
  const hilux = (
    precio: number,
    variante: PriceRow['variante'],
    extra: Partial<PriceRow> = {},
  ): PriceRow => ({ marca: 'Toyota', modelo: 'Hilux', precio, variante, ...extra });
  const srx = {
    anioDesde: 2021,
    version: 'SRX',
    caracteristicas: ['sensorLluvia', 'camara'],
  } as const;
  const dx = { anioDesde: 2016, anioHasta: 2020, caracteristicas: [] } as const;

  const versioned = buildCatalogue(
    [
      hilux(65_500_000, dx),
      hilux(129_500_000, { ...srx, calidad: 'original', marcaVidrio: 'Pilkington' }),
      hilux(
        18_900_000,
        { version: 'Cabina doble', caracteristicas: ['calefaccionado'] },
        {
          pieza: 'luneta',
          disponibilidad: { tipo: 'stock' },
        },
      ),
      row('Ford', 'Ka', 18_500_000),
    ],
    SAMPLE_STAMP,
  );

  it('names each version by its cells, in plain Spanish', () => {
    const versiones = versioned.marcas[1]?.modelos[0]?.versiones ?? [];
    expect(versiones.map(describeVersion)).toEqual([
      '2016-2020',
      'desde 2021, SRX, sensor de lluvia, cámara, original, Pilkington',
    ]);
  });

  it('counts models, rear windows and versions for a new catalogue', () => {
    expect(describeChanges(undefined, versioned)).toEqual([
      'Catálogo nuevo: 3 modelos (2 parabrisas y 1 luneta), 4 versiones de 2 marcas.',
    ]);
    expect(describeChanges(versioned, versioned)).toEqual([
      'Sin cambios: 4 versiones igual que antes.',
    ]);
  });

  it('prints what changed per version: added, removed, price old → new with %, availability', () => {
    const after = buildCatalogue(
      [
        hilux(72_050_000, dx),
        hilux(129_500_000, { ...srx, calidad: 'original', marcaVidrio: 'AGC' }),
        hilux(
          18_900_000,
          { version: 'Cabina doble', caracteristicas: ['calefaccionado'] },
          {
            pieza: 'luneta',
            disponibilidad: { tipo: 'pedido', dias: 5 },
          },
        ),
        row('Ford', 'Ka', 18_500_000),
      ],
      SAMPLE_STAMP,
    );
    expect(describeChanges(versioned, after)).toEqual([
      'Cambios respecto del catálogo anterior:',
      '  Nuevos (1):',
      '    + Toyota Hilux (desde 2021, SRX, sensor de lluvia, cámara, original, AGC): $ 1.295.000,00',
      '  Quitados (1):',
      '    - Toyota Hilux (desde 2021, SRX, sensor de lluvia, cámara, original, Pilkington) (tenía $ 1.295.000,00)',
      '  Precios cambiados (1):',
      '    Toyota Hilux (2016-2020): $ 655.000,00 → $ 720.500,00 (+10,0 %)',
      '  Otros cambios (1):',
      '    Luneta Toyota Hilux (Cabina doble, calefaccionado): disponibilidad a pedido 5 días (antes en stock)',
      '  Sin cambios: 1 versión.',
    ]);
  });

  it('a model that gains versions: its plain price goes, its versions come', () => {
    const plain = buildCatalogue([row('Toyota', 'Hilux', 59_800_000)], SAMPLE_STAMP);
    const diff = diffCatalogues(plain, versioned);
    expect(diff.removed.map((entry) => entry.name)).toEqual(['Toyota Hilux']);
    expect(diff.added.map((entry) => entry.name)).toEqual([
      'Ford Ka',
      'Toyota Hilux (2016-2020)',
      'Toyota Hilux (desde 2021, SRX, sensor de lluvia, cámara, original, Pilkington)',
      'Luneta Toyota Hilux (Cabina doble, calefaccionado)',
    ]);
  });
});
