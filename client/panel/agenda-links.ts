/** Addresses in the agenda (`/panel/turnos`): a week or a day, and one booking in its day. */
import type { IsoDate } from '../../catalogue/validity.ts';
import { panelPaths, queryParams } from '../paths.ts';

export type AgendaView = 'semana' | 'dia';

export function agendaPath(day: IsoDate, view: AgendaView): string {
  const query = new URLSearchParams({
    [queryParams.agendaDay]: day,
    [queryParams.agendaView]: view,
  });
  return `${panelPaths.bookings}?${query.toString()}`;
}

/** The booking's card in its day (the card's id is `turno-{id}`). */
export function agendaBookingPath(day: IsoDate, id: string): string {
  return `${agendaPath(day, 'dia')}#${bookingAnchor(id)}`;
}

export function bookingAnchor(id: string): string {
  return `turno-${id}`;
}
