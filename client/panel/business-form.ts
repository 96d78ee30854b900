/**
 * Datos del negocio's forms, pure: one section of the facts as form fields and back. A field's
 * name is its path in the facts' document (`zones.3.fee.amount`), so a problem the schema
 * reports (client/facts/document.ts) lands next to its field. What the owner typed travels as
 * strings (`FormValues`) until it is read into a candidate section, so a form sent back with
 * problems shows exactly what was typed. Lists (zones, closed days) grow, shrink and move with
 * plain form buttons: no JavaScript needed.
 */
import { SECTIONS } from '../facts/changes.ts';
import { cuitDigits, formatCuit } from '../facts/cuit.ts';
import {
  FACTS_LIMITS,
  checkFacts,
  ordered,
  type FactsDocument,
  type FactsProblem,
  type FactsSection,
} from '../facts/document.ts';
import {
  dataFiscalLink,
  facebookProfile,
  googleReviewLink,
  instagramProfile,
} from '../facts/links.ts';
import { panelPaths, queryParams } from '../paths.ts';

/** Each section's name in the URL (`/panel/negocio?seccion=zonas`). */
export const SECTION_SLUGS: Readonly<Record<FactsSection, string>> = {
  contact: 'contacto',
  fiscal: 'fiscal',
  hours: 'horarios',
  closedDays: 'feriados',
  zones: 'zonas',
  booking: 'turnos',
  privacy: 'privacidad',
  counters: 'contadores',
};

export function sectionOfSlug(slug: string | null): FactsSection | undefined {
  return SECTIONS.find((s) => SECTION_SLUGS[s] === slug);
}

/** The page of one section's form. */
export function sectionPath(section: FactsSection): string {
  return `${panelPaths.business}?${new URLSearchParams({ [queryParams.factsSection]: SECTION_SLUGS[section] })}`;
}

/** A form's fields by name, as typed. */
export type FormValues = Readonly<Record<string, string>>;
/** Problems by field name (`''`: the section as a whole). */
export type FormErrors = Readonly<Record<string, string>>;

/** The lists whose rows the owner adds, removes and moves. */
export const ROW_SECTIONS = ['zones', 'closedDays'] as const;
export type RowSection = (typeof ROW_SECTIONS)[number];
export const isRowSection = (s: FactsSection): s is RowSection => ROW_SECTIONS.some((r) => r === s);

/** Up to two slots a day; counters: a fixed number of rows (an empty one is dropped). */
export const SLOTS_PER_DAY = 2;

const pesos = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 2 });

/** Centavos as the owner types pesos: `15.000`, `15.000,50`. */
function pesosText(centavos: number): string {
  return pesos.format(centavos / 100);
}

