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
  /** What the site keeps and counts, and how to ask for deletion (Ley 25.326). */
  privacy: '/privacidad',
  /**
   * The site's WhatsApp links go through here: counted, then a 303 to the wa.me address the
   * server builds itself (server/demand/whatsapp-route.ts). `nofollow`, Disallowed in robots.txt.
   */
  whatsappOut: '/ir/whatsapp',
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
  /** Booking a fitting: the form (GET: the days; POST: book); counted as a page. */
  booking: '/turnos',
  /** A booking's private page (see, change, cancel); the token is its only key. */
  bookingManage: (token: string) => `/turnos/turno/${token}`,
  /** The booking's calendar file, for the visitor's phone. */
  bookingIcs: (token: string) => `/turnos/turno/${token}/turno.ics`,
  /** The free windows as JSON, for the booking form's island (same query as `/turnos`). */
  bookingApi: '/api/turnos',
  /** The owner's calendar feed (no session: the token is the key; "Renovar" in the panel). */
  bookingFeed: (token: string) => `/turnos/calendario/${token}/turnos.ics`,
  /**
   * A review link (sent after a finished job): the form, and its thank-you (`?enviada=1`). The
   * token is its only key; per visitor, never kept, noindex.
   */
  review: (token: string) => `/opinion/${token}`,
  /**
   * The insurance quote's form (GET `?que=&marca=&modelo=&version=`; POST issues the quote).
   * Everything under it is noindex, out of the sitemap and Disallowed in robots.txt.
   */
  quoteForm: '/presupuesto',
  /** A quote's verification page (`?c={code}`): what anyone holding the PDF may check. */
  quote: (number: string) => `/presupuesto/${number}`,
  /** The customer's own page of a quote: its key is the only way in (the PDF, sharing). */
  quoteOwn: (number: string, key: string) => `/presupuesto/${number}/${key}`,
  /** The quote's PDF, from the customer's page. */
  quotePdf: (number: string, key: string) =>
    `/presupuesto/${number}/${key}/${quoteFileName(number)}`,
  /**
   * A page's share picture (og:image, client/seo/share-card.ts): a product's under its
   * canonical path, `/compartir/parabrisa/{marca}/{modelo}/{hash}.png`, else the shop's,
   * `/compartir/tienda/{hash}.png`. The hash changes with the words drawn.
   */
  sharePicture: (canonical: string | null, hash: string) =>
    `/compartir${canonical ?? '/tienda'}/${hash}.png`,
  /** The folder of the share pictures (server/share/routes.ts). */
  sharePictures: '/compartir',
  /** The product feed for Google Merchant Center and Meta's Commerce Manager (server/feed/). */
  productFeed: '/feed/productos.xml',
  /** Vite's hashed build files, served immutable. */
  assets: '/assets',
  /** Our resized copies of the gallery's photos (server/instagram/photo-routes.ts). */
  photos: '/fotos',
} as const;

/**
 * The owner's panel (docs/decisions/2026-11-25-panel.md). Everything under `panel` is private:
 * no-store, noindex, never kept, out of the sitemap, Disallowed in robots.txt.
 */
export const panelPaths = {
  /** The sign-in page; signed in, it sends you to the first screen. */
  signIn: '/panel',
  /** A sign-in link's page (`?t=`): its button POSTs here; a GET never uses the link. */
  link: '/panel/enlace',
  /** An invitation's page (`?t=`): registers the first passkey. */
  invite: '/panel/invitacion',
  /** POST: e-mails a sign-in link to a known address ("Enviarme un enlace"). */
  emailLink: '/panel/enviar-enlace',
  /** POST: ends this session; `signOutAll` ends every session of the person. */
  signOut: '/panel/salir',
  signOutAll: '/panel/salir-de-todas',
  /** The passkey ceremony's JSON calls (the island in client/panel/). */
  passkeyApi: {
    registerOptions: '/panel/api/llave/registro/opciones',
    register: '/panel/api/llave/registro',
    signInOptions: '/panel/api/llave/entrada/opciones',
    signIn: '/panel/api/llave/entrada',
  },
  /** Hoy: today's and tomorrow's bookings and what waits (the first screen after signing in). */
  today: '/panel/hoy',
  messages: '/panel/mensajes',
  messagesExport: '/panel/mensajes/exportar',
  /** Upload the sheet (POST), see the preview of one (`?borrador=`), publish it (POST). */
  prices: '/panel/precios',
  /** Every published catalogue; POST "Volver a esta versión". */
  pricesHistory: '/panel/precios/historial',
  /** "Descargar planilla": the live prices as the sheet the owner uploads (a CSV). */
  pricesSheet: '/panel/precios/planilla',
  bookings: '/panel/turnos',
  /** "Recordar por WhatsApp" (`?turno=`): marks the booking reminded, then 303 to wa.me. */
  bookingReminder: '/panel/turnos/recordar',
  /** Datos del negocio: the shop's facts, one section at a time (`?seccion=zonas`); POST to preview and publish. */
  business: '/panel/negocio',
  /** Every published version of the facts; POST "Volver a esta versión". */
  businessHistory: '/panel/negocio/historial',
  /** The insurance quotes: list, search (`?q=`), pages (`?pagina=`). */
  quotes: '/panel/presupuestos',
  /** "Exportar CSV" of the quotes (the search applied). */
  quotesExport: '/panel/presupuestos/exportar',
  /** A quote's PDF (`?numero=`), the same file the customer got. */
  quotePdf: '/panel/presupuestos/pdf',
  /** "Pasar a turno" (`?numero=`): the owner picks a window; the booking keeps the number. */
  quoteBooking: '/panel/presupuestos/turno',
  stats: '/panel/estadisticas',
  /** One table of the figures as a CSV (`?tabla=modelos&dias=30`). */
  statsExport: '/panel/estadisticas/exportar',
  /** Reviews: publish or not (with a reason), answer, delete on request. */
  reviews: '/panel/opiniones',
  people: '/panel/personas',
  activity: '/panel/actividad',
  /** The signed-in person's own passkeys and sessions. */
  account: '/panel/mi-acceso',
  /** Avisos: this person's devices that receive notifications, what each receives; POSTs "Probar", "Quitar". */
  push: '/panel/avisos',
  /** POST (JSON, from the page's island): stores this browser's push subscription. */
  pushSubscribe: '/panel/api/avisos/suscribir',
  /** The panel's service worker (scope /panel/) and web app manifest; open, no data in them. */
  serviceWorker: '/panel/sw.js',
  manifest: '/panel/manifest.webmanifest',
  /** The installed app's icons (PNG): 192 and 512 px, and a maskable one of 512. */
  icon192: '/panel/icono-192.png',
  icon512: '/panel/icono-512.png',
  iconMaskable: '/panel/icono-maskable.png',
} as const;

