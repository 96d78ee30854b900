/**
 * A stored quote's body (JSON, frozen at issue) read back as a QuoteDocument. The store keeps
 * text; this is the one place that turns it into the typed document, checked field by field.
 */
import { z } from 'zod';
import { PIEZAS } from '../../catalogue/pieces.ts';
import { PLACES_OF_WORK } from '../../client/content/booking.ts';
import type { QuoteDocument } from '../../client/quote/types.ts';

const centavos = z.number().int().nonnegative();
const day = z.iso.date();
const plan = z.object({
  count: z.number().int(),
  amount: centavos,
  last: centavos,
  total: centavos,
});

const documentSchema = z.object({
  number: z.string(),
  verifyUrl: z.string(),
  issuedAt: z.iso.datetime(),
  issuedDay: day,
  validUntil: day,
  siteUrl: z.string(),
  shop: z.object({
    name: z.string(),
    razonSocial: z.string(),
    cuit: z.string(),
    ivaCondition: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
  }),
  customer: z.object({
    name: z.string(),
    plate: z.string().nullable(),
    insurer: z.string(),
    claim: z.string().nullable(),
  }),
  item: z.object({
    pieza: z.enum(PIEZAS),
    title: z.string(),
    details: z.array(z.string()),
    productPath: z.string(),
    versionId: z.string().nullable(),
  }),
  placement: z.object({
    place: z.enum(PLACES_OF_WORK),
    locality: z.string().nullable(),
    label: z.string(),
    surcharge: centavos.nullable(),
  }),
  price: z.object({ cash: centavos, withoutNationalTaxes: centavos, plans: z.array(plan) }),
  total: centavos,
  totalWithoutNationalTaxes: centavos,
  warranty: z.string(),
});

export function parseQuoteDocument(body: string): QuoteDocument {
  return documentSchema.parse(JSON.parse(body));
}