/** `15.000`, `$ 15000`, `15.000,50` -> centavos; `-15.000` -> negative (the schema says so); else NaN. */
export function parsePesos(text: string): number {
  const t = text.replace(/[$\s\u00a0]/g, '');
  const match = /^(-?)(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(t);
  if (!match) return Number.NaN;
  const whole = Number((match[2] ?? '').replace(/\./g, ''));
  const cents = Number((match[3] ?? '').padEnd(2, '0'));
  return (match[1] === '-' ? -1 : 1) * (whole * 100 + cents);
}

/** A whole number as typed, or NaN (the schema says "con números"). */
function wholeNumber(text: string): number {
  const t = text.trim();
  return /^-?\d{1,9}$/.test(t) ? Number(t) : Number.NaN;
}

const orNull = (text: string, build: (t: string) => string) =>
  text.trim() === '' ? null : build(text.trim());

/** The live section as its form's fields (what the form shows first). */
export function formValues(section: FactsSection, document: FactsDocument): FormValues {
  const v: Record<string, string> = {};
  switch (section) {
    case 'contact': {
      const c = document.contact;
      Object.assign(v, {
        'contact.name': c.name,
        'contact.phone': c.phone,
        'contact.whatsapp': c.whatsapp ?? '',
        'contact.email': c.email,
        'contact.address.street': c.address.street,
        'contact.address.locality': c.address.locality,
        'contact.address.region': c.address.region,
        'contact.address.postalCode': c.address.postalCode,
        'contact.instagramUrl': c.instagramUrl ?? '',
        'contact.facebookUrl': c.facebookUrl ?? '',
        'contact.googleReviewsUrl': c.googleReviewsUrl ?? '',
      });
      break;
    }
    case 'fiscal': {
      const f = document.fiscal;
      Object.assign(v, {
        'fiscal.razonSocial': f.razonSocial,
        'fiscal.cuit': formatCuit(f.cuit),
        'fiscal.ivaCondition': f.ivaCondition,
        'fiscal.dataFiscalUrl': f.dataFiscalUrl ?? '',
      });
      break;
    }
    case 'hours':
      document.hours.forEach((slots, d) =>
        slots.forEach((slot, i) => {
          v[`hours.${d}.${i}.opens`] = slot.opens;
          v[`hours.${d}.${i}.closes`] = slot.closes;
        }),
      );
      break;
    case 'closedDays':
      document.closedDays.forEach((day, i) => {
        v[`closedDays.${i}.date`] = day.date;
        v[`closedDays.${i}.name`] = day.name;
      });
      break;
    case 'zones':
      document.zones.forEach((zone, i) => {
        v[`zones.${i}.locality`] = zone.locality;
        v[`zones.${i}.fee.kind`] = zone.fee.kind;
        v[`zones.${i}.fee.amount`] =
          zone.fee.kind === 'surcharge' ? pesosText(zone.fee.amount) : '';
      });
      break;
    case 'booking':
      Object.assign(v, {
        'booking.placesPerWindow.taller': String(document.booking.placesPerWindow.taller),
        'booking.placesPerWindow.domicilio': String(document.booking.placesPerWindow.domicilio),
        'booking.whatToBring': document.booking.whatToBring.join('\n'),
      });
      break;
    case 'privacy':
      Object.assign(v, {
        'privacy.responsible.name': document.privacy.responsible.name,
        'privacy.responsible.email': document.privacy.responsible.email,
        'privacy.contactMessagesDays': String(document.privacy.contactMessagesDays),
        'privacy.bookingsDays': String(document.privacy.bookingsDays),
      });
      break;
    case 'counters':
      document.counters.forEach((counter, i) => {
        v[`counters.${i}.value`] = String(counter.value);
        v[`counters.${i}.label`] = counter.label;
      });
      break;
  }
  return v;
}

/** The section's fields of a posted form (any other field is ignored). */
export function readForm(section: FactsSection, get: (name: string) => unknown): FormValues {
  const names = fieldNames(section, rowsIn(section, get));
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = get(name);
    values[name] = typeof value === 'string' ? value.slice(0, 2_000) : '';
  }
  return values;
}

/** How many rows a posted list has (the form says so in `filas`), bounded by the section's limit. */
function rowsIn(section: FactsSection, get: (name: string) => unknown): number {
  const limit = rowLimit(section);
  const given = get(ROWS_FIELD);
  const rows = typeof given === 'string' && /^\d{1,3}$/.test(given) ? Number(given) : 0;
  return Math.min(rows, limit);
}

/** The hidden field that tells how many rows a list form holds. */
export const ROWS_FIELD = 'filas';

function rowLimit(section: FactsSection): number {
  if (section === 'zones') return FACTS_LIMITS.zones;
  if (section === 'closedDays') return FACTS_LIMITS.closedDays;
  if (section === 'counters') return FACTS_LIMITS.counters;
  return 0;
}

/** How many rows `values` holds for a list section. */
export function rowCount(section: FactsSection, values: FormValues): number {
  let rows = 0;
  for (const name of Object.keys(values)) {
    const match = new RegExp(`^${section}\\.(\\d+)\\.`).exec(name);
    if (match) rows = Math.max(rows, Number(match[1]) + 1);
  }
  return section === 'counters' ? FACTS_LIMITS.counters : rows;
}

