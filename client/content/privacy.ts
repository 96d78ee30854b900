/**
 * What `/privacidad` says: who answers for the data, what the contact form and the bookings
 * keep and for how long, and what the site counts. The periods and the responsible person are
 * the owner's published facts (`facts.privacy`, set in the panel): the page and the daily purge
 * (server/retention.ts) both read them. `privacy` below is only their first version
 * (client/facts/defaults.ts).
 *
 * Sample values until the owner publishes his own: the responsible person and the periods.
 * The text describes what the site does; it promises nothing the law or the owner has not said.
 */
import type { ShopFacts } from '../facts/types.ts';
import { business } from './business.ts';

export const privacy = {
  /** Who answers requests about personal data (Ley 25.326: "responsable de la base de datos"). */
  responsible: {
    name: `${business.name} (titular: a completar por el dueño)`,
    email: business.email,
  },
  /** Days a contact message is kept after it arrives; then the daily purge deletes it. */
  contactMessagesDays: 180,
  /** Days a booking is kept after its day; then the daily purge deletes it (once bookings exist). */
  bookingsDays: 365,
} as const;

export const privacyPage = {
  title: 'Privacidad',
  metaTitle: 'Privacidad: qué guardamos y qué contamos',
  description:
    'Qué datos guarda el sitio cuando nos escribís o sacás un turno, por cuánto tiempo, cómo pedir que los borremos y qué cuenta el sitio sin identificar a nadie.',
  intro:
    'Acá te contamos qué datos guarda este sitio, para qué, por cuánto tiempo y cómo pedir que los borremos.',
  keptTitle: 'Qué guardamos cuando nos escribís, sacás un turno o pedís un presupuesto',
  kept: ({ contactMessagesDays, bookingsDays }: ShopFacts['privacy']) => [
    `Formulario de contacto: tu nombre, tu e-mail y tu mensaje, para responderte. Los borramos a los ${contactMessagesDays} días de recibidos.`,
    `Turnos: tu nombre, tu teléfono, el auto y el día elegido, para hacer el trabajo. Los borramos a los ${bookingsDays} días del turno.`,
    `Presupuestos para el seguro: tu nombre, la patente, la aseguradora, el número de póliza o siniestro si lo escribís, el cristal y los precios, para volver a darte el mismo PDF y para que la aseguradora lo verifique. La página de verificación muestra solo tu nombre con la inicial del apellido, nunca la patente ni el número de siniestro. Los borramos a los ${bookingsDays} días de emitidos.`,
  ],
  rightsTitle: 'Cómo ver, corregir o borrar tus datos',
  rights: ({ responsible }: ShopFacts['privacy']) => [
    `Escribinos a ${responsible.email} desde el e-mail que usaste (o decinos el teléfono del turno) y contanos qué querés: ver, corregir o borrar lo que guardamos de vos.`,
    'La Ley 25.326 de Protección de los Datos Personales te da esos derechos. La autoridad que la controla es la Agencia de Acceso a la Información Pública (AAIP), donde también podés reclamar.',
  ],
  countsTitle: 'Qué cuenta el sitio (sin identificar a nadie)',
  counts: [
    'Cuántas veces por día se mira cada página de precios, cada versión y las páginas de ayuda; cuántas veces se toca un botón de WhatsApp; qué marcas y modelos se buscaron y no estaban en la lista; cuántos mensajes y turnos llegan; cuántos presupuestos para el seguro se piden de cada modelo y versión.',
    'Solo guardamos el día, qué se miró y cuántas veces. No guardamos tu dirección IP, tu navegador ni ningún identificador, y no usamos cookies para contar.',
    'Para no contar mil veces a la misma persona, el sitio recuerda en memoria, solo durante el día, una huella cifrada que cambia todos los días y nunca se escribe en la base de datos.',
    'No contamos a los robots de los buscadores ni las vistas previas de enlaces (WhatsApp, Facebook).',
  ],
  whoTitle: 'Quién responde por tus datos',
} as const;

/**
 * What a review keeps and shows, and how long (the periods come from the published facts:
 * the booking's purge is what unties a review from the phone; server/retention.ts).
 */
export const reviewsPrivacy = {
  title: 'Qué guarda y muestra una opinión',
  items: (periods: ShopFacts['privacy']): string[] => [
    'Si dejás una opinión después de un trabajo, guardamos las estrellas, el texto, el nombre que elegiste mostrar, el trabajo, el auto y el mes del trabajo. Eso es lo que publicamos: nunca tu teléfono, tu patente ni el día del turno.',
    `Mientras guardamos el turno, la opinión está unida a él (y a tu teléfono). A los ${periods.bookingsDays} días del turno lo borramos y la opinión queda sola, sin nada que la una a vos. Si una opinión no se publicó, además se borra su texto: quedan las estrellas y el motivo, para contar las no publicadas.`,
    `Una opinión publicada queda hasta que pidas borrarla. Escribinos a ${periods.responsible.email} o por WhatsApp diciendo cuál es (el nombre que se muestra, el auto y el mes): la borramos del sitio y de la base de datos.`,
  ],
} as const;
