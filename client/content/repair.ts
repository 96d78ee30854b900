/**
 * The repair-or-replace self-check's words and thresholds (docs/product.md, Answers before
 * they ask). The thresholds are the owner's rules of thumb; the rules that use the answers
 * are in client/repair/self-check.ts.
 */
const cm = (value: number) => `${value.toLocaleString('es-AR')} cm`;

export const repairThresholds = {
  /** A chip smaller than a coin of this diameter is the easy case. */
  coinCm: 2,
  /** Larger than this, resin cannot fill the damage. */
  maxRepairCm: 2.5,
  /** A crack longer than this means a new windshield. */
  crackCm: 15,
  /** Closer to the edge than this, a chip tends to become a crack. */
  edgeCm: 5,
};

const t = repairThresholds;

/** One question of the form: its legend, a short name for the WhatsApp message, and its options. */
export type QuestionText = {
  readonly legend: string;
  readonly short: string;
  readonly hint?: string;
  readonly options: Readonly<Record<string, string>>;
};

const yesNo = { si: 'Sí', no: 'No' };

export const questions = {
  size: {
    legend: '¿De qué tamaño es el daño?',
    short: 'Tamaño',
    options: {
      moneda: `Más chico que una moneda (menos de ${cm(t.coinCm)})`,
      'hasta-2-5': `Hasta ${cm(t.maxRepairCm)}`,
      mayor: `Más de ${cm(t.maxRepairCm)}`,
    },
  },
  crack: {
    legend: `¿Tiene una fisura (rajadura) de más de ${cm(t.crackCm)}?`,
    short: `Fisura de más de ${cm(t.crackCm)}`,
    options: yesNo,
  },
  impacts: {
    legend: '¿Cuántos impactos tiene el parabrisas?',
    short: 'Impactos',
    options: { '1': 'Uno', '2': 'Dos', '3': 'Tres o más' },
  },
  edge: {
    legend: `¿Está a menos de ${cm(t.edgeCm)} del borde?`,
    short: `A menos de ${cm(t.edgeCm)} del borde`,
    options: yesNo,
  },
  sight: {
    legend: '¿Está en la línea de visión del conductor?',
    short: 'En la línea de visión',
    hint: 'La franja frente al volante, a la altura de los ojos.',
    options: yesNo,
  },
  sensor: {
    legend: '¿Está delante de la cámara o de un sensor?',
    short: 'Delante de cámara o sensor',
    hint: 'Junto al espejo interior: sensor de lluvia o de luz, cámara de asistencia.',
    options: yesNo,
  },
} satisfies Record<string, QuestionText>;

export const outcomes = {
  reparar: 'Se puede reparar',
  cambiar: 'Conviene cambiar',
  ver: 'Hay que verlo',
};

/** One sentence per rule of client/repair/self-check.ts. */
export const reasons = {
  crack: `Una fisura de más de ${cm(t.crackCm)} no se puede reparar con resina y sigue avanzando con los cambios de temperatura.`,
  large: `Un daño de más de ${cm(t.maxRepairCm)} es demasiado grande para rellenarlo con resina sin que quede débil.`,
  manyImpacts:
    'Con tres impactos o más, el parabrisas queda debilitado aunque se reparen uno por uno.',
  sight:
    'En la línea de visión del conductor, una reparación de ese tamaño deja una marca que molesta al manejar.',
  sightSmall:
    'Un impacto chico en la línea de visión se puede reparar, pero hay que ver si la marca que queda molesta al manejar.',
  sensor:
    'Delante de la cámara o de un sensor, hay que ver si la reparación afecta lo que leen antes de decidir.',
  edge: `A menos de ${cm(t.edgeCm)} del borde un impacto tiende a convertirse en fisura: hay que verlo para saber si todavía se repara.`,
  twoImpacts:
    'Con dos impactos, que se puedan reparar depende de su tamaño y de la distancia entre ellos.',
  small:
    'Un impacto más chico que una moneda, lejos del borde y fuera de la vista del conductor se repara con resina y deja de avanzar.',
  medium: `Un impacto de hasta ${cm(t.maxRepairCm)}, lejos del borde y fuera de la vista del conductor se puede reparar con resina.`,
};

export const repairPage = {
  title: '¿Reparar o cambiar el parabrisas?',
  metaTitle: '¿Reparar o cambiar el parabrisas? Autodiagnóstico',
  description:
    'Respondé seis preguntas sobre el impacto o la fisura de tu parabrisas y sabé si se puede reparar o conviene cambiarlo. Después mandanos una foto por WhatsApp.',
  intro:
    'Respondé estas preguntas mirando el daño de cerca. Es una orientación: con una foto te lo confirmamos.',
  submit: 'Ver el resultado',
  incomplete: 'Respondé todas las preguntas para ver el resultado.',
  whatsappButton: 'Mandanos una foto por WhatsApp',
  whatsappGreeting: 'Hola, hice el autodiagnóstico de ¿reparar o cambiar? en la web:',
  whatsappPhoto: 'Les mando una foto del daño para que me confirmen.',
  disclaimer:
    'El resultado es orientativo: lo confirmamos al ver el daño, en una foto o en el taller.',
};
