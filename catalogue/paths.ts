/** The product page's path: `/parabrisa/{marca}/{modelo}` with slugs (DESIGN.md decision 3). */
export function productPath(marcaSlug: string, modeloSlug: string): string {
  return `/parabrisa/${marcaSlug}/${modeloSlug}`;
}
