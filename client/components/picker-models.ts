/**
 * What the model picker knows of the catalogue: the brand names on the page, and one brand's
 * model names on demand (GET /api/modelos/{marca}, kept like a page by the server), so the
 * page that holds the picker does not grow with the catalogue.
 */
import type { BrandIndex } from '../../catalogue/lookup.ts';
import { paths } from '../paths.ts';
import { slugify } from '../../catalogue/slug.ts';

export type PickerModel = { readonly nombre: string; readonly slug: string };

/** One brand's models: the answer of `paths.pickerModels`, and the brand page's picker. */
export type PickerBrand = {
  readonly marca: string;
  readonly slug: string;
  readonly modelos: readonly PickerModel[];
  readonly lunetas: readonly PickerModel[];
};

/** The picker's first step: every brand's name (its slug is the name slugified). */
export type PickerChoices = {
  readonly marcas: readonly string[];
  /** Some brand has rear windows: the picker asks for the piece. */
  readonly pieces: boolean;
};

export function pickerChoices(index: BrandIndex): PickerChoices {
  return {
    marcas: index.map((b) => b.marca),
    pieces: index.some((b) => b.lunetas.length > 0),
  };
}

const names = (models: BrandIndex[number]['modelos']): PickerModel[] =>
  models.map(({ nombre, slug }) => ({ nombre, slug }));

export function pickerBrand(brand: BrandIndex[number]): PickerBrand {
  return {
    marca: brand.marca,
    slug: brand.slug,
    modelos: names(brand.modelos),
    lunetas: names(brand.lunetas),
  };
}

/** How long the picker waits for a brand's models before the plain form takes over. */
const FETCH_TIMEOUT_MS = 5_000;

/** A brand's models by its name; throws on a network error, timeout or unexpected answer. */
export async function fetchPickerBrand(marca: string, signal: AbortSignal): Promise<PickerBrand> {
  const response = await fetch(paths.pickerModels(slugify(marca)), {
    signal: AbortSignal.any([signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]),
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body: unknown = await response.json();
  if (!isPickerBrand(body)) throw new Error('unexpected models answer');
  return body;
}

const isModel = (value: unknown): value is PickerModel =>
  typeof value === 'object' &&
  value !== null &&
  typeof Reflect.get(value, 'nombre') === 'string' &&
  typeof Reflect.get(value, 'slug') === 'string';

const isModelList = (value: unknown): value is PickerModel[] =>
  Array.isArray(value) && value.every(isModel);

export function isPickerBrand(value: unknown): value is PickerBrand {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof Reflect.get(value, 'marca') === 'string' &&
    typeof Reflect.get(value, 'slug') === 'string' &&
    isModelList(Reflect.get(value, 'modelos')) &&
    isModelList(Reflect.get(value, 'lunetas'))
  );
}
