/**
 * Where the shop drives to install at home (docs/product.md, Answers before they ask): the
 * page's texts, and how a zone's fee reads. The localities and surcharges are the owner's
 * published facts (`facts.zones`, set in the panel); `zones` below is only their first version
 * (client/facts/defaults.ts). Sample values until the owner publishes his own.
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

/** `$ 15.000` for whole pesos, `$ 15.000,50` otherwise (a surcharge is usually whole). */
export function formatFee(amount: Centavos): string {
  return amount % 100 === 0 ? wholePesos.format(amount / 100) : formatARS(amount);
}
const wholePesos = new Intl.NumberFormat('es-AR', {
  style: 'currency',
  currency: 'ARS',
  maximumFractionDigits: 0,
});

/** "Sin cargo", "Recargo de $ 15.000" or "Consultar". */
export function feeLabel(fee: ZoneFee): string {
  if (fee.kind === 'free') return 'Sin cargo';
  if (fee.kind === 'surcharge') return `Recargo de ${formatFee(fee.amount)}`;
  return 'Consultar';
}

const byZones = new WeakMap<readonly Zone[], string>();

/**
 * The install line of the home banner and the product pages, from the published zones:
 * "Colocación a domicilio sin cargo en San Salvador de Jujuy, Palpalá y Yala; en Perico y El
 * Carmen, recargo de $ 15.000; en San Pedro, recargo de $ 30.000." Made once per version.
 */
export function installLine(zones: readonly Zone[]): string {
  const known = byZones.get(zones);
  if (known !== undefined) return known;
  const free = zones.filter((zone) => zone.fee.kind === 'free').map((zone) => zone.locality);
  const byAmount = new Map<Centavos, string[]>();
  for (const zone of zones) {
    if (zone.fee.kind !== 'surcharge') continue;
    byAmount.set(zone.fee.amount, [...(byAmount.get(zone.fee.amount) ?? []), zone.locality]);
  }
  const parts = [
    ...(free.length > 0 ? [`sin cargo en ${list(free)}`] : []),
    ...[...byAmount].map(
      ([amount, places]) => `en ${list(places)}, recargo de ${formatFee(amount)}`,
    ),
  ];
  const line =
    parts.length > 0
      ? `Colocación a domicilio ${parts.join('; ')}.`
      : 'Colocación a domicilio: consultanos por tu localidad.';
  byZones.set(zones, line);
  return line;
}
