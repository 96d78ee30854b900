import { data } from 'react-router-dom';
import type { BrandIndex, CatalogueLookup } from '../../catalogue/lookup.ts';

/** What was not found decides the 404 page's wording; the brands feed its model picker. */
export type NotFoundKind = 'page' | 'product' | 'rearWindow';
export type NotFoundData = { kind: NotFoundKind; brands: BrandIndex };

export function notFound(kind: NotFoundKind, catalogue: CatalogueLookup) {
  return data<NotFoundData>({ kind, brands: catalogue.brandIndex }, { status: 404 });
}
