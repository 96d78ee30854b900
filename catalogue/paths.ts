/** The product page's path: `/parabrisa/{marca}/{modelo}` with slugs (docs/product.md, Prices). */
export function productPath(marcaSlug: string, modeloSlug: string): string {
  return `/parabrisa/${marcaSlug}/${modeloSlug}`;
}

/** Where the CLI writes the catalogue and the server reads it, unless CATALOGUE_FILE says otherwise (relative to the project folder). */
export const DEFAULT_CATALOGUE_FILE = 'catalogue/catalogue.json';
