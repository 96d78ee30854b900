/**
 * "¿Cuál es el mío?": how a visitor tells which version of the glass their car has, without
 * taking it to the shop. The drawings are in client/components/WhichGlassGuide.tsx.
 */
export const whichGlass = {
  title: '¿Cuál es el mío?',
  intro:
    'Mirá tu parabrisas desde adentro, detrás del espejo retrovisor, y la esquina de abajo del vidrio. Con eso sabés qué versión pedir.',
  steps: {
    sensor: {
      title: 'Sensor de lluvia',
      text: 'Si detrás del espejo hay una cajita pegada al vidrio con una lente o un gel transparente, y los limpiaparabrisas se encienden solos, tu auto tiene sensor de lluvia.',
    },
    camera: {
      title: 'Cámara de asistencia',
      text: 'Si ves una carcasa más grande con una lente que mira hacia adelante (frenado automático, aviso de cambio de carril), necesitás la versión con soporte para cámara. Después de colocarlo hay que calibrar la cámara.',
    },
    stamp: {
      title: 'El sello del vidrio',
      text: 'En una esquina del vidrio hay un sello impreso con la marca (Pilkington, Fuyao, AGC…), la norma (una E o DOT con números) y a veces el código de la pieza. Sacale una foto y mandala por WhatsApp: con eso confirmamos la versión.',
    },
  },
  /** The link under the guide. */
  askLabel: 'Mandanos la foto del sello',
  askMessage:
    'Hola, no sé qué versión de vidrio tiene mi auto. Les mando una foto del sello del vidrio.',
} as const;
