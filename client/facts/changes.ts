/**
 * What a new version of the facts changes, in the owner's words ("El recargo a Perico pasa de
 * $ 15.000 a $ 18.000", "El sábado cierra a las 13:00"), per section, with the pages that show
 * it: the panel's preview, the history's summary and the CLI's output.
 */
import { dayLong } from '../booking/days.ts';
import { DAYS, type Slot } from '../content/hours.ts';
import { feeLabel, formatFee, type Zone } from '../content/zones.ts';
import { formatCuit } from './cuit.ts';
import type { FactsDocument, FactsSection } from './document.ts';
import { profileHandle } from './links.ts';

export const SECTION_TITLES: Readonly<Record<FactsSection, string>> = {
  contact: 'Contacto',
  fiscal: 'Identidad fiscal',
  hours: 'Horarios',
  closedDays: 'Feriados y días sin atención',
  zones: 'Zonas',
  booking: 'Turnos',
  privacy: 'Privacidad',
  counters: 'Contadores',
};

/** Where each section shows, as the preview tells the owner. */
export const SECTION_PAGES: Readonly<Record<FactsSection, string>> = {
  contact:
    'el encabezado y el pie de todas las páginas, Contacto, los botones de WhatsApp y de llamar, los datos para Google, los e-mails y el calendario de cada turno',
  fiscal: 'el pie de todas las páginas (Data Fiscal) y los documentos que emite el sitio',
  hours:
    'el pie de todas las páginas, el inicio, los datos para Google (horarios) y los horarios que ofrece /turnos',
  closedDays: '/turnos (esos días no se dan turnos) y la agenda del panel',
  zones:
    'Colocación a domicilio, el inicio, la página de cada parabrisas y luneta, y el formulario de /turnos',
  booking: '/turnos (lugares por horario) y la página de cada turno (qué traer)',
  privacy: '/privacidad, los formularios de contacto y de turnos, y el borrado diario de datos',
  counters: 'el inicio',
};

export const SECTIONS = Object.keys(SECTION_TITLES).filter(
  (key): key is FactsSection => key in SECTION_TITLES,
);

export type SectionChanges = {
  readonly section: FactsSection;
  readonly title: string;
  readonly pages: string;
  readonly changes: readonly string[];
};

const clock = (time: string) => time.replace(/^0/, '');
const slotsText = (slots: readonly Slot[]) =>
  slots.map((s) => `${clock(s.opens)} a ${clock(s.closes)}`).join(' y ');
const dayName = (i: number) => `El ${DAYS[i]?.es.toLowerCase() ?? ''}`;
const quoted = (text: string) => `"${text}"`;
const fullDay = (date: string) => `${dayLong(date)} de ${date.slice(0, 4)}`;

function changed<T>(
  before: T,
  after: T,
  say: (a: T, b: T) => string,
  same = (a: T, b: T) => JSON.stringify(a) === JSON.stringify(b),
): string[] {
  return same(before, after) ? [] : [say(before, after)];
}

/** A profile that may be added or removed: "Se agrega el Instagram @taller". */
function profile(what: string, a: string | null, b: string | null): string[] {
  if (a === b) return [];
  if (a === null && b !== null) return [`Se agrega el ${what} ${profileHandle(b)}.`];
  if (b === null) return [`Se quita el ${what}.`];
  return [`El ${what} pasa de ${a === null ? '-' : profileHandle(a)} a ${profileHandle(b)}.`];
}

function contactChanges(a: FactsDocument['contact'], b: FactsDocument['contact']): string[] {
  const address = (c: FactsDocument['contact']) =>
    `${c.address.street}, ${c.address.locality}, ${c.address.region} (CP ${c.address.postalCode})`;
  return [
    ...changed(a.name, b.name, (x, y) => `El nombre pasa de ${quoted(x)} a ${quoted(y)}.`),
    ...changed(a.phone, b.phone, (x, y) => `El teléfono pasa de ${x} a ${y}.`),
    ...changed(
      a.whatsapp ?? a.phone,
      b.whatsapp ?? b.phone,
      (x, y) => `El WhatsApp pasa de ${x} a ${y}.`,
    ),
    ...changed(a.email, b.email, (x, y) => `El e-mail pasa de ${x} a ${y}.`),
    ...changed(address(a), address(b), (x, y) => `La dirección pasa de ${x} a ${y}.`),
    ...profile('Instagram', a.instagramUrl, b.instagramUrl),
    ...profile('Facebook', a.facebookUrl, b.facebookUrl),
    ...changed(a.googleReviewsUrl ?? '', b.googleReviewsUrl ?? '', (_, y) =>
      y
        ? `El enlace para opinar en Google pasa a ${y}.`
        : 'Se quita el enlace para opinar en Google.',
    ),
  ];
}

