import type { Catalogue, Marca, Modelo } from './schema.ts';
import { slugify } from './slug.ts';

export type ProductMatch = { marca: Marca; modelo: Modelo };

/** Names, slugs and prices only: what the picker and the price list need, small to hydrate. */
export type BrandIndex = readonly {
  readonly marca: string;
  readonly slug: string;
  readonly modelos: readonly {
    readonly nombre: string;
    readonly slug: string;
    readonly precio: number;
  }[];
}[];

export interface CatalogueLookup {
  readonly catalogue: Catalogue;
  readonly modelCount: number;
  readonly brandIndex: BrandIndex;
  /** Case-insensitive; accepts the slug (`208-gt`) or the name itself (`208 GT`). */
  findProduct(marca: string, modelo: string): ProductMatch | undefined;
  findBrand(marca: string): Marca | undefined;
}

/** Indexes a validated catalogue once, so each request is a map lookup. */
export function createCatalogueLookup(catalogue: Catalogue): CatalogueLookup {
  const brands = new Map<string, Marca>();
  const products = new Map<string, ProductMatch>();
  for (const marca of catalogue.marcas) {
    brands.set(marca.slug, marca);
    for (const modelo of marca.modelos)
      products.set(`${marca.slug}/${modelo.slug}`, { marca, modelo });
  }
  const brandIndex = catalogue.marcas.map((m) => ({
    marca: m.marca,
    slug: m.slug,
    modelos: m.modelos.map(({ nombre, slug, precio }) => ({ nombre, slug, precio })),
  }));
  return {
    catalogue,
    modelCount: products.size,
    brandIndex,
    findProduct: (marca, modelo) => products.get(`${slugify(marca)}/${slugify(modelo)}`),
    findBrand: (marca) => brands.get(slugify(marca)),
  };
}