/** Every field of a section's form (lists: `rows` rows). */
export function fieldNames(section: FactsSection, rows: number): string[] {
  const each = (n: number, fields: readonly string[]) =>
    Array.from({ length: n }, (_, i) => fields.map((f) => `${section}.${i}.${f}`)).flat();
  switch (section) {
    case 'contact':
      return [
        'contact.name',
        'contact.phone',
        'contact.whatsapp',
        'contact.email',
        'contact.address.street',
        'contact.address.locality',
        'contact.address.region',
        'contact.address.postalCode',
        'contact.instagramUrl',
        'contact.facebookUrl',
        'contact.googleReviewsUrl',
      ];
    case 'fiscal':
      return ['fiscal.razonSocial', 'fiscal.cuit', 'fiscal.ivaCondition', 'fiscal.dataFiscalUrl'];
    case 'hours':
      return Array.from({ length: 7 }, (_, d) =>
        Array.from({ length: SLOTS_PER_DAY }, (_, i) => [
          `hours.${d}.${i}.opens`,
          `hours.${d}.${i}.closes`,
        ]).flat(),
      ).flat();
    case 'closedDays':
      return each(rows, ['date', 'name']);
    case 'zones':
      return each(rows, ['locality', 'fee.kind', 'fee.amount']);
    case 'booking':
      return [
        'booking.placesPerWindow.taller',
        'booking.placesPerWindow.domicilio',
        'booking.whatToBring',
      ];
    case 'privacy':
      return [
        'privacy.responsible.name',
        'privacy.responsible.email',
        'privacy.contactMessagesDays',
        'privacy.bookingsDays',
      ];
    case 'counters':
      return each(FACTS_LIMITS.counters, ['value', 'label']);
  }
}

/** A list's rows as typed (each a map of its fields), to rebuild or edit. */
function rowsOf(section: FactsSection, values: FormValues): Record<string, string>[] {
  return Array.from({ length: rowCount(section, values) }, (_, i) => {
    const prefix = `${section}.${i}.`;
    const row: Record<string, string> = {};
    for (const [name, value] of Object.entries(values))
      if (name.startsWith(prefix)) row[name.slice(prefix.length)] = value;
    return row;
  });
}

function fromRows(section: FactsSection, rows: readonly Record<string, string>[]): FormValues {
  const values: Record<string, string> = {};
  rows.forEach((row, i) => {
    for (const [field, value] of Object.entries(row)) values[`${section}.${i}.${field}`] = value;
  });
  return values;
}

const isBlank = (row: Record<string, string>, except: readonly string[] = []) =>
  Object.entries(row).every(([field, value]) => except.includes(field) || value.trim() === '');

/** `fila:agregar`, `fila:quitar:3`, `fila:subir:3`, `fila:bajar:3`: the list edited, or undefined. */
export function editRows(
  section: FactsSection,
  values: FormValues,
  action: string,
): FormValues | undefined {
  if (!isRowSection(section)) return undefined;
  const match = /^fila:(agregar|quitar|subir|bajar)(?::(\d{1,3}))?$/.exec(action);
  if (!match) return undefined;
  const rows = rowsOf(section, values);
  const i = Number(match[2] ?? -1);
  switch (match[1]) {
    case 'agregar':
      if (rows.length < rowLimit(section))
        rows.push(
          section === 'zones'
            ? { locality: '', 'fee.kind': 'free', 'fee.amount': '' }
            : { date: '', name: '' },
        );
      break;
    case 'quitar':
      if (i < rows.length) rows.splice(i, 1);
      break;
    case 'subir':
    case 'bajar': {
      const j = match[1] === 'subir' ? i - 1 : i + 1;
      const [a, b] = [rows[i], rows[j]];
      if (a && b) [rows[i], rows[j]] = [b, a];
      break;
    }
  }
  return fromRows(section, rows);
}

type Candidate = { value: unknown; fieldOf: (path: readonly string[]) => string };

/**
 * What the owner typed, read into the section's shape for the schema: strings to numbers
 * (NaN when not a number: the schema says so), typed profile and Data Fiscal links to the one
 * form the site builds, empty rows dropped. `fieldOf` takes a problem's path back to the field.
 */
