import type { Catalogue, Marca, Modelo } from './schema.ts';
import type { Centavos } from './money.ts';
import { slugify } from './slug.ts';

/** A model as the product page reads it: the stored entry plus its "Comprar ahora" link. */
export type Producto = Modelo & { readonly url: string };

export type ProductMatch = { marca: Marca; modelo: Producto };

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

/**
 * The purchase link of a model whose spreadsheet row gives none. The catalogue does not know
 * the shop's WhatsApp number: whoever builds the lookup (the server) supplies it.
 */
export type PurchaseLink = (product: { name: string; precio: Centavos }) => string;

export interface CatalogueLookup {
  readonly catalogue: Catalogue;
  readonly modelCount: number;
  readonly brandIndex: BrandIndex;
  /** Case-insensitive; accepts the slug (`208-gt`) or the name itself (`208 GT`). */
  findProduct(marca: string, modelo: string): ProductMatch | undefined;
  findBrand(marca: string): Marca | undefined;
}

/** Indexes a validated catalogue once, so each request is a map lookup. */
export function createCatalogueLookup(
  catalogue: Catalogue,
  purchaseLink: PurchaseLink,
): CatalogueLookup {
  const brands = new Map<string, Marca>();
  const products = new Map<string, { marca: Marca; modelo: Modelo }>();
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
    findProduct: (marca, modelo) => {
      const match = products.get(`${slugify(marca)}/${slugify(modelo)}`);
      if (!match) return undefined;
      const { modelo: stored } = match;
      const url =
        stored.url ??
        purchaseLink({ name: `${match.marca.marca} ${stored.nombre}`, precio: stored.precio });
      return { marca: match.marca, modelo: { ...stored, url } };
    },
    findBrand: (marca) => brands.get(slugify(marca)),
  };
}
