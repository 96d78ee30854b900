/**
 * "Pasar a turno" (`/panel/presupuestos/turno?numero=…`): the quote, the next two weeks' windows
 * with places left where it is fitted (the shop or the customer's locality), the customer's
 * phone; the booking keeps the quote's number and shows in the agenda.
 */
import { data, useActionData, useLoaderData } from 'react-router-dom';
import { formatARS } from '../../catalogue/money.ts';
import { addDays, formatDateAR } from '../../catalogue/validity.ts';
import type { AppActionArgs, AppLoaderArgs } from '../app-context.ts';
import { bookingRules, earliestDay, windowsOf } from '../booking/calendar.ts';
import { arPhoneE164 } from '../facts/phone.ts';
import { parseWindowChoice } from '../booking/types.ts';
import { BookingWindows } from '../components/BookingWindows.tsx';
import { shopDate } from '../../catalogue/validity.ts';
import { panelPaths, queryParams } from '../paths.ts';
import { QUOTE_NUMBER } from '../quote/types.ts';
import { requirePanel, seeOther } from './context.ts';
import { PanelForm } from './PanelForm.tsx';
import { PanelMeta } from './PanelMeta.tsx';

const TOKEN = 'token';
const PHONE = 'telefono';

async function quoteOf(args: AppLoaderArgs, number: string) {
  const { quotes } = requirePanel(args.context).services;
  const found = QUOTE_NUMBER.test(number) ? await quotes.find(number) : undefined;
  if (!found) throw data(null, { status: 404 });
  return found;
}

/** The booking rules of today: the published facts with the agenda's closures. */
async function rulesOf({ context }: AppLoaderArgs) {
  const today = shopDate(context.now);
  return bookingRules(context.facts, await context.bookings.closures(today, addDays(today, 400)));
}

async function pageData(args: AppLoaderArgs, number: string) {
  const { context } = args;
  const found = await quoteOf(args, number);
  const rules = await rulesOf(args);
  const first = earliestDay(context.now, undefined, rules).day;
  const days = await context.bookings.calendar(
    found.quote.placement.place,
    first,
    addDays(first, 13),
    rules,
  );
  return { ...found, days, token: context.bookings.newToken() };
}

export async function quoteBookingLoader(args: AppLoaderArgs) {
  const number = new URL(args.request.url).searchParams.get(queryParams.quoteNumber) ?? '';
  return pageData(args, number);
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

export async function quoteBookingAction(args: AppActionArgs) {
  const panel = requirePanel(args.context);
  const form = await args.request.formData();
  const number = text(form, queryParams.quoteNumber);
  const again = async (status: number, error: string) =>
    data({ ...(await pageData(args, number)), error }, { status });
  const choice = parseWindowChoice(text(form, queryParams.booking.window));
  const rules = await rulesOf(args);
  const window = choice
    ? windowsOf(choice.day, rules).find((w) => w.id === choice.window)
    : undefined;
  const phone = arPhoneE164(text(form, PHONE));
  const token = text(form, TOKEN);
  if (!choice || !window || choice.day <= shopDate(args.context.now))
    return again(422, 'Elegí un día y un horario de la lista.');
  if (!phone)
    return again(422, 'Escribí el teléfono del cliente con el código de área (388 15 412-3456).');
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return again(400, 'Volvé a abrir el formulario.');
  const outcome = await panel.services.quotes.toBooking(number, {
    day: choice.day,
    window,
    phone,
    token,
  });
  if (outcome === 'gone') throw data(null, { status: 404 });
  if (outcome === 'booked-already') return again(409, 'Ese presupuesto ya tiene un turno.');
  if (outcome === 'full') return again(409, 'Ese horario se acaba de ocupar: elegí otro.');
  if (outcome === 'closed') return again(409, 'Ese horario está cerrado: elegí otro.');
  await panel.record(
    'presupuesto pasado a turno',
    `${number}: ${formatDateAR(choice.day)} ${window.name}`,
  );
  const agenda = new URLSearchParams({
    [queryParams.agendaDay]: choice.day,
    [queryParams.agendaView]: 'dia',
  });
  return seeOther(`${panelPaths.bookings}?${agenda}`);
}

export function QuoteBookingPage() {
  const loaded = useLoaderData<typeof quoteBookingLoader>();
  const posted = useActionData<typeof quoteBookingAction>();
  const page = posted ?? loaded;
  const { quote, row, days, token } = page;
  const error = posted && 'error' in posted ? posted.error : undefined;
  return (
    <>
      <PanelMeta title={`Pasar a turno ${quote.number}`} />
      <h1>Pasar a turno el presupuesto {quote.number}</h1>
      {error ? (
        <p className="panel-notice" role="alert">
          {error}
        </p>
      ) : null}
      <section className="panel-card" aria-labelledby="presupuesto">
        <h2 id="presupuesto">
          {quote.item.title} · {formatARS(quote.total)}
        </h2>
        <p>{[...quote.item.details, quote.placement.label].join(' · ')}</p>
        <p>
          {quote.customer.name}
          {quote.customer.plate ? ` · Patente ${quote.customer.plate}` : ''} ·{' '}
          {quote.customer.insurer}
          {quote.customer.claim ? ` · Póliza o siniestro ${quote.customer.claim}` : ''}
        </p>
        {row.booking ? (
          <p>
            Ya tiene turno: {formatDateAR(row.booking.day)}, {row.booking.window.toLowerCase()}.
          </p>
        ) : null}
      </section>
      {row.booking ? null : (
        <PanelForm action={panelPaths.quoteBooking} className="booking-form">
          <input type="hidden" name={queryParams.quoteNumber} value={quote.number} />
          <input type="hidden" name={TOKEN} value={token} />
          <fieldset className="booking-step">
            <legend>Día y horario ({quote.placement.label.toLowerCase()})</legend>
            <BookingWindows days={days} chosen="" />
          </fieldset>
          <div className="field">
            <label htmlFor="turno-telefono">Teléfono del cliente (WhatsApp)</label>
            <input
              id="turno-telefono"
              name={PHONE}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              required
              maxLength={40}
            />
          </div>
          <button type="submit" className="button button-primary">
            Crear el turno
          </button>
        </PanelForm>
      )}
      <p>
        <a href={panelPaths.quotes}>Volver a los presupuestos</a>
      </p>
    </>
  );
}