function fiscalChanges(a: FactsDocument['fiscal'], b: FactsDocument['fiscal']): string[] {
  const link = (x: string | null, y: string | null) =>
    x === null
      ? 'Se agrega el enlace de Data Fiscal.'
      : y === null
        ? 'Se quita el enlace de Data Fiscal (y su insignia del pie).'
        : `El enlace de Data Fiscal pasa a ${y}.`;
  return [
    ...changed(
      a.razonSocial,
      b.razonSocial,
      (x, y) => `La razón social pasa de ${quoted(x)} a ${quoted(y)}.`,
    ),
    ...changed(a.cuit, b.cuit, (x, y) => `El CUIT pasa de ${formatCuit(x)} a ${formatCuit(y)}.`),
    ...changed(
      a.ivaCondition,
      b.ivaCondition,
      (x, y) => `La condición frente al IVA pasa de ${x} a ${y}.`,
    ),
    ...changed(a.dataFiscalUrl, b.dataFiscalUrl, link),
  ];
}

/** One day's change: "El sábado cierra a las 13:00", "El domingo no abre". */
function dayChange(i: number, a: readonly Slot[], b: readonly Slot[]): string | undefined {
  if (JSON.stringify(a) === JSON.stringify(b)) return undefined;
  const day = dayName(i);
  if (b.length === 0) return `${day} no abre (antes: ${slotsText(a)}).`;
  if (a.length === 0) return `${day} abre de ${slotsText(b)}.`;
  if (a.length === b.length) {
    const [lastA, lastB] = [a.at(-1), b.at(-1)];
    const othersSame = (skip: (s: Slot) => Slot) =>
      JSON.stringify(a.map(skip)) === JSON.stringify(b.map(skip));
    if (lastA && lastB && lastA.closes !== lastB.closes) {
      const withoutLastClose = (s: Slot) => (s === lastA || s === lastB ? { ...s, closes: '' } : s);
      if (othersSame(withoutLastClose))
        return `${day} cierra a las ${clock(lastB.closes)} (antes a las ${clock(lastA.closes)}).`;
    }
    const [firstA, firstB] = [a[0], b[0]];
    if (firstA && firstB && firstA.opens !== firstB.opens) {
      const withoutFirstOpen = (s: Slot) =>
        s === firstA || s === firstB ? { ...s, opens: '' } : s;
      if (othersSame(withoutFirstOpen))
        return `${day} abre a las ${clock(firstB.opens)} (antes a las ${clock(firstA.opens)}).`;
    }
  }
  return `${day} pasa a ${slotsText(b)} (antes: ${slotsText(a)}).`;
}

function closedDayChanges(
  a: FactsDocument['closedDays'],
  b: FactsDocument['closedDays'],
): string[] {
  const before = new Map(a.map((d) => [d.date, d.name]));
  const after = new Map(b.map((d) => [d.date, d.name]));
  const dates = [...new Set([...before.keys(), ...after.keys()])].sort();
  return dates.flatMap((date) => {
    const [was, is] = [before.get(date), after.get(date)];
    if (was === is) return [];
    if (was === undefined)
      return [`Se agrega el ${fullDay(date)} (${is ?? ''}): ese día no se dan turnos.`];
    if (is === undefined)
      return [`Se quita el ${fullDay(date)} (${was}): ese día se dan turnos si abre.`];
    return [`El ${fullDay(date)} pasa a llamarse ${quoted(is)} (antes ${quoted(was)}).`];
  });
}

