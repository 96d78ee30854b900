import { formatARS, type Centavos } from '../../catalogue/money.ts';

/** A model's price in a list: "desde $ X" when it has several versions (X the lowest). */
export function fromPrice(precio: Centavos, versions: number): string {
  return versions > 1 ? `desde ${formatARS(precio)}` : formatARS(precio);
}

/** "3 versiones", or nothing for a model of one. */
export function versionCount(versions: number): string | undefined {
  return versions > 1 ? `${versions} versiones` : undefined;
}
