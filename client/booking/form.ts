/**
 * Reading and checking the booking form, field by field, with a Spanish message for each
 * problem (shown next to the field; the rest of the form is kept). Pure: the catalogue, the
 * clock and the owner's closures come in as arguments.
 */
import type { CatalogueLookup } from '../../catalogue/lookup.ts';
import type { Availability } from '../../catalogue/schema.ts';
import type { IsoDate } from '../../catalogue/validity.ts';
import {
  BOOKING_JOBS,
  GLASS_JOBS,
  PLACES_OF_WORK,
  type BookingJob,
  type BookingWindow,
  type PlaceOfWork,
} from '../content/booking.ts';
import { availabilityLabel, featuresTitle, pieceNames, yearsLabel } from '../content/glass.ts';
import type { Zone } from '../content/zones.ts';
import { arPhoneE164 } from '../facts/phone.ts';
import type { Canonical } from '../page-identity.ts';
import { dayProblem, parseDay, windowsOf, type BookingRules } from './calendar.ts';
import {
  BOOKING_FIELD_KEYS,
  BOOKING_FIELDS,
  BOOKING_LIMITS,
  parseWindowChoice,
  type BookingCar,
  type BookingErrors,
  type BookingField,
  type BookingValues,
} from './types.ts';

/** The form's values from a query string or a posted form ('' for a missing field). */
export function readBookingValues(get: (name: string) => unknown): BookingValues {
  const entries = BOOKING_FIELD_KEYS.map((key): [BookingField, string] => {
    const value = get(BOOKING_FIELDS[key]);
    return [key, typeof value === 'string' ? value.slice(0, 2_000) : ''];
  });
  const values: Record<BookingField, string> = {
    job: '',
    brand: '',
    model: '',
    version: '',
    place: '',
    locality: '',
    from: '',
    window: '',
    name: '',
    phone: '',
    plate: '',
    notes: '',
    token: '',
  };
  for (const [key, value] of entries) values[key] = value;
  return values;
}

/** A value as given, but none when empty (the form sends every field, empty or not). */
const given: Canonical = (value) => (value === '' ? undefined : value.slice(0, 2_000));

/** One of `options`, or one stand-in for every other value (they all show the same page). */
const oneOf =
  (options: readonly string[]): Canonical =>
  (value) =>
    options.includes(value) ? value : value === '' ? undefined : '-';

/**
 * `/turnos`'s page identity (client/page-identity.ts): the fields its GET form and links send,
 * each in the form the page shows it, so that every spelling of one choice is one page. The
 * car and the locality are shown as typed.
 */
export const bookingPageParams: Readonly<Record<string, Canonical>> = {
  [BOOKING_FIELDS.job]: oneOf(BOOKING_JOBS),
  [BOOKING_FIELDS.brand]: given,
  [BOOKING_FIELDS.model]: given,
  [BOOKING_FIELDS.version]: given,
  [BOOKING_FIELDS.place]: oneOf(PLACES_OF_WORK),
  [BOOKING_FIELDS.locality]: given,
  [BOOKING_FIELDS.from]: parseDay,
  [BOOKING_FIELDS.window]: (value) => (parseWindowChoice(value) ? value : undefined),
};

export type Glass = {
  readonly label: string;
  readonly car: BookingCar;
  /** The product page (the "cambiar" link goes back there). */
  readonly url: string;
  readonly availability: Availability | undefined;
  readonly availabilityLabel: string | undefined;
};

/** What and where, checked. */
export type WhatAndWhere = {
  readonly job: BookingJob;
  readonly glass: Glass | undefined;
  readonly place: PlaceOfWork;
  readonly zone: Zone | undefined;
};

const isJob = (v: string): v is BookingJob => BOOKING_JOBS.some((j) => j === v);
const isPlace = (v: string): v is PlaceOfWork => PLACES_OF_WORK.some((p) => p === v);

/** A locality the shop visits only after talking: booked on WhatsApp, not here. */
export function askFirst(zone: Zone | undefined): boolean {
  return zone?.fee.kind === 'ask';
}

