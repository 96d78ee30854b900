/**
 * The insurance quote's form, read and checked field by field (a Spanish message next to each
 * field; the rest of the form is kept), and the quote it freezes: only what the catalogue and
 * the published facts state. Pure: the catalogue, the facts and the clock come in as arguments.
 */
import type {
  CatalogueLookup,
  Producto,
  ProductMatch,
  VersionOffer,
} from '../../catalogue/lookup.ts';
import { PIEZAS, type Pieza } from '../../catalogue/pieces.ts';
import { priceDate, shopDate } from '../../catalogue/validity.ts';
import { isPlate, normalPlate, PLATE_ERROR } from '../booking/form.ts';
import { lawfulPrice, withoutNationalTaxes } from '../components/price-breakdown.ts';
import { queryParams } from '../paths.ts';
import { featuresTitle, pieceNames, qualityLabels, yearsLabel } from '../content/glass.ts';
import { PLACES_OF_WORK, type PlaceOfWork } from '../content/booking.ts';
import { insurers } from '../content/insurance.ts';
import { warrantyLine } from '../content/warranty.ts';
import type { Zone } from '../content/zones.ts';
import type { ShopFacts } from '../facts/types.ts';
import {
  OTHER_INSURER,
  QUOTE_FIELD_KEYS,
  QUOTE_FIELDS,
  QUOTE_LIMITS,
  type QuoteDraft,
  type QuoteErrors,
  type QuoteField,
  type QuoteValues,
} from './types.ts';

/** The form's values from a query string or a posted form ('' for a missing field). */
export function readQuoteValues(get: (name: string) => unknown): QuoteValues {
  const values: Record<QuoteField, string> = {
    piece: '',
    brand: '',
    model: '',
    version: '',
    name: '',
    plate: '',
    insurer: '',
    otherInsurer: '',
    claim: '',
    place: '',
    locality: '',
    token: '',
  };
  for (const key of QUOTE_FIELD_KEYS) {
    const value = get(QUOTE_FIELDS[key]);
    values[key] = typeof value === 'string' ? value.slice(0, 2_000) : '';
  }
  return values;
}

/** What is quoted: a model of the catalogue and, when it has versions, one of them. */
export type QuotedGlass = {
  readonly match: ProductMatch;
  /** The priced row: the version, or the model itself when it has none. */
  readonly offer: VersionOffer | Producto;
  readonly version: VersionOffer | undefined;
};

const isPiece = (v: string): v is Pieza => PIEZAS.some((p) => p === v);

/**
 * The glass the form names, or undefined (a 404): an unknown model, a version that is not the
 * model's, or a model with versions and none chosen (each version has its own price).
 */
export function findQuotedGlass(
  values: Pick<QuoteValues, 'piece' | 'brand' | 'model' | 'version'>,
  catalogue: CatalogueLookup,
): QuotedGlass | undefined {
  const pieza = values.piece === '' ? 'parabrisas' : values.piece;
  if (!isPiece(pieza) || !values.brand || !values.model) return undefined;
  const match = catalogue.findProduct(values.brand, values.model, pieza);
  if (!match) return undefined;
  const versions = match.modelo.versiones ?? [];
  if (versions.length === 0) {
    return values.version === '' ? { match, offer: match.modelo, version: undefined } : undefined;
  }
  const version = versions.find((v) => v.id === values.version);
  return version ? { match, offer: version, version } : undefined;
}

/** Control characters, bidirectional overrides and invisible marks: never in a document. */
const UNPRINTABLE = /[\p{Cc}\p{Co}\p{Cs}\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFEFF]/u;
const CLAIM = /^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u;

function text(
  value: string,
  limit: number,
  label: string,
): { value: string; error: string | undefined } {
  const trimmed = value.trim().replace(/\s+/g, ' ');
  if (UNPRINTABLE.test(value))
    return { value: trimmed, error: `${label} tiene caracteres que no se pueden imprimir.` };
  if (trimmed.length > limit)
    return { value: trimmed, error: `${label} puede tener hasta ${limit} caracteres.` };
  return { value: trimmed, error: undefined };
}

export type CheckedCustomer = {
  readonly name: string;
  readonly plate: string | null;
  readonly insurer: string;
  readonly claim: string | null;
  readonly zone: Zone | undefined;
  readonly place: PlaceOfWork;
};

