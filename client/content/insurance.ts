/**
 * Insurance (docs/product.md, Answers before they ask): what glass cover usually includes
 * and how the shop works with insurers. General information, not the terms of any policy.
 */
export const insurancePage = {
  title: 'Cambiá tu parabrisas con el seguro',
  metaTitle: 'Parabrisas por el seguro en Jujuy: qué cubre y qué traer',
  description:
    'Qué suele cubrir el seguro de cristales en Argentina, qué documentos traer y cómo coordinamos con tu aseguradora el cambio de parabrisas en Jujuy.',
  intro:
    'Muchas pólizas de auto cubren los cristales. Te ayudamos a usar esa cobertura y coordinamos con tu aseguradora.',
  coverTitle: 'Qué suele cubrir',
  cover: [
    'Muchas pólizas contra terceros completo y todo riesgo incluyen la rotura de cristales: en general, un parabrisas por año.',
    'Según la póliza, la reposición es sin cargo o con una franquicia que pagás vos.',
    'Las lunetas y los laterales suelen tener su propio límite. Lo que vale es lo que dice tu póliza.',
  ],
  bringTitle: 'Qué traer',
  bring: [
    'La póliza o el certificado de cobertura.',
    'El número de siniestro que te da la aseguradora al hacer la denuncia.',
    'Tu DNI.',
    'La cédula del auto.',
  ],
  stepsTitle: 'Cómo lo hacemos',
  steps: [
    'Hacés la denuncia del siniestro en tu aseguradora y nos pasás el número.',
    'Coordinamos con la aseguradora la autorización y el cristal.',
    'Colocamos el parabrisas en el taller o a domicilio y te damos la factura para el trámite.',
  ],
  ownGlassTitle: 'Si la aseguradora manda su propio cristal',
  ownGlass:
    'Algunas aseguradoras envían el cristal de un proveedor suyo. En ese caso podemos hacer solo la colocación: revisamos que el cristal sea el de tu modelo y te decimos antes el precio de la mano de obra.',
  whatsappMessage: [
    'Tengo seguro y quiero cambiar un cristal.',
    'Aseguradora:',
    'Número de póliza:',
    'Número de siniestro:',
    'Marca, modelo y año del auto:',
    'Cristal (parabrisas, luneta o lateral):',
  ].join('\n'),
};

/**
 * The insurers the quote's form lists (the common ones in Argentina, alphabetically), then
 * "Otra" with a field of its own. A name here is only a label: nothing is sent to an insurer.
 */
export const insurers = [
  'Allianz',
  'Federación Patronal',
  'Galicia Seguros',
  'HDI Seguros',
  'La Caja',
  'La Segunda',
  'Mapfre',
  'Mercantil Andina',
  'Nación Seguros',
  'Provincia Seguros',
  'Río Uruguay Seguros (RUS)',
  'Rivadavia Seguros',
  'San Cristóbal',
  'Sancor Seguros',
  'Triunfo Seguros',
  'Zurich',
] as const;

/** The insurance quote: its form, its page and its PDF (client/quote/, server/quotes/). */
export const quoteTexts = {
  link: 'Presupuesto para el seguro (PDF)',
  formTitle: 'Presupuesto para el seguro',
  formIntro:
    'Completá tus datos y te damos al instante un presupuesto numerado en PDF, con nuestros datos fiscales y un código para que la aseguradora lo verifique.',
  otherInsurer: 'Otra',
  submit: 'Generar el presupuesto',
  documentTitle: 'Presupuesto',
  notAnInvoice: 'Presupuesto no válido como factura.',
  verifyNote: 'Verificá este presupuesto en',
  verifiedTitle: 'Presupuesto verificado',
  verifiedIntro:
    'Este presupuesto fue emitido por nosotros desde la web. Estos son sus datos tal como se emitieron: comparalos con el PDF que recibiste.',
  ownIntro:
    'Descargá el PDF y mandáselo a tu aseguradora. El código del PDF permite verificar que nadie lo cambió.',
  privateLinkNote:
    'Guardá este enlace: con él descargás el PDF otra vez. Quien lo tenga ve tus datos completos.',
  expired: 'Los precios de la lista están vencidos: no podemos emitir un presupuesto con ellos.',
  busy: 'En este momento no podemos emitir más presupuestos desde la web.',
  unavailable:
    'No pudimos guardar el presupuesto por un problema nuestro. Probá de nuevo en unos minutos.',
  whatsappMessage: 'Hola, quiero un presupuesto para el seguro.',
  download: 'Descargar PDF',
  share: 'Compartir por WhatsApp',
} as const;
