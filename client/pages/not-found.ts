import { data } from 'react-router-dom';
import type { CatalogueLookup } from '../../catalogue/lookup.ts';
import { pickerChoices, type PickerChoices } from '../components/picker-models.ts';

/**
 * What was not found decides the 404 page's wording; the brand names feed its model picker.
 * `search`: a search that found nothing (one kept page for every such query). `private`: no such
 * insurance quote or review link, or a wrong code: worded as `page` (no detail), kept apart
 * because it is answered `private, no-store` like every page of those routes.
 */
export type NotFoundKind = 'page' | 'product' | 'rearWindow' | 'brand' | 'search' | 'private';
export type NotFoundData = { kind: NotFoundKind; picker: PickerChoices };

export function notFound(kind: NotFoundKind, catalogue: CatalogueLookup) {
  return data<NotFoundData>({ kind, picker: pickerChoices(catalogue.brandIndex) }, { status: 404 });
}
