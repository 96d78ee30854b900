/**
 * "Recordar por WhatsApp" (the agenda, for bookings of today and tomorrow): a panel redirect
 * that makes a new private link for the booking (its hash kept beside the first one's, which
 * keeps working), marks the booking "Recordado" and answers 303 to wa.me with the reminder
 * written: name, day, window, where, what to have at hand, and the link to change or cancel.
 */
import { dayLong } from '../../client/booking/days.ts';
import type { BookingView } from '../../client/booking/types.ts';
import { customerWhatsappLink, whereLabel } from '../../client/booking/whatsapp.ts';
import type { ShopFacts } from '../../client/facts/types.ts';
import { panelPaths, paths } from '../../client/paths.ts';
import type { BookingStore } from '../../store/bookings.ts';
import type { PanelEndpoint } from '../panel/guard.ts';
import { toView } from './service.ts';
import { hashToken, newToken } from './tokens.ts';

/** The reminder's text, as the customer reads it in WhatsApp. */
export function reminderText(view: BookingView, facts: ShopFacts, manageUrl: string): string {
  const clock = (t: string) => t.replace(/^0/, '').replace(/:00$/, '');
  const window = `${view.window.name.toLowerCase()} (de ${clock(view.window.opens)} a ${clock(view.window.closes)} h)`;
  const where =
    view.place === 'domicilio' ? whereLabel(view, facts).toLowerCase() : whereLabel(view, facts);
  // The published list's papers line ("Tu DNI y la cédula del auto."), if the owner kept one.
  const documents = facts.booking.whatToBring.find((line) => /DNI|cédula/i.test(line)) ?? '';
  return [
    `Hola ${view.name}, te escribimos de ${facts.contact.name} para recordarte tu turno: ${dayLong(view.day)}, ${window}.`,
    `Dónde: ${where}.`,
    ...(documents
      ? [`Tené a mano: ${documents.charAt(0).toLowerCase()}${documents.slice(1)}`]
      : []),
    `Si necesitás cambiarlo o cancelarlo: ${manageUrl}`,
  ].join('\n');
}

/** The agenda's link for a booking (the panel redirect below). */
export function reminderPath(id: string): string {
  return `${panelPaths.bookingReminder}?${new URLSearchParams({ turno: id }).toString()}`;
}

export function bookingReminder(deps: {
  store: BookingStore;
  siteUrl: string;
  facts: () => ShopFacts;
  now: () => Date;
}): [string, PanelEndpoint] {
  return [
    panelPaths.bookingReminder,
    {
      method: 'GET',
      open: false,
      async handle(req, res, panel) {
        // A GET that records: only from the panel's own pages (or typed), never from another site.
        if (req.get('sec-fetch-site') === 'cross-site') return void res.status(403).end();
        const id = typeof req.query.turno === 'string' ? req.query.turno.slice(0, 64) : '';
        const token = newToken();
        const booking = id
          ? await deps.store.markReminded(id, hashToken(token), deps.now())
          : undefined;
        if (!booking) return void res.redirect(303, panelPaths.bookings);
        const view = toView(booking);
        const text = reminderText(
          view,
          deps.facts(),
          `${deps.siteUrl}${paths.bookingManage(token)}`,
        );
        await panel.record('turno recordado', `${view.day} ${view.window.id}`);
        res.redirect(303, customerWhatsappLink(view.phone, text));
      },
    },
  ];
}
