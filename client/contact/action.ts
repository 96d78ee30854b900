import { data, redirect } from 'react-router-dom';
import type { AppActionArgs, AppLoaderArgs } from '../app-context.ts';
import {
  CONTACT_FIELDS,
  CONTACT_TOKEN_FIELD,
  HONEYPOT_FIELD,
  type ContactActionData,
  type ContactSubmission,
} from './types.ts';
import { contactSentPath } from '../paths.ts';

/** GET /contact: the form's one-time token. */
export function contactLoader({ context }: AppLoaderArgs) {
  return { token: context.bookings.newToken() };
}

/** POST /contact: invalid input re-renders the form (422); anything accepted redirects (303). */
export async function contactAction({ request, context }: AppActionArgs) {
  // React Router sends every non-GET method here; only the form's POST is one.
  if (request.method !== 'POST') throw data(null, { status: 405 });
  const form = await request.formData().catch(() => {
    throw data(null, { status: 400 });
  });
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const submission = Object.fromEntries(
    [...CONTACT_FIELDS, HONEYPOT_FIELD].map((name) => [name, field(name)]),
  ) as ContactSubmission;

  const outcome = await context.contact.submit(submission, field(CONTACT_TOKEN_FIELD));
  switch (outcome.status) {
    case 'invalid':
      return data<ContactActionData>(
        { errors: outcome.errors, values: outcome.values },
        { status: 422 },
      );
    case 'unavailable':
      return data<ContactActionData>(
        { errors: {}, values: outcome.values, unavailable: 'failed' },
        { status: 503 },
      );
    case 'busy':
      return data<ContactActionData>(
        { errors: {}, values: outcome.values, unavailable: 'busy' },
        { status: 503 },
      );
    default:
      return redirect(contactSentPath, 303);
  }
}