export function checkWhatAndWhere(
  values: BookingValues,
  catalogue: CatalogueLookup,
  zones: readonly Zone[],
): {
  errors: BookingErrors;
  ok: WhatAndWhere | undefined;
  /** The car as the catalogue names it, for the Marca and Modelo fields (the URL has slugs). */
  carNames?: { readonly brand: string; readonly model: string } | undefined;
} {
  const errors: Partial<Record<BookingField, string>> = {};
  let carNames: { brand: string; model: string } | undefined;
  const job = isJob(values.job) ? values.job : undefined;
  if (!job) errors.job = 'Elegí qué trabajo hacemos.';

  let glass: Glass | undefined;
  if (job && GLASS_JOBS.includes(job)) {
    const pieza = job === 'luneta' ? 'luneta' : 'parabrisas';
    if (!values.brand.trim()) errors.brand = 'Escribí la marca del auto.';
    if (!values.model.trim()) errors.model = 'Escribí el modelo del auto.';
    const match =
      values.brand.trim() && values.model.trim()
        ? catalogue.findProduct(values.brand.trim(), values.model.trim(), pieza)
        : undefined;
    if (values.brand.trim() && values.model.trim() && !match) {
      errors.model = `No encontramos ${pieceNames[pieza].the} de ese modelo en la lista de precios. Revisá cómo está escrito, o escribinos por WhatsApp.`;
    }
    if (match) {
      carNames = { brand: match.marca.marca, model: match.modelo.nombre };
      const versions = match.modelo.versiones;
      const version = values.version ? versions?.find((v) => v.id === values.version) : undefined;
      if (values.version && !version) {
        errors.version =
          'Esa versión ya no está en la lista: elegila de nuevo en la página del modelo.';
      }
      const parts = [
        `${pieceNames[pieza].name} ${match.marca.marca} ${match.modelo.nombre}`,
        ...(version
          ? [yearsLabel(version), version.version, featuresTitle(version.caracteristicas, pieza)]
          : []),
      ].filter((part): part is string => Boolean(part));
      const availability = version?.disponibilidad;
      glass = {
        label: parts.join(' · '),
        car: {
          name: `${match.marca.marca} ${match.modelo.nombre}`,
          brandSlug: match.marca.slug,
          modelSlug: match.modelo.slug,
        },
        url: version?.url ?? match.modelo.url,
        availability,
        availabilityLabel: availability ? availabilityLabel(availability) : undefined,
      };
    }
  }

  const place = isPlace(values.place) ? values.place : undefined;
  if (!place) errors.place = 'Elegí si venís al taller o vamos a domicilio.';
  let zone: Zone | undefined;
  if (place === 'domicilio') {
    zone = zones.find((z) => z.locality === values.locality);
    if (!zone) errors.locality = 'Elegí la localidad.';
    else if (askFirst(zone)) {
      errors.locality = `A ${zone.locality} vamos a consultar: escribinos por WhatsApp y coordinamos el día.`;
    }
  }
  const ok =
    job && place && Object.keys(errors).length === 0 ? { job, glass, place, zone } : undefined;
  return { errors, ok, carNames };
}

export type Who = {
  readonly name: string;
  readonly phone: string;
  readonly plate: string | undefined;
  readonly notes: string | undefined;
};

/** Car plates: `AB 123 CD` (since 2016) or `ABC 123`. */
const PLATE = /^(?:[A-Z]{2}\d{3}[A-Z]{2}|[A-Z]{3}\d{3})$/;

/** A plate as typed (`ab 123-cd`) in its one written form (`AB123CD`); '' when none. */
export function normalPlate(text: string): string {
  return text.toUpperCase().replace(/[\s.-]/g, '');
}
export function isPlate(plate: string): boolean {
  return PLATE.test(plate);
}
export const PLATE_ERROR =
  'Esa patente no tiene el formato AB 123 CD ni ABC 123 (podés dejarla vacía).';

export function checkWho(values: BookingValues): { errors: BookingErrors; ok: Who | undefined } {
  const errors: Partial<Record<BookingField, string>> = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Escribí tu nombre.';
  else if (name.length > BOOKING_LIMITS.name)
    errors.name = `El nombre puede tener hasta ${BOOKING_LIMITS.name} caracteres.`;
  const phone = values.phone.length <= BOOKING_LIMITS.phone ? arPhoneE164(values.phone) : undefined;
  if (!values.phone.trim()) errors.phone = 'Escribí tu teléfono con WhatsApp.';
  else if (!phone)
    errors.phone =
      'Ese teléfono no parece completo: escribilo con el código de área, por ejemplo 388 15 412-3456.';
  const plateText = normalPlate(values.plate);
  if (plateText && !isPlate(plateText)) errors.plate = PLATE_ERROR;
  const notes = values.notes.trim();
  if (notes.length > BOOKING_LIMITS.notes)
    errors.notes = `Las notas pueden tener hasta ${BOOKING_LIMITS.notes} caracteres.`;
  const ok =
    Object.keys(errors).length === 0 && phone
      ? { name, phone, plate: plateText || undefined, notes: notes || undefined }
      : undefined;
  return { errors, ok };
}

/** The chosen day and window, if it can be booked (places are checked when booking). */
export function checkWhen(
  values: BookingValues,
  now: Date,
  earliest: IsoDate,
  rules: BookingRules,
): { errors: BookingErrors; ok: { day: IsoDate; window: BookingWindow } | undefined } {
  const choice = parseWindowChoice(values.window);
  if (!choice) return { errors: { window: 'Elegí un día y un horario.' }, ok: undefined };
  const problem = dayProblem(choice.day, now, earliest, rules);
  if (problem) return { errors: { window: problem }, ok: undefined };
  const window = windowsOf(choice.day, rules).find((w) => w.id === choice.window);
  if (!window) return { errors: { window: 'Ese horario no está abierto ese día.' }, ok: undefined };
  return { errors: {}, ok: { day: choice.day, window } };
}
