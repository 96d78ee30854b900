import type { Pieza } from '../../catalogue/pieces.ts';
import { slugify } from '../../catalogue/slug.ts';

/** Longer brand or model names than this are not a car someone looked for. */
const MAX_PART = 40;
/** Six digits or more: a phone number (or a document number), never a model. */
const PHONE = /\d[\d\s().+-]{4,}\d/;
const DIGITS = /\d/g;
/** Argentine plates once slugified: `abc-123` (1995-2016) and `ab-123-cd` (Mercosur). */
const PLATE = /^[a-z]{3}-?\d{3}$|^[a-z]{2}-?\d{3}-?[a-z]{2}$/;

/**
 * The key under which a brand and model people asked for (a 404 or a picker search) is
 * counted: `{pieza}/{marca}/{modelo}` as slugs, or undefined when either part could be
 * something personal (an e-mail, a phone, a plate) or is not a name at all.
 */
export function missingKey(pieza: Pieza, marca: string, modelo: string): string | undefined {
  const parts = [marca, modelo];
  if (parts.some((part) => part.includes('@') || looksLikePhone(part))) return undefined;
  const [brand = '', model = ''] = parts.map(slugify);
  if (brand === '' || model === '' || brand.length > MAX_PART || model.length > MAX_PART) {
    return undefined;
  }
  if ([brand, model, `${brand}-${model}`].some((slug) => PLATE.test(slug))) return undefined;
  return `${pieza}/${brand}/${model}`;
}

function looksLikePhone(text: string): boolean {
  return PHONE.test(text) && (text.match(DIGITS)?.length ?? 0) >= 6;
}
