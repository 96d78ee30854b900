/**
 * What a row of the price sheet may describe: the piece, the yes/no features a version of it
 * may have, its quality and its availability. The CLI reads these from the sheet's columns
 * (sheet/columns.ts); the pages name them in Spanish (client/).
 */

export const PIEZAS = ['parabrisas', 'luneta'] as const;
export type Pieza = (typeof PIEZAS)[number];

/** The yes/no features, in the order pages and version ids list them. */
export const FEATURES = ['sensorLluvia', 'camara', 'calefaccionado', 'acustico', 'franja'] as const;
export type Feature = (typeof FEATURES)[number];

export const CALIDADES = ['original', 'equivalente'] as const;
export type Calidad = (typeof CALIDADES)[number];

/** In stock, or ordered for the visitor (in `dias` days when the sheet says). */
export type Disponibilidad =
  { readonly tipo: 'stock' } | { readonly tipo: 'pedido'; readonly dias?: number | undefined };

/** Years are whole years in this range (the CLI refuses others; next year's models exist). */
export const FIRST_YEAR = 1950;
export const lastYear = (today: Date): number => today.getUTCFullYear() + 1;

/**
 * What tells one version of a model's glass from another: every column but the price, the
 * link and the availability. Two rows of one model and piece with the same variant are the
 * same glass twice (the CLI refuses them).
 */
export type Variant = {
  readonly anioDesde?: number | undefined;
  readonly anioHasta?: number | undefined;
  readonly version?: string | undefined;
  /** Unique, in FEATURES order. */
  readonly caracteristicas: readonly Feature[];
  readonly calidad?: Calidad | undefined;
  readonly marcaVidrio?: string | undefined;
  readonly codigo?: string | undefined;
};

/** True when the variant says nothing: the row is a model's one plain glass, as in old sheets. */
export function isPlainVariant(variant: Variant): boolean {
  return variantParts(variant).length === 0;
}

/** The variant as text parts, in a fixed order (its identity and the base of its id). */
export function variantParts(variant: Variant): string[] {
  const { anioDesde: from, anioHasta: to } = variant;
  const years =
    from !== undefined && to !== undefined
      ? [`${from}-${to}`]
      : from !== undefined
        ? [`desde ${from}`]
        : to !== undefined
          ? [`hasta ${to}`]
          : [];
  return [
    ...years,
    ...(variant.version ? [variant.version] : []),
    ...variant.caracteristicas,
    ...(variant.calidad ? [variant.calidad] : []),
    ...(variant.marcaVidrio ? [variant.marcaVidrio] : []),
    ...(variant.codigo ? [variant.codigo] : []),
  ];
}

const folded = (text: string | undefined): string =>
  (text ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/** Case- and accent-insensitive identity of a variant, field by field (duplicate rows share it). */
export function variantKey(variant: Variant): string {
  return JSON.stringify([
    variant.anioDesde ?? null,
    variant.anioHasta ?? null,
    folded(variant.version),
    variant.caracteristicas,
    variant.calidad ?? null,
    folded(variant.marcaVidrio),
    folded(variant.codigo),
  ]);
}