/** The visitor's part of the form, checked against the published zones. */
export function checkQuoteForm(
  values: QuoteValues,
  zones: ShopFacts['zones'],
): { errors: QuoteErrors; ok: CheckedCustomer | undefined } {
  const errors: Partial<Record<QuoteField, string>> = {};
  const name = text(values.name, QUOTE_LIMITS.name, 'El nombre');
  if (name.error) errors.name = name.error;
  else if (!name.value) errors.name = 'Escribí tu nombre y apellido.';

  const plate = normalPlate(values.plate);
  if (plate && !isPlate(plate)) errors.plate = PLATE_ERROR;

  let insurer: string;
  if (values.insurer === OTHER_INSURER) {
    const other = text(values.otherInsurer, QUOTE_LIMITS.insurer, 'El nombre de la aseguradora');
    if (other.error) errors.otherInsurer = other.error;
    else if (!other.value) errors.otherInsurer = 'Escribí el nombre de tu aseguradora.';
    insurer = other.value;
  } else {
    const listed = insurers.find((i) => i === values.insurer);
    if (!listed) errors.insurer = 'Elegí tu aseguradora (o "Otra" y escribila).';
    insurer = listed ?? '';
  }

  const claim = text(values.claim, QUOTE_LIMITS.claim, 'El número');
  if (claim.error) errors.claim = claim.error;
  else if (claim.value && !CLAIM.test(claim.value))
    errors.claim =
      'El número de póliza o siniestro lleva letras, números, puntos, barras o guiones.';

  const place = PLACES_OF_WORK.find((p) => p === values.place);
  if (!place) errors.place = 'Elegí si lo colocamos en el taller o a domicilio.';
  let zone: Zone | undefined;
  if (place === 'domicilio') {
    zone = zones.find((z) => z.locality === values.locality);
    if (!zone) errors.locality = 'Elegí la localidad.';
    else if (zone.fee.kind === 'ask')
      errors.locality = `A ${zone.locality} vamos a consultar, y el recargo no está en la lista: escribinos por WhatsApp.`;
  }
  const ok =
    place && Object.keys(errors).length === 0
      ? {
          name: name.value,
          plate: plate || null,
          insurer,
          claim: claim.value || null,
          zone,
          place,
        }
      : undefined;
  return { errors, ok };
}

/** "Parabrisas Peugeot 208" and the version's facts, as the product page shows them. */
export function describeGlass({ match, version }: QuotedGlass) {
  const title = `${pieceNames[match.pieza].name} ${match.marca.marca} ${match.modelo.nombre}`;
  const details = version
    ? [
        yearsLabel(version) ? `Años: ${yearsLabel(version)}` : undefined,
        version.version ? `Versión: ${version.version}` : undefined,
        featuresTitle(version.caracteristicas, match.pieza),
        version.calidad ? `Calidad: ${qualityLabels[version.calidad]}` : undefined,
        version.marcaVidrio ? `Marca del vidrio: ${version.marcaVidrio}` : undefined,
        version.codigo ? `Código: ${version.codigo}` : undefined,
      ].filter((part): part is string => part !== undefined)
    : [];
  return { title, details };
}

/** The prices are past their validity date: nothing can be quoted with them. */
export function pricesExpired(catalogue: CatalogueLookup, now: Date): boolean {
  return priceDate(catalogue.catalogue, now).expired;
}

/** The quote, frozen: the glass's price block, the zone's surcharge, the shop's facts, today. */
export function draftQuote(input: {
  readonly glass: QuotedGlass;
  readonly customer: CheckedCustomer;
  readonly catalogue: CatalogueLookup;
  readonly facts: ShopFacts;
  readonly now: Date;
  readonly siteUrl: string;
}): QuoteDraft {
  const { glass, customer, facts, now } = input;
  const { contact, fiscal } = facts;
  const price = lawfulPrice(glass.offer.precio, glass.offer.cuotas);
  const fee = customer.zone?.fee;
  const surcharge = fee?.kind === 'surcharge' ? fee.amount : null;
  const total = price.cash + (surcharge ?? 0);
  const address = contact.address;
  return {
    issuedAt: now.toISOString(),
    issuedDay: shopDate(now),
    validUntil: input.catalogue.catalogue.vigenteHasta,
    siteUrl: input.siteUrl,
    shop: {
      name: contact.name,
      razonSocial: fiscal.razonSocial,
      cuit: fiscal.cuit,
      ivaCondition: fiscal.ivaCondition,
      address: `${address.street}, ${address.locality}, ${address.region} (${address.postalCode})`,
      phone: contact.phoneDisplay,
      email: contact.email,
    },
    customer: {
      name: customer.name,
      plate: customer.plate,
      insurer: customer.insurer,
      claim: customer.claim,
    },
    item: {
      pieza: glass.match.pieza,
      ...describeGlass(glass),
      productPath: glass.match.modelo.meta.canonical,
      versionId: glass.version?.id ?? null,
    },
    placement: {
      place: customer.place,
      locality: customer.zone?.locality ?? null,
      label: customer.zone
        ? `Colocación a domicilio en ${customer.zone.locality}`
        : 'Colocación en el taller',
      surcharge,
    },
    price,
    total,
    totalWithoutNationalTaxes: withoutNationalTaxes(total),
    warranty: warrantyLine,
  };
}

/** "/parabrisa/peugeot/208?version=…": the quote's key in the demand figures (as a version view). */
export function demandKey(item: QuoteDraft['item']): string {
  return item.versionId
    ? `${item.productPath}?${queryParams.version}=${item.versionId}`
    : item.productPath;
}