export function readSection(section: FactsSection, values: FormValues): Candidate {
  const at = (name: string) => values[name] ?? '';
  const direct: Candidate['fieldOf'] = (path) => path.join('.');
  switch (section) {
    case 'contact':
      return {
        value: {
          name: at('contact.name'),
          phone: at('contact.phone'),
          whatsapp: orNull(at('contact.whatsapp'), (t) => t),
          email: at('contact.email'),
          address: {
            street: at('contact.address.street'),
            locality: at('contact.address.locality'),
            region: at('contact.address.region'),
            postalCode: at('contact.address.postalCode'),
          },
          instagramUrl: orNull(at('contact.instagramUrl'), instagramProfile),
          facebookUrl: orNull(at('contact.facebookUrl'), facebookProfile),
          googleReviewsUrl: orNull(at('contact.googleReviewsUrl'), googleReviewLink),
        },
        fieldOf: direct,
      };
    case 'fiscal':
      return {
        value: {
          razonSocial: at('fiscal.razonSocial'),
          cuit: cuitDigits(at('fiscal.cuit')),
          ivaCondition: at('fiscal.ivaCondition'),
          dataFiscalUrl: orNull(at('fiscal.dataFiscalUrl'), dataFiscalLink),
        },
        fieldOf: direct,
      };
    case 'hours': {
      // Per day, the slots given (a slot with neither time is none); `slotRow` maps back.
      const slotRow: number[][] = [];
      const value = Array.from({ length: 7 }, (_, d) => {
        slotRow[d] = [];
        const slots = [];
        for (let i = 0; i < SLOTS_PER_DAY; i++) {
          const [opens, closes] = [at(`hours.${d}.${i}.opens`), at(`hours.${d}.${i}.closes`)];
          if (opens.trim() === '' && closes.trim() === '') continue;
          slotRow[d]?.push(i);
          slots.push({ opens: opens.trim(), closes: closes.trim() });
        }
        return slots;
      });
      return {
        value,
        fieldOf: ([, d, i, ...rest]) => {
          const row = slotRow[Number(d)]?.[Number(i)];
          return row === undefined ? `hours.${d}.0.opens` : ['hours', d, row, ...rest].join('.');
        },
      };
    }
    case 'closedDays':
    case 'zones':
    case 'counters': {
      const rows = rowsOf(section, values);
      const kept = rows
        .map((row, i) => ({ row, i }))
        .filter(({ row }) => !isBlank(row, ['fee.kind']));
      const value = kept.map(({ row }) => {
        if (section === 'closedDays')
          return { date: (row.date ?? '').trim(), name: row.name ?? '' };
        if (section === 'counters')
          return { value: wholeNumber(row.value ?? ''), label: row.label ?? '' };
        const kind = row['fee.kind'] ?? '';
        return {
          locality: row.locality ?? '',
          fee:
            kind === 'surcharge' ? { kind, amount: parsePesos(row['fee.amount'] ?? '') } : { kind },
        };
      });
      return {
        value,
        fieldOf: ([, i, ...rest]) => {
          const row = kept[Number(i)]?.i;
          if (row === undefined) return section;
          const field = rest.join('.');
          return `${section}.${row}.${field === 'fee' ? 'fee.kind' : field}`;
        },
      };
    }
    case 'booking':
      return {
        value: {
          placesPerWindow: {
            taller: wholeNumber(at('booking.placesPerWindow.taller')),
            domicilio: wholeNumber(at('booking.placesPerWindow.domicilio')),
          },
          whatToBring: at('booking.whatToBring')
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter(Boolean),
        },
        fieldOf: (path) => (path[1] === 'whatToBring' ? 'booking.whatToBring' : path.join('.')),
      };
    case 'privacy':
      return {
        value: {
          responsible: {
            name: at('privacy.responsible.name'),
            email: at('privacy.responsible.email'),
          },
          contactMessagesDays: wholeNumber(at('privacy.contactMessagesDays')),
          bookingsDays: wholeNumber(at('privacy.bookingsDays')),
        },
        fieldOf: direct,
      };
  }
}

export type SectionCheck =
  { ok: true; document: FactsDocument } | { ok: false; errors: FormErrors };

/**
 * The live facts with this section as the owner typed it, checked as a whole: the new document,
 * or each problem in Spanish next to its field. Lists are kept in a stable order: closed days
 * by date, a day's slots by time.
 */
export function checkSection(
  section: FactsSection,
  values: FormValues,
  live: FactsDocument,
): SectionCheck {
  const { value, fieldOf } = readSection(section, values);
  const checked = checkFacts({ ...live, [section]: value });
  if (!checked.ok) return { ok: false, errors: formErrors(checked.problems, section, fieldOf) };
  return { ok: true, document: ordered(checked.document) };
}

function formErrors(
  problems: readonly FactsProblem[],
  section: FactsSection,
  fieldOf: Candidate['fieldOf'],
): FormErrors {
  const errors: Record<string, string> = {};
  const known = new Set(fieldNames(section, FACTS_LIMITS.closedDays));
  for (const problem of problems) {
    const path = problem.path.split('.');
    if (path[0] !== section) continue;
    const field = fieldOf(path);
    const name = known.has(field) ? field : '';
    errors[name] ??= problem.message;
  }
  return errors;
}
