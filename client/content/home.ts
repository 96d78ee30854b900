/** The home page's copy (Spanish, es-AR). Content of the shop: business.ts (shopContent); the owner's facts are published (useFacts). */
import type { IconName } from '../components/Icon.tsx';
import { shopContent } from './business.ts';
import { tintFaq } from './tint.ts';
import { paths } from '../paths.ts';

const list = (items: readonly string[]) =>
  new Intl.ListFormat('es', { type: 'conjunction' }).format(items);

export const hero = {
  eyebrow: 'Parabrisas y cristales para tu auto en Jujuy',
  title: 'Cambiá tu parabrisas hoy, en el taller o en tu casa',
  text: 'Venta, colocación y reparación de parabrisas, lunetas, laterales y cristales, y polarizados. Colocación a domicilio sin cargo según la zona y trabajo garantizado.',
  whatsappMessage: 'Hola, quiero consultar por un parabrisas.',
};

export const payment = {
  title: 'Formas de pago',
  text: 'Pagá como te quede más cómodo. Emitimos factura.',
  instalmentsText: `Adheridos a ${shopContent.instalmentScheme}: ${list(shopContent.instalmentOptions.map(String))} cuotas.`,
};

export const services: readonly { title: string; text: string; icon: IconName }[] = [
  {
    title: 'Parabrisas',
    text: 'Venta y colocación de parabrisas para autos, camionetas y utilitarios, con cristales de primeras marcas.',
    icon: 'shield',
  },
  {
    title: 'Lunetas',
    text: 'Lunetas térmicas y comunes, con la conexión del desempañador revisada al colocarlas.',
    icon: 'check',
  },
  {
    title: 'Laterales y cristales',
    text: 'Cristales de puertas, ventiletes y fijos; reparamos alzacristales y burletes.',
    icon: 'card',
  },
  {
    title: 'Polarizados',
    text: 'Polarizado de cristales con láminas de calidad, dentro de lo que permite la ley de tránsito.',
    icon: 'star',
  },
];

export const installBanner = {
  title: 'Colocación a domicilio con trabajo garantizado',
  text: 'Vamos hasta tu casa u oficina sin cargo, según la zona, o te atendemos en el taller. Toda colocación tiene garantía.',
  zonesLink: 'Ver zonas y costos',
};

export const answersIntro = '¿Tenés dudas antes de escribirnos?';

export const whyUs = {
  title: '¿Por qué elegirnos?',
  points: [
    'Precios publicados y claros, de contado o en cuotas sin interés.',
    'Colocadores con experiencia y materiales de primera.',
    'Turnos rápidos: en la mayoría de los modelos, el mismo día.',
    'Te asesoramos por WhatsApp antes de comprar.',
  ],
};

export type FaqEntry = {
  id: string;
  question: string;
  answer: string;
  /** A page that answers at length. */
  more?: { path: string; label: string };
};

export const faq: readonly FaqEntry[] = [
  {
    id: 'q1',
    question: '¿Cuánto tarda el cambio de parabrisas?',
    answer:
      'La colocación lleva entre una y dos horas. Después conviene esperar unas horas antes de lavar el auto o circular por caminos de ripio, para que el adhesivo termine de curar.',
  },
  {
    id: 'q2',
    question: '¿Hacen la colocación a domicilio?',
    answer:
      'Sí. Vamos a tu casa u oficina sin cargo, según la zona de San Salvador de Jujuy y alrededores. Consultanos por WhatsApp para coordinar el turno.',
    more: { path: paths.homeInstallation, label: 'Ver zonas y costos' },
  },
  {
    id: 'q3',
    question: '¿La colocación tiene garantía?',
    answer:
      'Sí, todo trabajo de colocación está garantizado contra filtraciones y defectos de instalación.',
    more: { path: paths.warranty, label: 'Ver los términos y los cuidados' },
  },
  {
    id: 'q4',
    question: '¿Qué formas de pago aceptan?',
    answer: `${list(shopContent.paymentMethods)}. Estamos adheridos a ${shopContent.instalmentScheme}: ${list(shopContent.instalmentOptions.map(String))} cuotas. Emitimos factura.`,
  },
  {
    id: 'q5',
    question: '¿Reparan parabrisas con piquetes o fisuras?',
    answer:
      'Los piquetes chicos, fuera de la línea de visión del conductor, se pueden reparar. Si la fisura es larga o avanza, hay que cambiar el parabrisas: te lo decimos con una foto por WhatsApp.',
    more: { path: paths.repairOrReplace, label: 'Hacé el autodiagnóstico' },
  },
  {
    id: 'q-seguro',
    question: '¿Trabajan con seguros?',
    answer:
      'Sí. Si tu póliza cubre cristales, coordinamos con la aseguradora: traé la póliza, el número de siniestro, tu DNI y la cédula del auto.',
    more: { path: paths.insurance, label: 'Qué cubre y cómo es el trámite' },
  },
  {
    id: 'q6',
    question: '¿Qué marcas de cristales trabajan?',
    answer: `Trabajamos con ${list(shopContent.glassBrands)}, según el modelo.`,
  },
  ...tintFaq.map((entry) => ({
    ...entry,
    more: { path: paths.tint, label: 'Más sobre polarizado' },
  })),
];

export const location = {
  title: 'Dónde estamos',
  text: 'Te esperamos en el taller o vamos a tu domicilio.',
};

/** The booking banner shown on the pages the spec names, with the configured phone. */
export const bookingBanner = {
  title: 'Reservá tu turno escribiéndonos o llamándonos',
  text: 'Te confirmamos precio y horario en el momento.',
};
