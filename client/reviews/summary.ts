/** Counting published reviews, and saying it in Spanish (pure: the server and the pages share it). */
import {
  HIDE_REASON_NAMES,
  HIDE_REASONS,
  STAR_VALUES,
  type HideReason,
  type ReviewSummary,
  type Stars,
} from './types.ts';

/** The summary of published reviews per number of stars and of those not published per reason. */
export function summarize(
  stars: Readonly<Record<Stars, number>>,
  hidden: Readonly<Record<HideReason, number>>,
): ReviewSummary {
  const count = STAR_VALUES.reduce((sum, s) => sum + stars[s], 0);
  const total = STAR_VALUES.reduce((sum, s) => sum + s * stars[s], 0);
  return {
    count,
    average: count === 0 ? undefined : total / count,
    stars,
    hidden: {
      count: HIDE_REASONS.reduce((sum, r) => sum + hidden[r], 0),
      reasons: HIDE_REASONS.filter((r) => hidden[r] > 0),
    },
  };
}

const oneDecimal = new Intl.NumberFormat('es-AR', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** "4,7" (rounded to one decimal, as people read a rating). */
export function averageText(average: number): string {
  return oneDecimal.format(Math.round(average * 10) / 10);
}

/** "1 opinión", "23 opiniones". */
export function reviewCountText(count: number): string {
  return `${count} ${count === 1 ? 'opinión' : 'opiniones'}`;
}

const orList = new Intl.ListFormat('es', { type: 'disjunction' });

/** "3 no publicadas por insultos o datos personales de otras personas"; '' when none. */
export function hiddenText(hidden: ReviewSummary['hidden']): string {
  if (hidden.count === 0) return '';
  const reasons = orList.format(hidden.reasons.map((r) => HIDE_REASON_NAMES[r]));
  return `${hidden.count} no ${hidden.count === 1 ? 'publicada' : 'publicadas'} por ${reasons}`;
}

const monthYear = new Intl.DateTimeFormat('es-AR', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `2026-11` -> "noviembre de 2026". */
export function monthText(month: string): string {
  const [year, mm] = month.split('-').map(Number);
  if (!year || !mm) return month;
  return monthYear.format(new Date(Date.UTC(year, mm - 1, 1)));
}

/** "5 de 5 estrellas". */
export function starsText(stars: number): string {
  return `${stars} de 5 ${stars === 1 ? 'estrella' : 'estrellas'}`;
}

/** The name shown by default: the first name and the initial of the last ("María G."). */
export function suggestedAuthor(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = words;
  if (!first) return '';
  const last = rest.at(-1);
  const initial = last ? ` ${last.charAt(0).toLocaleUpperCase('es-AR')}.` : '';
  return `${first}${initial}`.slice(0, 40);
}
