/**
 * Tint rules (docs/product.md, Answers before they ask): the national traffic law's
 * figures and its source, kept here so a change in the rules is one edit.
 */
export const tintLaw = {
  /** The law and its regulation, named as people look them up. */
  law: 'Ley Nacional de Tránsito 24.449',
  decree: 'Decreto reglamentario 779/95, Anexo',
  /** Minimum visible-light transmission, in percent. */
  windshieldMinPercent: 75,
  otherWindowsMinPercent: 70,
};

export const tintPage = {
  title: 'Polarizado: qué permite la ley',
  metaTitle: 'Polarizado de autos en Jujuy: límites de la ley de tránsito',
  description: `Cuánto se puede polarizar un auto según la ${tintLaw.law}: parabrisas y demás ventanillas, la VTV y las reglas de cada provincia.`,
  intro:
    'Polarizamos lunetas y laterales con láminas de calidad, dentro de lo que permite la ley. Antes de elegir qué tan oscuro, conviene saber estos límites.',
  rules: [
    `Parabrisas: tiene que dejar pasar al menos el ${tintLaw.windshieldMinPercent} % de la luz.`,
    `Lunetas y laterales: al menos el ${tintLaw.otherWindowsMinPercent} % de la luz.`,
    'Un parabrisas polarizado no pasa la Verificación Técnica Vehicular (VTV).',
  ],
  source: `Fuente: ${tintLaw.law} y su ${tintLaw.decree}.`,
  province:
    'Cada provincia puede sumar sus propias reglas y controles: consultá la normativa de tu provincia antes de polarizar.',
  whatsappMessage: 'Hola, quiero consultar por un polarizado para mi auto.',
};

export const tintFaq = [
  {
    id: 'polarizado-ley',
    question: '¿Qué tan oscuro puede ser el polarizado?',
    answer: `Según la ${tintLaw.law} (${tintLaw.decree}), el parabrisas tiene que dejar pasar al menos el ${tintLaw.windshieldMinPercent} % de la luz y las demás ventanillas al menos el ${tintLaw.otherWindowsMinPercent} %. Consultá la normativa de tu provincia.`,
  },
  {
    id: 'polarizado-vtv',
    question: '¿Puedo polarizar el parabrisas?',
    answer:
      'No conviene: un parabrisas polarizado no pasa la Verificación Técnica Vehicular (VTV). Polarizamos lunetas y laterales dentro de los límites de la ley.',
  },
] as const;
