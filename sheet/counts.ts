/** How big a catalogue is, as the owner reads it in the CLI's messages. */
import { modelsOf, type Catalogue } from '../catalogue/schema.ts';
import { count } from './format.ts';

export type Counts = {
  marcas: number;
  parabrisas: number;
  lunetas: number;
  /** Priced glasses: a model's versions, or the model itself when it has one plain price. */
  versiones: number;
};

export function countsOf(catalogue: Catalogue): Counts {
  const counts: Counts = {
    marcas: catalogue.marcas.length,
    parabrisas: 0,
    lunetas: 0,
    versiones: 0,
  };
  for (const marca of catalogue.marcas) {
    counts.parabrisas += marca.modelos.length;
    counts.lunetas += modelsOf(marca, 'luneta').length;
    for (const modelo of [...marca.modelos, ...modelsOf(marca, 'luneta')]) {
      counts.versiones += modelo.versiones?.length ?? 1;
    }
  }
  return counts;
}

/** True when every model has one plain price, as in a sheet without the optional columns. */
export const onlyPlainModels = (counts: Counts): boolean =>
  counts.lunetas === 0 && counts.versiones === counts.parabrisas;

/** `3 modelos`; `52 modelos (46 parabrisas y 6 lunetas), 180 versiones`. */
export function describeModels(counts: Counts): string {
  const models = count(counts.parabrisas + counts.lunetas, 'modelo', 'modelos');
  const pieces =
    counts.lunetas === 0
      ? ''
      : ` (${count(counts.parabrisas, 'parabrisas', 'parabrisas')} y ${count(counts.lunetas, 'luneta', 'lunetas')})`;
  const versions = onlyPlainModels(counts)
    ? ''
    : `, ${count(counts.versiones, 'versión', 'versiones')}`;
  return `${models}${pieces}${versions}`;
}
