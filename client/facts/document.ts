/**
 * The facts as the owner sets them (the panel's forms, `npm run owner -- facts set`) and as the
 * site's database stores each published version: what he typed, checked by one zod schema with
 * a Spanish message per field. The derived forms (E.164, wa.me digits, the country) are made
 * when a version is loaded (`toShopFacts`), so a stored row holds no value that could disagree
 * with another. The same schema reads a stored row: a row it refuses is damaged, and the site
 * keeps serving the last good version (server/facts/store.ts).
 */
import { z } from 'zod';
import { IVA_CONDITIONS, type ShopFacts } from './types.ts';
import { arPhoneE164, whatsappDigits } from './phone.ts';
import { validCuit } from './cuit.ts';
import {
  DATA_FISCAL_LINK,
  FACEBOOK_PROFILE,
  GOOGLE_REVIEW_LINK,
  INSTAGRAM_PROFILE,
} from './links.ts';

/** Bounds of what the owner may set: generous for a shop, small enough for any page. */
export const FACTS_LIMITS = {
  zones: 60,
  closedDays: 200,
  whatToBring: 12,
  counters: 4,
  placesPerWindow: 50,
  retentionDays: 3650,
} as const;

/** A text the owner must fill; an empty one gets `empty` alone (no other message after it). */
const text = (max: number, empty: string) =>
  z
    .string()
    .trim()
    .min(1, { error: empty, abort: true })
    .max(max, { error: `Puede tener hasta ${max} caracteres.`, abort: true });

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const email = (empty: string) =>
  text(120, empty).regex(EMAIL, 'Ese e-mail no es válido: por ejemplo contacto@tutaller.com.ar.');

const PHONE_EXAMPLE = 'por ejemplo (0388) 15 412-3456';
const phone = (empty: string) =>
  text(40, empty).refine(
    (value) => arPhoneE164(value) !== undefined,
    `Ese no es un teléfono de Argentina: escribilo con el código de área, ${PHONE_EXAMPLE}.`,
  );

const wholeNumber = (min: number, max: number, what: string) =>
  z
    .number({ error: `Escribí ${what} con números.` })
    .int(`Escribí ${what} sin decimales.`)
    .min(min, min === 0 ? `${what} no puede ser negativo.` : `Tiene que ser al menos ${min}.`)
    .max(max, `Tiene que ser como mucho ${max}.`);

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.string().regex(TIME, 'Escribí la hora como 09:00.');
const slotSchema = z.object({ opens: time, closes: time });

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isoDay = z
  .string()
  .regex(ISO_DAY, { error: 'Elegí la fecha.', abort: true })
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, 'Esa fecha no existe.');

const feeSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('free') }),
    z.object({
      kind: z.literal('surcharge'),
      /** Centavos. */
      amount: z
        .number({ error: 'Escribí el recargo en pesos, con números: por ejemplo 15.000.' })
        .int('Escribí el recargo en pesos, sin centavos.')
        .min(0, 'El recargo no puede ser negativo.')
        .max(100_000_000, 'Ese recargo es demasiado grande: revisalo.'),
    }),
    z.object({ kind: z.literal('ask') }),
  ],
  { error: 'Elegí Sin cargo, Recargo o Consultar.' },
);

/** A list whose `key` must not repeat: the repeated entry gets `message` at `field`. */
function unique<T>(key: (item: T) => string, field: string, message: string) {
  return (items: readonly T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const k = key(item);
      if (seen.has(k)) ctx.addIssue({ code: 'custom', message, path: [i, field] });
      seen.add(k);
    });
  };
}

const daySchema = z
  .array(slotSchema)
  .max(2, 'Hasta dos horarios por día.')
  .superRefine((slots, ctx) => {
    slots.forEach((slot, i) => {
      if (TIME.test(slot.opens) && TIME.test(slot.closes) && slot.opens >= slot.closes)
        ctx.addIssue({
          code: 'custom',
          message: 'Tiene que cerrar después de abrir.',
          path: [i, 'closes'],
        });
    });
    const [first, second] = slots;
    if (first && second && second.opens < first.closes && first.opens < second.closes)
      ctx.addIssue({
        code: 'custom',
        message: 'Se superpone con el otro horario del día.',
        path: [1, 'opens'],
      });
  });

