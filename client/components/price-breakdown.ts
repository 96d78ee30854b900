/**
 * The lawful breakdown of a price as the site states it (the price block, the insurance
 * quote's page and PDF): catalogue/money.ts's priceBreakdown with the VAT the prices include.
 */
import {
  priceBreakdown,
  priceWithoutNationalTaxes,
  type Centavos,
  type PriceBreakdown,
} from '../../catalogue/money.ts';
import { shopContent } from '../content/business.ts';

export function lawfulPrice(
  precio: Centavos,
  cuotas: { readonly en3: Centavos; readonly en6: Centavos },
): PriceBreakdown {
  return priceBreakdown(precio, cuotas, shopContent.vatPercent);
}

/** Any amount the site states (a surcharge, a total) without national taxes (Ley 27.743). */
export function withoutNationalTaxes(amount: Centavos): Centavos {
  return priceWithoutNationalTaxes(amount, shopContent.vatPercent);
}

/** Beside every "sin interés" offer (Argentine price-display rules). */
export const CFTEA = 'CFTEA: 0,00%';
export const TNA = 'TNA: 0,00%';
export const INSTALMENTS_TOTAL_NOTE = 'El total en cuotas es igual al precio de contado.';
