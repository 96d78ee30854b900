import { z } from 'zod';
import {
  CONTACT_LIMITS,
  type ContactErrors,
  type ContactField,
  type ContactSubmission,
  type ContactValues,
} from '../../client/contact/types.ts';

const count = new Intl.NumberFormat('es-AR');

/** One line of text: control characters (a bot's CR/LF included) become spaces, runs collapse. */
function oneLine(value: string): string {
  return value
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Free text: line breaks kept (as \n), other control characters dropped. */
function multiLine(value: string): string {
  return value
    .normalize('NFC')
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(/[^\P{Cc}\n\t]/gu, '')
    .trim();
}

const tooLong = (what: string, max: number) => (issue: { input?: unknown }) =>
  `${what} puede tener hasta ${count.format(max)} caracteres (tiene ${count.format(
    typeof issue.input === 'string' ? issue.input.length : 0,
  )}).`;

const schema = z.object({
  name: z
    .string()
    .transform(oneLine)
    .pipe(
      z
        .string()
        .min(1, 'Escribí tu nombre.')
        .max(CONTACT_LIMITS.name, { error: tooLong('El nombre', CONTACT_LIMITS.name) }),
    ),
  email: z
    .string()
    .transform(oneLine)
    .pipe(
      z
        .string()
        .min(1, 'Escribí tu e-mail, así te podemos responder.')
        .max(CONTACT_LIMITS.email, { error: tooLong('El e-mail', CONTACT_LIMITS.email) }),
    )
    .pipe(z.email('Escribí un e-mail válido, por ejemplo nombre@gmail.com.')),
  message: z
    .string()
    .transform(multiLine)
    .pipe(
      z
        .string()
        .min(1, 'Contanos qué necesitás: marca y modelo del auto y qué cristal.')
        .max(CONTACT_LIMITS.message, { error: tooLong('El mensaje', CONTACT_LIMITS.message) }),
    ),
});

export type ValidContact = z.output<typeof schema>;

export type Validation =
  | { readonly ok: true; readonly contact: ValidContact }
  | { readonly ok: false; readonly errors: ContactErrors; readonly values: ContactValues };

/** Server-side rules; the messages are shown next to the fields, in the visitor's words. */
export function validateContact(submission: ContactSubmission): Validation {
  const values: ContactValues = {
    name: submission.name,
    email: submission.email,
    message: submission.message,
  };
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, contact: parsed.data };
  const errors: Partial<Record<ContactField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors, values };
}
