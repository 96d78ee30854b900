/**
 * How the pages name a piece of glass and what tells its versions apart, in plain Spanish
 * (one place: the product pages, the filter, the WhatsApp messages and the JSON-LD read it).
 */
import type { Calidad, Disponibilidad, Feature, Pieza } from '../../catalogue/pieces.ts';

/** Each piece: its name alone, with an article, and in plural (headings, messages, lists). */
export const pieceNames = {
  parabrisas: {
    name: 'Parabrisas',
    the: 'el parabrisas',
    plural: 'Parabrisas',
    eyebrow: 'Parabrisas nuevo con colocación',
    notFound: 'Parabrisas no encontrado',
  },
  luneta: {
    name: 'Luneta',
    the: 'la luneta',
    plural: 'Lunetas',
    eyebrow: 'Luneta nueva con colocación',
    notFound: 'Luneta no encontrada',
  },
} as const satisfies Record<
  Pieza,
  { name: string; the: string; plural: string; eyebrow: string; notFound: string }
>;

/** Each feature: as a filter label, after "con" / "sin" in a sentence, and as a version row's label. */
export const featureLabels = {
  sensorLluvia: { label: 'Sensor de lluvia', phrase: 'sensor de lluvia', short: 'Sensor' },
  camara: {
    label: 'Cámara de asistencia',
    phrase: 'soporte para la cámara de asistencia',
    short: 'Cámara',
  },
  calefaccionado: { label: 'Calefaccionado', phrase: 'calefacción', short: 'Calefaccionado' },
  acustico: { label: 'Acústico', phrase: 'capa acústica (menos ruido)', short: 'Acústico' },
  franja: { label: 'Franja polarizada', phrase: 'franja polarizada arriba', short: 'Franja' },
} as const satisfies Record<Feature, { label: string; phrase: string; short: string }>;

export const qualityLabels = {
  original: 'Original (la marca del auto)',
  equivalente: 'Equivalente (misma medida y normas)',
} as const satisfies Record<Calidad, string>;

/** Quality in a version's one-line summary. */
export const qualityShortLabels = {
  original: 'Original',
  equivalente: 'Equivalente',
} as const satisfies Record<Calidad, string>;

/** A version with none of the features, in its one-line summary. */
export const PLAIN_VERSION_SHORT = 'Estándar';

/** A version with none of the features. */
export const PLAIN_VERSION = {
  parabrisas: 'Versión estándar, sin sensor ni cámara',
  luneta: 'Versión estándar',
} as const satisfies Record<Pieza, string>;

/** After fitting a camera version (the windshield moves the camera's view). */
export const CALIBRATION_NOTE =
  'Lleva la cámara de asistencia: después de colocarlo hay que calibrarla. Te decimos dónde y cuánto cuesta antes del turno.';

export function availabilityLabel(disponibilidad: Disponibilidad): string {
  if (disponibilidad.tipo === 'stock') return 'En stock';
  return disponibilidad.dias === undefined
    ? 'A pedido'
    : `A pedido (${disponibilidad.dias} ${disponibilidad.dias === 1 ? 'día' : 'días'})`;
}

/** "sensor de lluvia y cámara…": features joined as Spanish lists are. */
export function featurePhrase(features: readonly Feature[]): string {
  const phrases = features.map((f) => featureLabels[f].phrase);
  if (phrases.length <= 1) return phrases.join('');
  return `${phrases.slice(0, -1).join(', ')} y ${phrases.at(-1)}`;
}

/** Years as a visitor reads them: "2014 a 2019", "desde 2020", "hasta 2013", or nothing. */
export function yearsLabel(years: {
  anioDesde?: number | undefined;
  anioHasta?: number | undefined;
}): string | undefined {
  const { anioDesde: from, anioHasta: to } = years;
  if (from !== undefined && to !== undefined) return from === to ? `${from}` : `${from} a ${to}`;
  if (from !== undefined) return `desde ${from}`;
  if (to !== undefined) return `hasta ${to}`;
  return undefined;
}

/** "Con sensor de lluvia y …", or the plain version's name. */
export function featuresTitle(features: readonly Feature[], pieza: Pieza): string {
  return features.length === 0 ? PLAIN_VERSION[pieza] : `Con ${featurePhrase(features)}`;
}

/** A group of versions by years: "Años 2014 a 2019", "Desde 2020", "Hasta 2013". */
export function yearsTitle(years: {
  anioDesde?: number | undefined;
  anioHasta?: number | undefined;
}): string {
  const label = yearsLabel(years);
  if (label === undefined) return 'Todos los años';
  if (years.anioDesde !== undefined && years.anioHasta !== undefined) return `Años ${label}`;
  return `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
}
