/**
 * What the site says about reviews (Spanish, es-AR): how they are verified, the rule the owner
 * follows, the request after a job, the form. Decision 25: real or absent, never edited.
 */
import { REVIEW_LIMITS, REVIEW_LINK_DAYS } from '../reviews/types.ts';

export const reviewsText = {
  title: 'Opiniones de clientes',
  homeTitle: 'Lo que dicen nuestros clientes',
  description:
    'Opiniones de clientes reales sobre cambios de parabrisas, lunetas, reparaciones y polarizados: cada una es de un turno terminado.',
  /** How a review is verified (the EU's Omnibus directive asks a site to say it; so do we). */
  verified:
    'Cada opinión es de un cliente que sacó turno y cuyo trabajo terminamos: la deja con un enlace privado que le mandamos después. Nadie más puede opinar acá.',
  /** The rule, said where the reviews are shown. */
  rule: 'Publicamos todas las opiniones de trabajos terminados, buenas o malas. Solo dejamos sin publicar las que tienen insultos, datos personales de otras personas o no hablan del trabajo, y las contamos al lado del promedio. No cambiamos ni las estrellas ni el texto.',
  none: 'Todavía no hay opiniones publicadas.',
  noneOfJob: 'Todavía no hay opiniones publicadas de ese trabajo.',
  all: 'Ver todas las opiniones',
  howWePublish: 'Cómo publicamos',
  google: 'Ver y dejar opiniones en Google',
  answerBy: (shop: string) => `Respuesta de ${shop}`,
  productTitle: (car: string) => `Opiniones de clientes con ${car}`,
} as const;

/** The filter of `/testimonials`: the jobs, as people call them. */
export const reviewJobFilter = {
  label: 'Trabajo',
  all: 'Todos',
  names: {
    parabrisas: 'Parabrisas',
    luneta: 'Luneta',
    reparacion: 'Reparación',
    polarizado: 'Polarizado',
  },
} as const;

export const reviewForm = {
  title: 'Contanos cómo te fue',
  intro:
    'Tu opinión ayuda a otros a decidir. La leemos y la publicamos con el nombre que elijas, el trabajo, el auto y el mes; nunca tu teléfono.',
  starsLegend: '¿Cómo calificás el trabajo?',
  bodyLabel: 'Tu opinión (opcional)',
  bodyHint: `Hasta ${REVIEW_LIMITS.body.toLocaleString('es-AR')} caracteres. Sin enlaces: se publica como texto.`,
  authorLabel: 'Nombre que se muestra',
  authorHint: 'Tu nombre y la inicial del apellido, o como prefieras.',
  subjectTitle: 'El trabajo',
  send: 'Enviar mi opinión',
  change: 'Guardar los cambios',
  editable:
    'Ya recibimos tu opinión. Podés cambiarla hasta que la publiquemos: el enlace sigue sirviendo hasta entonces.',
  thanksTitle: '¡Gracias por tu opinión!',
  thanks:
    'La vamos a leer y publicar en estos días. Hasta que la publiquemos podés cambiarla con este mismo enlace.',
  thanksGoogle: 'Si querés, dejala también en Google: ayuda a que otros nos encuentren.',
  changeLink: 'Cambiar mi opinión',
  closedTitle: 'Este enlace ya no está activo',
  closed: {
    expired: `Los enlaces para opinar valen ${REVIEW_LINK_DAYS} días y este ya venció. Si querés contarnos cómo te fue, escribinos por WhatsApp.`,
    used: 'Tu opinión ya fue revisada: desde acá no se puede cambiar. Si querés que la corrijamos o la borremos, escribinos.',
  },
  unavailable: 'No pudimos guardar tu opinión por un problema nuestro. Probá de nuevo en un rato.',
  whatsappMessage: 'Hola, quiero contarles cómo me fue con el trabajo.',
} as const;

/** The request after the job, sent by the owner from the agenda and shown on the booking's page. */
export const reviewRequest = {
  button: 'Pedir opinión por WhatsApp',
  open: 'Abrir WhatsApp con el pedido',
  ready: 'Listo: el enlace para opinar está hecho. Mandáselo por WhatsApp.',
  bookingTitle: '¿Cómo te fue?',
  bookingText: 'Contanos cómo quedó el trabajo: tu opinión ayuda a otros a decidir.',
  bookingButton: 'Dejar mi opinión',
  bookingSent: 'Ya nos dejaste tu opinión. ¡Gracias!',
  bookingSentEditable: 'Ya nos dejaste tu opinión. Podés cambiarla hasta que la publiquemos.',
  message: (firstName: string, shop: string, job: string, url: string) =>
    `Hola ${firstName}, gracias por elegir ${shop}. ¿Nos contás cómo quedó el trabajo (${job.toLocaleLowerCase('es-AR')})? Tu opinión ayuda a otros a decidir. Dejala acá (el enlace es solo tuyo y vale ${REVIEW_LINK_DAYS} días): ${url}`,
} as const;
