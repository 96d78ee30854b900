/**
 * Every URL the site owns, defined once. Routes, links, the sitemap, server pages and tests
 * use these names; a URL typed as a string anywhere else is a bug waiting for a rename.
 */
import { piecePath, productPath } from '../catalogue/paths.ts';
import type { Feature } from '../catalogue/pieces.ts';

export const paths = {
  home: '/',
  /** The price list with every brand and model (and the brand -> model picker). */
  priceList: '/parabrisas',
  /** Where the picker's plain GET form lands; it redirects to the product page. */
  picker: '/parabrisas/buscar',
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
  robots: '/robots.txt',
  /** Booking a fitting: the form (GET: the days; POST: book). */
  booking: '/turnos',
  /** A booking's private page (see, change, cancel); the token is its only key. */
  bookingManage: (token: string) => `/turnos/turno/${token}`,
  /** The booking's calendar file, for the visitor's phone. */
  bookingIcs: (token: string) => `/turnos/turno/${token}/turno.ics`,
  /** The free windows as JSON, for the booking form's island. */
  bookingApi: '/api/turnos',
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
  /** The picker's piece (`parabrisas` or `luneta`; none: the windshield). */
  pickerPiece: 'pieza',
  /** A product page's version link (`?version={id}`) and its filter's year. */
  version: 'version',
  year: 'anio',
  /** The booking form's fields (GET for the days, POST to book). */
  booking: {
    job: 'que',
    brand: 'marca',
    model: 'modelo',
    version: 'version',
    place: 'lugar',
    locality: 'localidad',
    /** The first day the calendar shows (paging through weeks). */
    from: 'desde',
    window: 'turno',
    name: 'nombre',
    phone: 'telefono',
    plate: 'patente',
    notes: 'notas',
    token: 'token',
  },
  /** `/turnos/turno/{token}?nuevo=1`: the booking was just made. */
  bookingNew: 'nuevo',
} as const;

/** The product page filter's parameter for each feature (`?sensor=si`, `?camara=no`). */
export const featureParams = {
  sensorLluvia: 'sensor',
  camara: 'camara',
  calefaccionado: 'calefaccionado',
  acustico: 'acustico',
  franja: 'franja',
} as const satisfies Record<Feature, string>;

/** The price list's section of each piece, and of a brand in it. */
export const priceListSections = {
  windshields: 'parabrisas',
  rearWindows: 'lunetas',
  rearWindowBrand: (marcaSlug: string) => `luneta-${marcaSlug}`,
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
