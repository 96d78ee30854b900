/**
 * Reading and checking the review form (pure): stars, the text and the name shown, each with a
 * Spanish message beside the field when it is wrong. The text is kept as plain text: a link or
 * markup is refused rather than published (and pages never render it as HTML anyway).
 */
import {
  REVIEW_LIMITS,
  STAR_NAMES,
  type ReviewInput,
  type ReviewValues,
  type Stars,
} from './types.ts';

export const REVIEW_FIELDS = { stars: 'estrellas', body: 'texto', author: 'nombre' } as const;
export type ReviewField = keyof typeof REVIEW_FIELDS;
export type ReviewErrors = Readonly<Partial<Record<ReviewField, string>>>;

/** The form's values from a posted form ('' for a missing field); bounded before anything else. */
export function readReviewValues(get: (name: string) => unknown): ReviewValues {
  const text = (name: string) => {
    const value = get(name);
    return typeof value === 'string' ? value.slice(0, 16_000) : '';
  };
  return {
    stars: text(REVIEW_FIELDS.stars),
    body: text(REVIEW_FIELDS.body),
    author: text(REVIEW_FIELDS.author),
  };
}

/** Markup: a tag's start (`<b`, `</p`, `<?xml`), a comment or a declaration (`<!`). */
const MARKUP = /<\s*(?:[/?]?\s*[a-z]|!)/i;
/** A web address: a scheme, `www.`, or a name ending in a common top-level domain. */
const LINK =
  /(?:\b[a-z][a-z0-9+.-]*:\/\/|\bwww\.|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|ar|info|io|me|ly|co|app|link|site|online|xyz|shop|store|tv|gl|page)\b)/i;

function textProblem(text: string, what: 'el texto' | 'el nombre'): string | undefined {
  if (MARKUP.test(text))
    return `Sacá las etiquetas (como <b> o <script>) de ${what}: escribilo como texto común.`;
  if (LINK.test(text)) return `Sacá los enlaces o direcciones web de ${what}: no los publicamos.`;
  return undefined;
}

const isStars = (n: number): n is Stars => n in STAR_NAMES;

export function checkReview(values: ReviewValues): {
  errors: ReviewErrors;
  ok: ReviewInput | undefined;
} {
  const errors: Partial<Record<ReviewField, string>> = {};
  const number = /^[1-5]$/.test(values.stars) ? Number(values.stars) : 0;
  const stars = isStars(number) ? number : undefined;
  if (!stars) errors.stars = 'Elegí de 1 a 5 estrellas.';

  const body = values.body.replace(/\r\n?/g, '\n').trim();
  if (body.length > REVIEW_LIMITS.body)
    errors.body = `El texto puede tener hasta ${REVIEW_LIMITS.body.toLocaleString('es-AR')} caracteres (tiene ${body.length.toLocaleString('es-AR')}).`;
  else {
    const problem = textProblem(body, 'el texto');
    if (problem) errors.body = problem;
  }

  const author = values.author.replace(/\s+/g, ' ').trim();
  if (!author) errors.author = 'Escribí el nombre que querés que se vea (por ejemplo, "María G.").';
  else if (author.length > REVIEW_LIMITS.author)
    errors.author = `El nombre puede tener hasta ${REVIEW_LIMITS.author} caracteres.`;
  else {
    const problem = textProblem(author, 'el nombre');
    if (problem) errors.author = problem;
  }

  const ok = stars && Object.keys(errors).length === 0 ? { stars, body, author } : undefined;
  return { errors, ok };
}
