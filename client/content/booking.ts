/**
 * Booking a fitting (`/turnos`): the windows come from the published opening hours
 * (`facts.hours`), the places per window and what to bring are the owner's published facts
 * (`facts.booking`); `placesPerWindow` and `whatToBring` here are only their first version
 * (client/facts/defaults.ts). Per-day changes come from the panel's agenda.
 */
import type { Slot, Week } from './hours.ts';

/** Where the work is done. */
export const PLACES_OF_WORK = ['taller', 'domicilio'] as const;
export type PlaceOfWork = (typeof PLACES_OF_WORK)[number];

/** How many jobs fit in one window, at the shop and on the road (sample values). */
export const placesPerWindow: Readonly<Record<PlaceOfWork, number>> = {
  taller: 3,
  domicilio: 2,
};

export const placeNames: Readonly<Record<PlaceOfWork, string>> = {
  taller: 'En el taller',
  domicilio: 'A domicilio',
};

/** A day's windows are its opening slots: one before lunch ("mañana"), one after ("tarde"). */
export const WINDOW_IDS = ['manana', 'tarde'] as const;
export type WindowId = (typeof WINDOW_IDS)[number];

export type BookingWindow = Slot & { readonly id: WindowId; readonly name: string };

const windowNames: Readonly<Record<WindowId, string>> = { manana: 'Mañana', tarde: 'Tarde' };

/** A window's name from its id ("Mañana", "Tarde"). */
export function windowName(id: WindowId): string {
  return windowNames[id];
}

const byWeek = new WeakMap<Week, readonly (readonly BookingWindow[])[]>();

/**
 * The windows of a weekday (0 = Monday) from the published opening hours: a day of two slots
 * has a morning and an afternoon; a day of one slot, the morning if it opens before 13:00.
 * Made once per version of the hours.
 */
export function windowsOfWeekday(hours: Week, weekday: number): readonly BookingWindow[] {
  let week = byWeek.get(hours);
  if (!week) {
    week = hours.map((slots) =>
      slots.map((slot, i) => {
        const id: WindowId =
          slots.length > 1
            ? i === 0
              ? 'manana'
              : 'tarde'
            : slot.opens < '13:00'
              ? 'manana'
              : 'tarde';
        return { ...slot, id, name: windowNames[id] };
      }),
    );
    byWeek.set(hours, week);
  }
  return week[weekday] ?? [];
}

/** What a booking is for. */
export const BOOKING_JOBS = ['parabrisas', 'luneta', 'reparacion', 'polarizado'] as const;
export type BookingJob = (typeof BOOKING_JOBS)[number];

export const jobNames: Readonly<Record<BookingJob, string>> = {
  parabrisas: 'Cambio de parabrisas',
  luneta: 'Cambio de luneta',
  reparacion: 'Reparación de parabrisas',
  polarizado: 'Polarizado',
};

/** Jobs that need a glass for a model of the catalogue. */
export const GLASS_JOBS: readonly BookingJob[] = ['parabrisas', 'luneta'];

/** How far ahead the calendar offers days. */
export const BOOKING_HORIZON_DAYS = 30;

/** What the confirmation asks the visitor to bring (sample: the owner confirms it). */
export const whatToBring = [
  'El auto, a la hora en que empieza el horario elegido.',
  'Tu DNI y la cédula del auto.',
  'Si es por el seguro: la orden o el número de siniestro.',
  'Si tenés el sello del cristal viejo, una foto: confirma que sea el mismo.',
];

export const bookingPage = {
  title: 'Pedí tu turno',
  metaTitle: 'Pedí turno para colocar tu parabrisas en Jujuy',
  description:
    'Elegí el día y el horario para cambiar el parabrisas o la luneta, reparar un impacto o polarizar, en el taller o a domicilio en San Salvador de Jujuy.',
  intro:
    'Elegí qué hacemos, dónde y cuándo: te guardamos el lugar al instante y te llega la confirmación para agendar.',
  takenMeanwhile: 'Ese horario se acaba de ocupar. Elegí otro: estos todavía tienen lugar.',
  confirmationTitle: 'Tu turno',
  requestNote:
    'Ese cristal se pide a fábrica y no sabemos todavía cuándo llega: te guardamos el lugar y te confirmamos por WhatsApp antes del día.',
  privateLinkNote:
    'Guardá este enlace: es la única forma de ver, cambiar o cancelar el turno sin escribirnos. No lo compartas.',
  whatsappMessage: 'Hola, pedí un turno por la web: ',
} as const;
