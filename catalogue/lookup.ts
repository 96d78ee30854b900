import { modelsOf, type Catalogue, type Marca, type Modelo, type Version } from './schema.ts';
import type { Centavos } from './money.ts';
import { PIEZAS, type Pieza } from './pieces.ts';
import { slugify } from './slug.ts';
import { createSearchIndex, type SearchIndex } from './search.ts';

/** One version as the product page reads it: the stored entry plus its "Comprar ahora" link. */
export type VersionOffer = Version & { readonly url: string };

/**
 * A model as the product page reads it: the stored entry plus its "Comprar ahora" link, and
 * each version's (a model of one plain row has no `versiones`, as before versions existed).
 */
export type Producto = Omit<Modelo, 'url' | 'versiones'> & {
  readonly url: string;
  readonly versiones?: readonly VersionOffer[] | undefined;
};

export type ProductMatch = {
  readonly marca: Marca;
  readonly pieza: Pieza;
  readonly modelo: Producto;
  /** The same brand and model in the other piece (windshield <-> rear window), when listed. */
  readonly pair?: { readonly pieza: Pieza; readonly modelo: Modelo } | undefined;
};

/** A model in the price list and the picker: its "desde" price and how many versions it has. */
export type IndexModel = {
  readonly nombre: string;
  readonly slug: string;
  /** The lowest version's price ("desde" when `versiones` > 1). */
  readonly precio: number;
  readonly versiones: number;
};

/** Names, slugs and prices only: what the picker and the price list need, small to hydrate. */
export type BrandIndex = readonly {
  readonly marca: string;
  readonly slug: string;
  /** Windshields. */
  readonly modelos: readonly IndexModel[];
  /** Rear windows (empty when the brand has none). */
  readonly lunetas: readonly IndexModel[];
}[];

/** What a purchase message names: the piece, the car and, for a model with versions, which one. */
export type PurchaseSubject = {
  readonly pieza: Pieza;
  readonly marca: string;
  readonly modelo: string;
  readonly precio: Centavos;
  readonly version?: Version | undefined;
};

/**
 * The purchase link of a model or version whose spreadsheet row gives none. The catalogue
 * does not know the shop's WhatsApp number: whoever builds the lookup (the server) supplies it.
 */
export type PurchaseLink = (subject: PurchaseSubject) => string;

export interface CatalogueLookup {
  readonly catalogue: Catalogue;
  /** Product pages: windshields and rear windows. */
  readonly modelCount: number;
  readonly brandIndex: BrandIndex;
  /**
   * Case-insensitive; accepts the slug (`208-gt`) or the name itself (`208 GT`). The piece is
   * the windshield unless given.
   */
  findProduct(marca: string, modelo: string, pieza?: Pieza): ProductMatch | undefined;
  findBrand(marca: string): Marca | undefined;
  /** Search by name (catalogue/search.ts): the index is built with the lookup. */
  readonly search: SearchIndex['search'];
}

const indexModel = ({ nombre, slug, precio, versiones }: Modelo): IndexModel => ({
  nombre,
  slug,
  precio,
  versiones: versiones?.length ?? 1,
});

/** Indexes a validated catalogue once, so each request is a map lookup. */
export function createCatalogueLookup(
  catalogue: Catalogue,
  purchaseLink: PurchaseLink,
): CatalogueLookup {
  const brands = new Map<string, Marca>();
  const products = new Map<string, { marca: Marca; modelo: Modelo }>();
  const key = (pieza: Pieza, marca: string, modelo: string) => `${pieza}:${marca}/${modelo}`;
  for (const marca of catalogue.marcas) brands.set(marca.slug, marca);
  // The brand's name works too (the picker sends names), where no slug already claims it.
  for (const marca of catalogue.marcas) {
    if (!brands.has(slugify(marca.marca))) brands.set(slugify(marca.marca), marca);
    for (const pieza of PIEZAS) {
      for (const modelo of modelsOf(marca, pieza))
        products.set(key(pieza, marca.slug, modelo.slug), { marca, modelo });
    }
  }
  const brandIndex = catalogue.marcas.map((m) => ({
    marca: m.marca,
    slug: m.slug,
    modelos: m.modelos.map(indexModel),
    lunetas: modelsOf(m, 'luneta').map(indexModel),
  }));
  return {
    catalogue,
    modelCount: products.size,
    brandIndex,
    findProduct: (marca, modelo, pieza = 'parabrisas') => {
      const match = products.get(key(pieza, slugify(marca), slugify(modelo)));
      if (!match) return undefined;
      const { marca: brand, modelo: stored } = match;
      const subject = { pieza, marca: brand.marca, modelo: stored.nombre };
      const { versiones, url, ...rest } = stored;
      const other = PIEZAS.find((p) => p !== pieza) ?? pieza;
      const paired = products.get(key(other, brand.slug, stored.slug));
      return {
        marca: brand,
        pieza,
        modelo: {
          ...rest,
          url: url ?? purchaseLink({ ...subject, precio: stored.precio }),
          versiones: versiones?.map((version) => ({
            ...version,
            url: version.url ?? purchaseLink({ ...subject, precio: version.precio, version }),
          })),
        },
        pair: paired ? { pieza: other, modelo: paired.modelo } : undefined,
      };
    },
    findBrand: (marca) => brands.get(slugify(marca)),
    search: createSearchIndex(catalogue).search,
  };
}
