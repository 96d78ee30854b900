/**
 * POST /turnos books (303 to the private page); bad input re-renders the form with messages
 * (422); the last place taken meanwhile, 409 with the next free windows; the database down or
 * the hour full, 503. POST /turnos/turno/{token} cancels or moves the booking (303 back).
 */
import { data, redirect } from 'react-router-dom';
import type { AppActionArgs, AppLoaderArgs } from '../app-context.ts';
import { bookingPage } from '../content/booking.ts';
import { paths, queryParams } from '../paths.ts';
import { bookingRules, earliestDay, windowsOf } from './calendar.ts';
import { shopDate, addDays } from '../../catalogue/validity.ts';
import { checkWhatAndWhere, checkWhen, checkWho, readBookingValues } from './form.ts';
import { bookingPageData, type BookingNotice } from './page-data.ts';
import { parseWindowChoice, type BookingErrors, type BookingValues } from './types.ts';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The posted form, or a 400 when the body is not one. */
async function postedForm(request: Request): Promise<FormData> {
  if (request.method !== 'POST') throw data(null, { status: 405 });
  return request.formData().catch(() => {
    throw data(null, { status: 400 });
  });
}

/** The published facts' rules with the agenda's closures for the days a form may offer. */
async function rulesNow(context: AppLoaderArgs['context']) {
  const today = shopDate(context.now);
  return bookingRules(context.facts, await context.bookings.closures(today, addDays(today, 400)));
}

/** GET /turnos: the form, and the days when what and where are chosen. */
export async function bookingLoader({ request, context }: AppLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const given = readBookingValues((name) => params.get(name));
  const values: BookingValues = {
    ...given,
    place: given.place || (given.job ? 'taller' : ''),
    // The form's one-time token; it becomes the booking's private link.
    token: context.bookings.newToken(),
    // Personal data never travels in a URL.
    name: '',
    phone: '',
    plate: '',
    notes: '',
  };
  return bookingPageData(values, context);
}

export async function bookingAction({ request, context }: AppActionArgs) {
  const form = await postedForm(request);
  const posted = readBookingValues((name) => form.get(name));
  const values: BookingValues = {
    ...posted,
    token: TOKEN.test(posted.token) ? posted.token : context.bookings.newToken(),
  };
  const again = async (status: number, errors: BookingErrors, notice?: BookingNotice) =>
    data(await bookingPageData(values, context, { errors, notice, showAll: true }), { status });

  const what = checkWhatAndWhere(values, context.catalogue, context.facts.zones);
  const who = checkWho(values);
  if (!what.ok) return again(422, { ...what.errors, ...who.errors });
  const rules = await rulesNow(context);
  const earliest = earliestDay(context.now, what.ok.glass?.availability, rules);
  const when = checkWhen(values, context.now, earliest.day, rules);
  if (!when.ok || !who.ok) return again(422, { ...when.errors, ...who.errors });

  const outcome = await context.bookings.book({
    token: values.token,
    day: when.ok.day,
    window: when.ok.window,
    place: what.ok.place,
    locality: what.ok.zone?.locality,
    job: what.ok.job,
    glass: what.ok.glass?.label,
    car: what.ok.glass?.car,
    availability: what.ok.glass?.availabilityLabel,
    awaitsGlass: earliest.request,
    ...who.ok,
  });
  switch (outcome.status) {
    case 'booked':
      return redirect(`${paths.bookingManage(outcome.token)}?${queryParams.bookingNew}=1`, 303);
    case 'full':
      return data(
        await bookingPageData({ ...values, from: when.ok.day }, context, {
          errors: { window: bookingPage.takenMeanwhile },
          notice: 'taken',
          showAll: true,
        }),
        { status: 409 },
      );
    case 'closed':
      return again(409, { window: 'Ese horario se acaba de cerrar: elegí otro.' });
    default:
      return again(503, {}, outcome.status);
  }
}

/** GET /turnos/turno/{token}: the booking, and the windows to move it to. */
export async function manageLoader({ params, context }: AppLoaderArgs) {
  const token = params.token ?? '';
  const booking = await context.bookings.find(token);
  if (!booking) throw data({ kind: 'booking' }, { status: 404 });
  const rules = await rulesNow(context);
  const earliest = earliestDay(context.now, undefined, rules);
  const holding = booking.status === 'pendiente' || booking.status === 'confirmado';
  const days = holding
    ? await context.bookings.calendar(booking.place, earliest.day, addDays(earliest.day, 13), rules)
    : [];
  // A finished job may be reviewed: where its review stands (the page invites, or thanks).
  const review =
    booking.status === 'hecho' ? await context.reviewLinks.statusOf(booking.id) : 'none';
  return { token, booking, days, review };
}

/**
 * What the private page's forms post: `accion=cancelar`, `accion=cambiar` with `turno`, or
 * `accion=opinar` (a finished job: a new review link, and there the form).
 */
export const manageFields = {
  intent: 'accion',
  cancel: 'cancelar',
  move: 'cambiar',
  review: 'opinar',
} as const;

export async function manageAction({ request, params, context }: AppActionArgs) {
  const form = await postedForm(request);
  const token = params.token ?? '';
  const here = paths.bookingManage(token);
  const intent = form.get(manageFields.intent);
  if (intent === manageFields.cancel) {
    const found = await context.bookings.find(token);
    if (!found) throw data({ kind: 'booking' }, { status: 404 });
    await context.bookings.cancel(token);
    return redirect(here, 303);
  }
  if (intent === manageFields.review) {
    const reviewToken = await context.reviewLinks.inviteFromBooking(token);
    if (!reviewToken) {
      if (!(await context.bookings.find(token))) throw data({ kind: 'booking' }, { status: 404 });
      return redirect(here, 303);
    }
    return redirect(paths.review(reviewToken), 303);
  }
  if (intent === manageFields.move) {
    const value = form.get(queryParams.booking.window);
    const choice = parseWindowChoice(typeof value === 'string' ? value : '');
    const rules = await rulesNow(context);
    const window = choice
      ? windowsOf(choice.day, rules).find((w) => w.id === choice.window)
      : undefined;
    const today = shopDate(context.now);
    if (!choice || !window || choice.day <= today) {
      return data({ moveError: 'Elegí un día y un horario de la lista.' }, { status: 422 });
    }
    const moved = await context.bookings.move(token, choice.day, window);
    if (moved === 'gone') throw data({ kind: 'booking' }, { status: 404 });
    if (moved !== 'moved') {
      return data(
        {
          moveError:
            moved === 'full'
              ? 'Ese horario se acaba de ocupar: elegí otro.'
              : 'Ese horario está cerrado: elegí otro.',
        },
        { status: 409 },
      );
    }
    return redirect(here, 303);
  }
  throw data(null, { status: 400 });
}