export const factsDocumentSchema = z.object({
  contact: z.object({
    name: text(80, 'Escribí el nombre del negocio.'),
    /** As people dial it in Argentina and as shown. */
    phone: phone('Escribí el teléfono.'),
    /** The WhatsApp number as typed, when it is not the phone. */
    whatsapp: phone('Escribí el número de WhatsApp, o dejalo vacío si es el mismo.').nullable(),
    email: email('Escribí el e-mail del negocio.'),
    address: z.object({
      street: text(120, 'Escribí la calle y el número.'),
      locality: text(80, 'Escribí la localidad.'),
      region: text(80, 'Escribí la provincia.'),
      postalCode: text(12, 'Escribí el código postal.'),
    }),
    instagramUrl: z
      .string()
      .regex(
        INSTAGRAM_PROFILE,
        'Tiene que ser tu perfil de instagram.com (por ejemplo https://www.instagram.com/tutaller/), o quedar vacío.',
      )
      .nullable(),
    facebookUrl: z
      .string()
      .regex(
        FACEBOOK_PROFILE,
        'Tiene que ser tu página de facebook.com (por ejemplo https://www.facebook.com/tutaller), o quedar vacío.',
      )
      .nullable(),
    // Added after the first published versions: a version stored without it has none.
    googleReviewsUrl: z
      .string()
      .regex(
        GOOGLE_REVIEW_LINK,
        'Tiene que ser el enlace para dejar opiniones que da Google (por ejemplo https://g.page/r/CAbc123/review), o quedar vacío.',
      )
      .nullable()
      .default(null),
  }),
  fiscal: z.object({
    razonSocial: text(120, 'Escribí la razón social.'),
    cuit: z
      .string()
      .regex(/^\d{11}$/, {
        error: 'El CUIT tiene 11 números (por ejemplo 20-12345678-6).',
        abort: true,
      })
      .refine(validCuit, 'Ese CUIT no es válido: el último número (verificador) no coincide.'),
    ivaCondition: z.enum(IVA_CONDITIONS, { error: 'Elegí la condición frente al IVA.' }),
    dataFiscalUrl: z
      .string()
      .regex(
        DATA_FISCAL_LINK,
        'Tiene que ser el enlace del QR de Data Fiscal de ARCA (http://qr.afip.gob.ar/?qr=...), o quedar vacío.',
      )
      .nullable(),
  }),
  /** Monday first. */
  hours: z.array(daySchema).length(7),
  closedDays: z
    .array(
      z.object({ date: isoDay, name: text(80, 'Escribí el motivo (por ejemplo "Vacaciones").') }),
    )
    .max(FACTS_LIMITS.closedDays, `Hasta ${FACTS_LIMITS.closedDays} días.`)
    .superRefine(unique((d) => d.date, 'date', 'Esa fecha ya está en la lista.')),
  zones: z
    .array(z.object({ locality: text(60, 'Escribí la localidad.'), fee: feeSchema }))
    .max(FACTS_LIMITS.zones, `Hasta ${FACTS_LIMITS.zones} localidades.`)
    .superRefine(
      unique((z) => z.locality.toLowerCase(), 'locality', 'Esa localidad ya está en la lista.'),
    ),
  booking: z.object({
    placesPerWindow: z.object({
      taller: wholeNumber(0, FACTS_LIMITS.placesPerWindow, 'La cantidad de lugares'),
      domicilio: wholeNumber(0, FACTS_LIMITS.placesPerWindow, 'La cantidad de lugares'),
    }),
    whatToBring: z
      .array(text(200, 'Escribí qué traer, o borrá la línea.'))
      .max(FACTS_LIMITS.whatToBring, `Hasta ${FACTS_LIMITS.whatToBring} líneas.`),
  }),
  privacy: z.object({
    responsible: z.object({
      name: text(120, 'Escribí quién responde por los datos.'),
      email: email('Escribí el e-mail para los pedidos sobre datos personales.'),
    }),
    contactMessagesDays: wholeNumber(1, FACTS_LIMITS.retentionDays, 'Los días'),
    bookingsDays: wholeNumber(1, FACTS_LIMITS.retentionDays, 'Los días'),
  }),
  counters: z
    .array(
      z.object({
        value: wholeNumber(0, 10_000_000, 'El número'),
        label: text(60, 'Escribí qué cuenta (por ejemplo "clientes satisfechos").'),
      }),
    )
    .max(FACTS_LIMITS.counters, `Hasta ${FACTS_LIMITS.counters} contadores.`),
});

