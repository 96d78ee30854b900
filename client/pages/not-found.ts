import { data } from 'react-router';
import type { CatalogueLookup } from '../../catalogue/lookup.ts';
import type { PickerBrand } from '../components/ModelPicker.tsx';

/** What was not found decides the 404 page's wording; the brands feed its model picker. */
export type NotFoundKind = 'page' | 'product';
export type NotFoundData = { kind: NotFoundKind; brands: PickerBrand[] };

export function notFound(kind: NotFoundKind, catalogue: CatalogueLookup) {
  const brands = catalogue.catalogue.marcas.map((m) => ({
    marca: m.marca,
    slug: m.slug,
    modelos: m.modelos.map((modelo) => ({ nombre: modelo.nombre, slug: modelo.slug })),
  }));
  return data<NotFoundData>({ kind, brands }, { status: 404 });
}
