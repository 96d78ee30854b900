import type { DayAvailability } from '../booking/types.ts';
import { windowChoice } from '../booking/types.ts';
import { dayLong } from '../booking/days.ts';
import { queryParams } from '../paths.ts';

const clock = (time: string) => time.replace(/^0/, '').replace(/:00$/, '');

/** "quedan 2 lugares", "queda 1 lugar", "completo". */
export function placesLeft(left: number): string {
  if (left <= 0) return 'completo';
  return left === 1 ? 'queda 1 lugar' : `quedan ${left} lugares`;
}

/**
 * The days with their windows as radio buttons (`turno=2026-12-01/manana`); a full window is
 * shown, disabled, as full. The booking island replaces this list when the choices change.
 */
export function BookingWindows({
  days,
  chosen,
}: {
  days: readonly DayAvailability[];
  chosen: string;
}) {
  if (days.length === 0) {
    return <p className="booking-hint">No hay días con turnos en estas fechas.</p>;
  }
  return (
    <ul className="booking-days" data-booking-windows="">
      {days.map(({ day, windows }) => (
        <li key={day} className="booking-day">
          <p className="booking-day__name">{dayLong(day)}</p>
          <ul className="booking-windows">
            {windows.map(({ window, left }) => {
              const value = windowChoice(day, window.id);
              return (
                <li key={window.id}>
                  <label className={`booking-window${left > 0 ? '' : ' booking-window--full'}`}>
                    <input
                      type="radio"
                      name={queryParams.booking.window}
                      value={value}
                      disabled={left <= 0}
                      defaultChecked={value === chosen && left > 0}
                      required
                    />{' '}
                    <span>
                      {window.name} ({clock(window.opens)} a {clock(window.closes)} h)
                    </span>{' '}
                    <span className="booking-window__left">{placesLeft(left)}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ul>
  );
}
