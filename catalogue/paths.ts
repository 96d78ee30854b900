import type { Pieza } from './pieces.ts';

/** Each piece's path segment: `/parabrisa/{marca}/{modelo}`, `/luneta/{marca}/{modelo}`. */
export const PIECE_SEGMENTS = {
  parabrisas: 'parabrisa',
  luneta: 'luneta',
} as const satisfies Record<Pieza, string>;

/** A product page's path (docs/product.md, Prices). */
export function piecePath(pieza: Pieza, marcaSlug: string, modeloSlug: string): string {
  return `/${PIECE_SEGMENTS[pieza]}/${marcaSlug}/${modeloSlug}`;
}

/** The windshield page's path: `/parabrisa/{marca}/{modelo}` with slugs. */
export function productPath(marcaSlug: string, modeloSlug: string): string {
  return piecePath('parabrisas', marcaSlug, modeloSlug);
}
