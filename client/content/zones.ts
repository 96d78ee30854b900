/**
 * Where the shop drives to install at home (docs/product.md, Answers before they ask).
 * Sample values: the owner confirms the localities and the surcharges (README, "What the
 * owner must fill in"). The order is the order shown.
 */
import { formatARS, type Centavos } from '../../catalogue/money.ts';

/** What going to a locality costs: nothing, a fixed surcharge, or to be agreed. */
export type ZoneFee =
  | { readonly kind: 'free' }
  | { readonly kind: 'surcharge'; readonly amount: Centavos }
  | { readonly kind: 'ask' };

export type Zone = { readonly locality: string; readonly fee: ZoneFee };

export const zones: readonly Zone[] = [
  { locality: 'San Salvador de Jujuy', fee: { kind: 'free' } },
  { locality: 'Palpalá', fee: { kind: 'free' } },
  { locality: 'Yala', fee: { kind: 'free' } },
  { locality: 'Perico', fee: { kind: 'surcharge', amount: 1_500_000 } },
  { locality: 'El Carmen', fee: { kind: 'surcharge', amount: 1_500_000 } },
  { locality: 'San Pedro', fee: { kind: 'surcharge', amount: 3_000_000 } },
  { locality: 'Libertador General San Martín', fee: { kind: 'ask' } },
  { locality: 'Tilcara', fee: { kind: 'ask' } },
  { locality: 'Humahuaca', fee: { kind: 'ask' } },
];

export const zonesPage = {
  title: 'Colocación a domicilio',
  metaTitle: 'Colocación de parabrisas a domicilio en Jujuy: zonas y costos',
  description:
    'Colocamos tu parabrisas, luneta o lateral a domicilio en San Salvador de Jujuy y alrededores: localidades sin cargo, con recargo o a consultar.',
  intro:
    'Vamos con el cristal a tu casa, tu trabajo o donde esté el auto. En estas localidades la visita es sin cargo, con un recargo fijo o a consultar según la distancia.',
  conditions: [
    'Necesitamos un lugar a la sombra o bajo techo y el auto estacionado durante la colocación.',
    'Si llueve coordinamos otro horario: el adhesivo necesita el cristal seco.',
    '¿Tu localidad no está en la lista? Escribinos y te decimos si llegamos.',
  ],
  whatsappMessage: 'Hola, quiero coordinar una colocación a domicilio en ',
};

const list = (items: readonly string[]) =>
  new Intl.ListFormat('es', { type: 'conjunction' }).format(items);

/** "Sin cargo", "Recargo de $ 15.000" or "Consultar". */
export function feeLabel(fee: ZoneFee): string {
  if (fee.kind === 'free') return 'Sin cargo';
  if (fee.kind === 'surcharge') return `Recargo de ${formatARS(fee.amount)}`;
  return 'Consultar';
}

/** The localities visited at no charge, as one phrase: "San Salvador de Jujuy, Palpalá y Yala". */
export const freeLocalities = list(
  zones.filter((zone) => zone.fee.kind === 'free').map((zone) => zone.locality),
);

/** The short line of the home banner and the product pages. */
export const freeInstallLine = `Colocación a domicilio sin cargo en ${freeLocalities}.`;