/** `presupuesto-P-2026-000123.pdf`: the quote's file, wherever it is downloaded. */
export function quoteFileName(number: string): string {
  return `presupuesto-${number}.pdf`;
}

/** The first screen after signing in. */
export const panelHome = panelPaths.today;

const PANEL_DIR = `${panelPaths.signIn}/`;

/**
 * Whether a path (as the router would match it: decoded, any case, repeated slashes) is the
 * panel's. Every spelling of a panel URL must meet the panel's guard, never the public pages'.
 */
export function isPanelPath(path: string): boolean {
  // Every request asks this: the common path, nothing encoded and no repeated slash, is
  // compared as it is.
  const normal = path.includes('%') || path.includes('//') ? normalPath(path) : path;
  const start = normal.slice(0, PANEL_DIR.length).toLowerCase();
  return start === panelPaths.signIn || start === PANEL_DIR;
}

/** Decoded, with repeated slashes as one. */
function normalPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Malformed: the URL guard answers 400 before any route.
  }
  return decoded.replace(/\/+/g, '/');
}

/** Query parameters the pages read. */
export const queryParams = {
  /** `/panel/precios?borrador={id}`: the preview of an uploaded sheet; `aviso=cambio`: it was refreshed. */
  priceDraft: 'borrador',
  priceNotice: 'aviso',
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
  /** The search's text (`/buscar?q=hilux 2018`, and the inbox's `/panel/mensajes?q=ana`). */
  search: 'q',
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
  /** `/opinion/{token}?enviada=1`: the review was just sent (the thank-you). */
  reviewSent: 'enviada',
  /** `/testimonials?trabajo=luneta&pagina=2`: the reviews of one kind of job. */
  reviewJob: 'trabajo',
  /** The insurance quote's form fields (GET for the item, POST to issue). */
  quote: {
    // The glass: the booking form's names (client/components/BookingLink.tsx glassHref).
    piece: 'que',
    brand: 'marca',
    model: 'modelo',
    version: 'version',
    name: 'nombre',
    plate: 'patente',
    insurer: 'aseguradora',
    otherInsurer: 'otra_aseguradora',
    claim: 'siniestro',
    place: 'lugar',
    locality: 'localidad',
    // One tap, one quote: the form's one-time token, which becomes the quote's private key.
    token: 'token',
  },
  /** A quote's verification code (`/presupuesto/P-2026-000123?c=…`). */
  quoteCode: 'c',
  /** The panel's quote (`/panel/presupuestos/turno?numero=P-2026-000123`). */
  quoteNumber: 'numero',
  /** `/turnos/turno/{token}?nuevo=1`: the booking was just made. */
  bookingNew: 'nuevo',
  /** The panel's agenda (`/panel/turnos?dia=2026-12-01&vista=dia`). */
  agendaDay: 'dia',
  agendaView: 'vista',
  /** A panel link's token (`/panel/enlace?t=…`, `/panel/invitacion?t=…`). */
  panelToken: 't',
  /** The panel sign-in page's notice (`/panel?aviso=enlace`). */
  panelNotice: 'aviso',
  /** The figures' period (`?dias=7|30|90`) and the exported table (`?tabla=modelos`). */
  statsDays: 'dias',
  statsTable: 'tabla',
  /** A list's page (`/panel/mensajes?q=ana&pagina=2`, `/testimonials?pagina=2`). */
  page: 'pagina',
  /** The inbox's no-JavaScript confirm step (`/panel/mensajes?borrar={id}`). */
  confirmDelete: 'borrar',
  /** Datos del negocio's section being edited (`/panel/negocio?seccion=zonas`); `publicado=N` after a publish. */
  factsSection: 'seccion',
  factsPublished: 'publicado',
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
