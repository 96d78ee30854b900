/**
 * Warranty terms and aftercare (docs/product.md, Answers before they ask). The durations
 * are sample values until the owner sets them (README, "What the owner must fill in");
 * the page shows these terms and promises nothing beyond them.
 */
export const warrantyTerms = {
  /** Against leaks and noises caused by the fitting, in months. */
  fittingMonths: 12,
  /** Against manufacturing defects of the glass we supplied, in months. */
  glassMonths: 6,
  /** Repairs of chips (resin): the repaired spot does not spread, in months. */
  repairMonths: 3,
};

export const warrantyPage = {
  title: 'Garantía de colocación',
  metaTitle: 'Garantía de colocación de parabrisas y cuidados después',
  description: `Qué cubre la garantía de colocación (filtraciones, ruidos, la instalación), por cuánto tiempo, qué no cubre, cómo reclamar y los cuidados de las primeras horas.`,
  intro:
    'Estos son los términos de garantía de nuestros trabajos. Guardá la factura: es tu comprobante.',
  coveredTitle: 'Qué cubre',
  covered: [
    `Filtraciones de agua y de aire por la colocación: ${warrantyTerms.fittingMonths} meses.`,
    `Ruidos y vibraciones del cristal o de las molduras que colocamos: ${warrantyTerms.fittingMonths} meses.`,
    `Defectos de fabricación del cristal que vendimos: ${warrantyTerms.glassMonths} meses.`,
    `Reparación de impactos con resina, si el punto reparado se extiende: ${warrantyTerms.repairMonths} meses.`,
  ],
  notCoveredTitle: 'Qué no cubre',
  notCovered: [
    'Impactos nuevos (piedras) y fisuras que nacen de ellos.',
    'Choques, vuelcos, robos o daños de terceros.',
    'Trabajos hechos por otros sobre el cristal o la carrocería después de la colocación.',
    'Cristales provistos por el cliente o por la aseguradora: en ese caso la garantía cubre solo la colocación.',
  ],
  claimTitle: 'Cómo reclamar',
  claim: [
    'Escribinos por WhatsApp con la fecha de la factura y una foto o un video del problema.',
    'Te damos un turno para revisarlo en el taller.',
    'Si corresponde a la garantía, lo resolvemos sin cargo.',
  ],
  aftercareTitle: 'Cuidados después de la colocación',
  aftercare: [
    'No manejes durante la primera hora: el adhesivo tiene que tomar.',
    'No laves el auto durante 24 horas, ni a mano ni en lavadero.',
    'Evitá los caminos de ripio en las primeras horas.',
    'Dejá una ventanilla apenas abierta al cerrar las puertas el primer día.',
    'No saques las cintas de sujeción hasta el día siguiente.',
  ],
  whatsappMessage:
    'Hola, quiero hacer un reclamo de garantía. Fecha de la factura: . Les mando una foto del problema.',
};

/** The warranty in one line (the insurance quote states it). */
export const warrantyLine = `Garantía: ${warrantyTerms.fittingMonths} meses por filtraciones y ruidos de la colocación; ${warrantyTerms.glassMonths} meses por defectos de fabricación del cristal.`;
