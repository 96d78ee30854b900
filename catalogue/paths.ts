/** The product page's path: `/parabrisa/{marca}/{modelo}` with slugs (docs/product.md, Prices). */
export function productPath(marcaSlug: string, modeloSlug: string): string {
  return `/parabrisa/${marcaSlug}/${modeloSlug}`;
}