export type FactsDocument = z.output<typeof factsDocumentSchema>;
/** A section of the facts: one screen of "Datos del negocio". */
export type FactsSection = keyof FactsDocument;

export type FactsProblem = { readonly path: string; readonly message: string };

export type FactsCheck =
  { ok: true; document: FactsDocument } | { ok: false; problems: readonly FactsProblem[] };

/** Checks a document (the owner's, or a stored row): every problem with its path (`zones.3.fee.amount`). */
export function checkFacts(raw: unknown): FactsCheck {
  const parsed = factsDocumentSchema.safeParse(raw, {
    error: (issue) =>
      issue.code === 'invalid_type' && issue.input === undefined
        ? 'Falta este dato.'
        : 'No es válido.',
  });
  if (parsed.success) return { ok: true, document: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  };
}

/** A stored version's or a file's JSON, checked. */
export function checkFactsJson(text: string): FactsCheck {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, problems: [{ path: '', message: 'No es JSON válido.' }] };
  }
  return checkFacts(raw);
}

/** A version as pages read it: the derived forms made once, when it is loaded. */
export function toShopFacts(document: FactsDocument): ShopFacts {
  const { contact } = document;
  const phoneE164 = arPhoneE164(contact.phone);
  const whatsappE164 = contact.whatsapp === null ? phoneE164 : arPhoneE164(contact.whatsapp);
  if (!phoneE164 || !whatsappE164) throw new Error('toShopFacts: the document was not checked');
  return {
    ...document,
    contact: {
      name: contact.name,
      phoneDisplay: contact.phone,
      phoneE164,
      whatsappNumber: whatsappDigits(whatsappE164),
      whatsappDisplay: contact.whatsapp ?? contact.phone,
      email: contact.email,
      address: { ...contact.address, country: 'AR' },
      instagramUrl: contact.instagramUrl,
      facebookUrl: contact.facebookUrl,
      googleReviewsUrl: contact.googleReviewsUrl,
    },
  };
}

/** What the owner would type to get these facts (the forms start from it; the first version). */
export function toDocument(facts: ShopFacts): FactsDocument {
  const { contact } = facts;
  const { country: _country, ...address } = contact.address;
  return {
    contact: {
      name: contact.name,
      phone: contact.phoneDisplay,
      whatsapp: contact.whatsappDisplay === contact.phoneDisplay ? null : contact.whatsappDisplay,
      email: contact.email,
      address,
      instagramUrl: contact.instagramUrl,
      facebookUrl: contact.facebookUrl,
      googleReviewsUrl: contact.googleReviewsUrl,
    },
    fiscal: facts.fiscal,
    hours: facts.hours.map((day) => day.map((slot) => ({ ...slot }))),
    closedDays: facts.closedDays.map((day) => ({ ...day })),
    zones: facts.zones.map((zone) => ({ locality: zone.locality, fee: { ...zone.fee } })),
    booking: {
      placesPerWindow: { ...facts.booking.placesPerWindow },
      whatToBring: [...facts.booking.whatToBring],
    },
    privacy: {
      responsible: { ...facts.privacy.responsible },
      contactMessagesDays: facts.privacy.contactMessagesDays,
      bookingsDays: facts.privacy.bookingsDays,
    },
    counters: facts.counters.map((c) => ({ ...c })),
  };
}

/** The facts as the site stores them: closed days by date, each day's slots by time. */
export function ordered(document: FactsDocument): FactsDocument {
  return {
    ...document,
    hours: document.hours.map((slots) => [...slots].sort((a, b) => a.opens.localeCompare(b.opens))),
    closedDays: [...document.closedDays].sort((a, b) => a.date.localeCompare(b.date)),
  };
}

/** A stored version's JSON: the keys in the schema's order, so equal facts are equal bytes. */
export function serializeFacts(document: FactsDocument): string {
  return JSON.stringify(document);
}