function zoneChanges(a: readonly Zone[], b: readonly Zone[]): string[] {
  const before = new Map(a.map((z) => [z.locality, z.fee]));
  const after = new Map(b.map((z) => [z.locality, z.fee]));
  const lines: string[] = [];
  for (const zone of a) if (!after.has(zone.locality)) lines.push(`Se quita ${zone.locality}.`);
  for (const zone of b) {
    const was = before.get(zone.locality);
    const is = zone.fee;
    if (!was) lines.push(`Se agrega ${zone.locality}: ${feeLabel(is)}.`);
    else if (was.kind === 'surcharge' && is.kind === 'surcharge' && was.amount !== is.amount)
      lines.push(
        `El recargo a ${zone.locality} pasa de ${formatFee(was.amount)} a ${formatFee(is.amount)}.`,
      );
    else if (was.kind !== is.kind)
      lines.push(`${zone.locality} pasa de ${quoted(feeLabel(was))} a ${quoted(feeLabel(is))}.`);
  }
  const kept = (list: readonly Zone[], other: ReadonlyMap<string, unknown>) =>
    list.map((z) => z.locality).filter((locality) => other.has(locality));
  if (JSON.stringify(kept(a, after)) !== JSON.stringify(kept(b, before)))
    lines.push('Cambia el orden de las zonas.');
  return lines;
}

function bookingChanges(a: FactsDocument['booking'], b: FactsDocument['booking']): string[] {
  return [
    ...changed(
      a.placesPerWindow.taller,
      b.placesPerWindow.taller,
      (x, y) => `Los lugares por horario en el taller pasan de ${x} a ${y}.`,
    ),
    ...changed(
      a.placesPerWindow.domicilio,
      b.placesPerWindow.domicilio,
      (x, y) => `Los lugares por horario a domicilio pasan de ${x} a ${y}.`,
    ),
    ...changed(a.whatToBring, b.whatToBring, () => 'Cambia la lista de qué traer al turno.'),
  ];
}

function privacyChanges(a: FactsDocument['privacy'], b: FactsDocument['privacy']): string[] {
  return [
    ...changed(
      a.contactMessagesDays,
      b.contactMessagesDays,
      (x, y) => `Los mensajes de contacto se borran a los ${y} días (antes a los ${x}).`,
    ),
    ...changed(
      a.bookingsDays,
      b.bookingsDays,
      (x, y) => `Los turnos se borran a los ${y} días del turno (antes a los ${x}).`,
    ),
    ...changed(
      a.responsible.name,
      b.responsible.name,
      (x, y) => `Quien responde por los datos pasa de ${quoted(x)} a ${quoted(y)}.`,
    ),
    ...changed(
      a.responsible.email,
      b.responsible.email,
      (x, y) => `El e-mail para pedidos sobre datos pasa de ${x} a ${y}.`,
    ),
  ];
}

function counterChanges(a: FactsDocument['counters'], b: FactsDocument['counters']): string[] {
  const before = new Map(a.map((c) => [c.label, c.value]));
  const after = new Map(b.map((c) => [c.label, c.value]));
  const lines: string[] = [];
  for (const c of a)
    if (!after.has(c.label)) lines.push(`Se quita el contador ${quoted(c.label)}.`);
  for (const c of b) {
    const was = before.get(c.label);
    if (was === undefined) lines.push(`Se agrega el contador ${quoted(c.label)}: ${c.value}.`);
    else if (was !== c.value)
      lines.push(`El contador ${quoted(c.label)} pasa de ${was} a ${c.value}.`);
  }
  return lines;
}

const bySection: {
  [S in FactsSection]: (a: FactsDocument[S], b: FactsDocument[S]) => string[];
} = {
  contact: contactChanges,
  fiscal: fiscalChanges,
  hours: (a, b) =>
    DAYS.flatMap((_, i) => dayChange(i, a[i] ?? [], b[i] ?? []) ?? []).filter(Boolean),
  closedDays: closedDayChanges,
  zones: zoneChanges,
  booking: bookingChanges,
  privacy: privacyChanges,
  counters: counterChanges,
};

function sectionChanges<S extends FactsSection>(
  section: S,
  before: FactsDocument,
  after: FactsDocument,
): SectionChanges {
  return {
    section,
    title: SECTION_TITLES[section],
    pages: SECTION_PAGES[section],
    changes: bySection[section](before[section], after[section]),
  };
}

/** The sections that change, each with its changes in words and the pages that show them. */
export function describeChanges(before: FactsDocument, after: FactsDocument): SectionChanges[] {
  return SECTIONS.map((section) => sectionChanges(section, before, after)).filter(
    (s) => s.changes.length > 0,
  );
}

/** One line for the history and the activity log: "Zonas: El recargo a Perico pasa de …". */
export function summarizeChanges(sections: readonly SectionChanges[]): string {
  if (sections.length === 0) return 'Sin cambios.';
  return sections.map((s) => `${s.title}: ${s.changes.join(' ')}`).join(' · ');
}
