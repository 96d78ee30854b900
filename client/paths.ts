/**
 * Every URL the site owns, defined once. Routes, links, the sitemap, server pages and tests
 * use these names; a URL typed as a string anywhere else is a bug waiting for a rename.
 */
import { piecePath, productPath } from '../catalogue/paths.ts';
import type { Feature } from '../catalogue/pieces.ts';

export const paths = {
  home: '/',
  /** The price list: an index of brands, with model counts and "desde" prices. */
  priceList: '/parabrisas',
  /**
   * A brand's page in the price list: its windshields and rear windows. A brand slugged
   * `buscar` would lose to the picker's path (static segments rank first).
   */
  priceListBrand: (marcaSlug: string) => `/parabrisas/${marcaSlug}`,
  /** Where the picker's plain GET form lands: the product page, or the brand's page. */
  picker: '/parabrisas/buscar',
  /** The brand's model names for the picker island (JSON, kept like a page). */
  pickerModels: (marcaSlug: string) => `/api/modelos/${marcaSlug}`,
  /** Search by name ("Buscá tu auto"): a results page (GET `?q=`). */
  search: '/buscar',
  /** `/parabrisa` and `/parabrisa/{marca}` alone redirect to the price list (of that brand). */
  brands: '/parabrisa',
  brand: (marcaSlug: string) => `/parabrisa/${marcaSlug}`,
  /** `/parabrisa/{marca}/{modelo}`: defined with the catalogue, which stores it as canonical. */
  product: productPath,
  // Answers before they ask (docs/product.md): linked from the home page, the footer and
  // the product pages, not from the navigation.
  /** The self-check; its plain GET form lands on the same page with the answer. */
  repairOrReplace: '/reparar-o-cambiar',
  insurance: '/seguros',
  warranty: '/garantia',
  homeInstallation: '/colocacion-a-domicilio',
  tint: '/polarizado',
  /** `/luneta` and `/luneta/{marca}` alone redirect to the price list's rear windows. */
  rearWindows: '/luneta',
  rearWindowBrand: (marcaSlug: string) => `/luneta/${marcaSlug}`,
  /** `/luneta/{marca}/{modelo}`: the rear window's page, stored as canonical too. */
  rearWindow: (marcaSlug: string, modeloSlug: string) => piecePath('luneta', marcaSlug, modeloSlug),
  // Template leftovers, kept so old links keep working (noindex).
  about: '/about',
  models: '/models',
  testimonials: '/testimonials',
  team: '/team',
  contact: '/contact',
  /** The gallery's JSON for 'Ver más' and a cold-cache fill (server/instagram/api.ts). */
  galleryApi: '/api/galeria',
  health: '/healthz',
  sitemap: '/sitemap.xml',
  /** A part of the sitemap, when the catalogue needs a sitemap index (server/seo.ts). */
  sitemapPart: (n: number | ':part') => `/sitemap-${n}.xml`,
  robots: '/robots.txt',
  /** Vite's hashed build files, served immutable. */
  assets: '/assets',
  /** Our resized copies of the gallery's photos (server/instagram/photo-routes.ts). */
  photos: '/fotos',
} as const;

/** Query parameters the pages read. */
export const queryParams = {
  /** `/?albumes=10`: the no-JavaScript 'Ver más' of the gallery. */
  albums: 'albumes',
  /** `/contact?enviado=1`: the confirmation after a message was stored. */
  sent: 'enviado',
  /** The model picker's plain GET form (`/parabrisas/buscar?marca=…&modelo=…`). */
  pickerBrand: 'marca',
  pickerModel: 'modelo',
  /** The repair-or-replace self-check's form fields (client/repair/self-check.ts). */
  repairCheck: {
    size: 'tamano',
    crack: 'fisura',
    impacts: 'impactos',
    edge: 'borde',
    sight: 'vision',
    sensor: 'sensor',
  },
  /** The search's text (`/buscar?q=hilux 2018`). */
  search: 'q',
  /** The picker's piece (`parabrisas` or `luneta`; none: the windshield). */
  pickerPiece: 'pieza',
  /** A product page's version link (`?version={id}`) and its filter's year. */
  version: 'version',
  year: 'anio',
} as const;

/** The product page filter's parameter for each feature (`?sensor=si`, `?camara=no`). */
export const featureParams = {
  sensorLluvia: 'sensor',
  camara: 'camara',
  calefaccionado: 'calefaccionado',
  acustico: 'acustico',
  franja: 'franja',
} as const satisfies Record<Feature, string>;

/** The sections of each piece, in the price list's index and in a brand's page. */
export const priceListSections = {
  windshields: 'parabrisas',
  rearWindows: 'lunetas',
} as const;

/**
 * The home page's section ids. The specification fixed the id values (old links and the
 * navigation use them); the keys say what each section really is.
 */
export const homeSections = {
  /** The hero at the top. */
  top: 'home',
  /** "Lo que ofrecemos": the services. */
  services: 'models',
  /** The latest-work gallery from Instagram. */
  latestWork: 'testimonials',
  faq: 'faq',
  /** Address, map, hours and phones. */
  location: 'contact',
  /** Payment methods. */
  payment: 'booking-section',
} as const;

/** The answer pages, in the order the footer and the sitemap list them. */
export const answerPages = [
  paths.repairOrReplace,
  paths.insurance,
  paths.warranty,
  paths.homeInstallation,
  paths.tint,
] as const;

/** Where a sent form lands (post/redirect/get): a reload only shows the confirmation again. */
export const contactSentPath = `${paths.contact}?${queryParams.sent}=1`;

/** React Router's `path` for a route under the root route: the URL without its leading slash. */
export function routePath(path: string): string {
  return path.replace(/^\//, '');
}
