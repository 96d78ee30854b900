/**
 * The repair-or-replace self-check (`/reparar-o-cambiar`): its query parameters, their
 * canonical forms (client/page-identity.ts) and the rules, one pure function.
 */
import type { Canonical } from '../page-identity.ts';
import { queryParams } from '../paths.ts';
import { outcomes, questions, reasons, repairPage } from '../content/repair.ts';

export type Question = keyof typeof questions;
export type DamageSize = keyof typeof questions.size.options;

export type DamageAnswers = {
  readonly size: DamageSize;
  readonly crack: boolean;
  /** 3 stands for "three or more". */
  readonly impacts: 1 | 2 | 3;
  readonly edge: boolean;
  readonly sight: boolean;
  readonly sensor: boolean;
};

export type Outcome = keyof typeof outcomes;
export type Reason = keyof typeof reasons;
export type Verdict = { readonly outcome: Outcome; readonly reason: Reason };

/** The rules, first match wins: what rules out a repair, then what needs a look, then a repair. */
export function assessDamage(a: DamageAnswers): Verdict {
  if (a.crack) return { outcome: 'cambiar', reason: 'crack' };
  if (a.size === 'mayor') return { outcome: 'cambiar', reason: 'large' };
  if (a.impacts === 3) return { outcome: 'cambiar', reason: 'manyImpacts' };
  if (a.sight) {
    return a.size === 'moneda'
      ? { outcome: 'ver', reason: 'sightSmall' }
      : { outcome: 'cambiar', reason: 'sight' };
  }
  if (a.sensor) return { outcome: 'ver', reason: 'sensor' };
  if (a.edge) return { outcome: 'ver', reason: 'edge' };
  if (a.impacts === 2) return { outcome: 'ver', reason: 'twoImpacts' };
  return { outcome: 'reparar', reason: a.size === 'moneda' ? 'small' : 'medium' };
}

/** Lower case, no accents, no spaces around: `Sí ` → `si`. */
const plain = (value: string) => value.trim().toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

/** A value among a question's options, in the spelling the form sends. */
const oneOf =
  (question: Question): Canonical =>
  (value) => {
    const p = plain(value);
    return Object.hasOwn(questions[question].options, p) ? p : undefined;
  };

/** `1`, `2`, and anything from 3 up as `3` ("tres o más"); `01` → `1`. */
const canonicalImpacts: Canonical = (value) => {
  const p = plain(value);
  if (!/^\d{1,4}$/.test(p)) return undefined;
  const n = Number(p);
  return n < 1 ? undefined : String(Math.min(n, 3));
};

export const selfCheckCanonical: Readonly<Record<Question, Canonical>> = {
  size: oneOf('size'),
  crack: oneOf('crack'),
  impacts: canonicalImpacts,
  edge: oneOf('edge'),
  sight: oneOf('sight'),
  sensor: oneOf('sensor'),
};

export const questionOrder: readonly Question[] = [
  'size',
  'crack',
  'impacts',
  'edge',
  'sight',
  'sensor',
];

/** The route's `reads(...)`: each form field's name with its canonical form. */
export const selfCheckParams: Record<string, Canonical> = Object.fromEntries(
  questionOrder.map((q) => [queryParams.repairCheck[q], selfCheckCanonical[q]]),
);

/** What the visitor chose, canonical; questions left out (or with junk values) are absent. */
export type GivenAnswers = Partial<Record<Question, string>>;

export function readGiven(search: URLSearchParams): GivenAnswers {
  const given: GivenAnswers = {};
  for (const q of questionOrder) {
    const raw = search.get(queryParams.repairCheck[q]);
    const value = raw === null ? undefined : selfCheckCanonical[q](raw);
    if (value !== undefined) given[q] = value;
  }
  return given;
}

const sizes: readonly DamageSize[] = ['moneda', 'hasta-2-5', 'mayor'];

/** All six answered: the typed answers; otherwise undefined. */
export function completeAnswers(given: GivenAnswers): DamageAnswers | undefined {
  const size = sizes.find((s) => s === given.size);
  const impacts = ([1, 2, 3] as const).find((n) => String(n) === given.impacts);
  const yes = (q: Question) => (given[q] === undefined ? undefined : given[q] === 'si');
  const [crack, edge, sight, sensor] = [yes('crack'), yes('edge'), yes('sight'), yes('sensor')];
  if (size === undefined || impacts === undefined) return undefined;
  if (crack === undefined || edge === undefined || sight === undefined || sensor === undefined)
    return undefined;
  return { size, crack, impacts, edge, sight, sensor };
}

/** The WhatsApp message: the answers, the result, and a photo asked for. */
export function selfCheckMessage(given: GivenAnswers, verdict: Verdict): string {
  const lines = questionOrder.map((q) => {
    const text: { short: string; options: Readonly<Record<string, string>> } = questions[q];
    const value = given[q];
    return `- ${text.short}: ${value === undefined ? 'sin responder' : (text.options[value] ?? value)}`;
  });
  return [
    repairPage.whatsappGreeting,
    ...lines,
    `Resultado: ${outcomes[verdict.outcome]}.`,
    repairPage.whatsappPhoto,
  ].join('\n');
}
