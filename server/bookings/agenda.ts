/** The owner's agenda on the booking store (client/panel/agenda-types.ts). */
import type { Agenda, AgendaDay } from '../../client/panel/agenda-types.ts';
import { dayLong, weekdayOf } from '../../client/booking/days.ts';
import { nationalHolidayName } from '../../client/booking/holidays.ts';
import { customerWhatsappLink, whereLabel } from '../../client/booking/whatsapp.ts';
import {
  PLACES_OF_WORK,
  windowsOfWeekday,
  type PlaceOfWork,
} from '../../client/content/booking.ts';
import type { ShopFacts } from '../../client/facts/types.ts';
import { paths } from '../../client/paths.ts';
import { addDays, shopDate } from '../../catalogue/validity.ts';
import { reminderPath } from './reminder.ts';
import { WHOLE_DAY, type BookingStore } from '../../store/bookings.ts';
import { toView } from './service.ts';
import { newToken } from './tokens.ts';
import type { SiteReviews } from '../reviews/index.ts';

/** What the agenda needs of the reviews: each job's review, and a request for one. */
export type AgendaReviews = Pick<SiteReviews, 'askForReview' | 'statusesOf'>;

export function createAgenda(
  store: BookingStore,
  now: () => Date,
  siteUrl: string,
  facts: () => ShopFacts,
  reviews: AgendaReviews,
): Agenda {
  return {
    async days(from, to) {
      const published = facts();
      const today = shopDate(now());
      const tomorrow = addDays(today, 1);
      const { hours, closedDays, booking, contact } = published;
      const [bookings, taken, dayPlaces, closures] = await Promise.all([
        store.listBetween(from, to),
        store.takenBetween(from, to),
        store.dayPlacesBetween(from, to),
        store.closuresBetween(from, to),
      ]);
      const reviewed = await reviews.statusesOf(
        bookings.filter((b) => b.status === 'hecho').map((b) => b.id),
      );
      const days: AgendaDay[] = [];
      for (let day = from; day <= to; day = addDays(day, 1)) {
        const windows = windowsOfWeekday(hours, weekdayOf(day));
        const changed: Partial<Record<PlaceOfWork, number>> = {};
        for (const d of dayPlaces) {
          const place = PLACES_OF_WORK.find((p) => p === d.place);
          if (d.day === day && place) changed[place] = d.places;
        }
        const placesOf = (place: PlaceOfWork, slot: string) => ({
          places: changed[place] ?? booking.placesPerWindow[place],
          taken:
            taken.find((t) => t.day === day && t.slot === slot && t.place === place)?.taken ?? 0,
        });
        const dayBookings = bookings.filter((b) => b.day === day).map(toView);
        const holiday = windows.length === 0 ? 'No abre' : nationalHolidayName(day);
        const closedDay = closedDays.find((d) => d.date === day)?.name;
        const closed = closures.some((c) => c.day === day && c.slot === WHOLE_DAY);
        const active = dayBookings.filter(
          (b) => b.status === 'pendiente' || b.status === 'confirmado',
        ).length;
        const why = holiday ?? closedDay ?? (closed ? 'cerrado para turnos' : undefined);
        days.push({
          day,
          holiday,
          closedDay,
          closed,
          warning:
            why && active > 0
              ? `Este día no se atiende (${why}), pero tiene ${active === 1 ? 'un turno' : `${active} turnos`}: ${active === 1 ? 'sigue' : 'siguen'} en pie. Avisale al cliente o cambiá el día.`
              : undefined,
          placesChanged: changed,
          windows: windows.map((window) => ({
            window,
            closed: closures.some((c) => c.day === day && c.slot === window.id),
            places: {
              taller: placesOf('taller', window.id),
              domicilio: placesOf('domicilio', window.id),
            },
          })),
          bookings: dayBookings.map((b) => ({
            ...b,
            review: reviewed.get(b.id) ?? 'none',
            where: whereLabel(b, published),
            reminder:
              (b.day === today || b.day === tomorrow) &&
              (b.status === 'pendiente' || b.status === 'confirmado')
                ? reminderPath(b.id)
                : undefined,
            whatsapp: customerWhatsappLink(
              b.phone,
              b.status === 'cancelado'
                ? `Hola ${b.name}, te escribimos de ${contact.name}: tuvimos que cancelar tu turno del ${dayLong(b.day)}. ¿Te parece si buscamos otro día?`
                : `Hola ${b.name}, te escribimos de ${contact.name} por tu turno del ${dayLong(b.day)}.`,
            ),
          })),
        });
      }
      return days;
    },

    async find(id) {
      const booking = await store.findById(id);
      return booking ? toView(booking) : undefined;
    },

    setStatus: (id, status) => store.setStatus(id, status, now()),
    askForReview: (id) => reviews.askForReview(id),
    cancel: (id) => store.cancel(id, now()),
    setClosed: (day, window, closed) =>
      store.setClosed(day, window === 'dia' ? WHOLE_DAY : window, closed),
    setPlaces: (day, place, places) => store.setDayPlaces(day, place, places),

    async feedUrl() {
      const token = await store.feedToken();
      return token ? `${siteUrl}${paths.bookingFeed(token)}` : undefined;
    },

    async renewFeed() {
      const token = newToken();
      await store.setFeedToken(token, now());
      return `${siteUrl}${paths.bookingFeed(token)}`;
    },
  };
}
