import { useEffect, useState } from 'react';
import type { DayAvailability } from '../booking/types.ts';
import { island } from '../islands/island.tsx';
import { paths } from '../paths.ts';
import { BookingWindows } from './BookingWindows.tsx';

/** The what-and-where form (GET) and the booking form (POST) of `/turnos`. */
export const WHAT_FORM_ATTRIBUTE = 'data-booking-what';
export const BOOK_FORM_ATTRIBUTE = 'data-booking-book';

/** How often the places left are read again while the page is visible. */
const REFRESH_MS = 60_000;

type Props = {
  readonly days: readonly DayAvailability[];
  readonly chosen: string;
  /** The query the server rendered the windows for (`/turnos?...`). */
  readonly query: string;
};

function isDays(value: unknown): value is DayAvailability[] {
  return (
    Array.isArray(value) &&
    value.every(
      (d: unknown) =>
        typeof d === 'object' &&
        d !== null &&
        'day' in d &&
        'windows' in d &&
        Array.isArray(d.windows),
    )
  );
}

async function fetchDays(query: string): Promise<DayAvailability[] | undefined> {
  const res = await fetch(`${paths.bookingApi}?${query}`, {
    headers: { accept: 'application/json' },
  });
  if (!res.ok) return undefined;
  const body: unknown = await res.json();
  const days = typeof body === 'object' && body !== null && 'days' in body ? body.days : undefined;
  return isDays(days) ? days : undefined;
}

/** The what-and-where form's choices as a query; and the booking form's hidden copies follow. */
function whatQuery(what: HTMLFormElement): string {
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(what)) {
    if (typeof value === 'string' && value !== '') query.set(name, value);
  }
  return query.toString();
}

function syncHidden(what: HTMLFormElement) {
  const book = document.querySelector<HTMLFormElement>(`form[${BOOK_FORM_ATTRIBUTE}]`);
  if (!book) return;
  const data = new FormData(what);
  for (const input of book.querySelectorAll<HTMLInputElement>('input[type="hidden"]')) {
    const value = data.get(input.name);
    if (typeof value === 'string') input.value = value;
  }
}

/**
 * The free windows, live (an island): read again every minute while the page is visible, and
 * at once when the place or the glass changes above, so a full window shows as full before
 * the visitor picks it. Without JavaScript the list is the server's, and "Ver días" reloads it.
 */
function Live({ days: initial, chosen, query: initialQuery }: Props) {
  const [days, setDays] = useState(initial);
  const [query, setQuery] = useState(initialQuery);

  useEffect(() => {
    let stopped = false;
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      fetchDays(query)
        .then((next) => {
          if (next && !stopped) setDays(next);
        })
        .catch(() => undefined);
    };
    const timer = setInterval(refresh, REFRESH_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [query]);

  useEffect(() => {
    const what = document.querySelector<HTMLFormElement>(`form[${WHAT_FORM_ATTRIBUTE}]`);
    if (!what) return;
    const changed = () => {
      const next = whatQuery(what);
      fetchDays(next)
        .then((found) => {
          if (!found) return;
          syncHidden(what);
          setQuery(next);
          setDays(found);
        })
        .catch(() => undefined);
    };
    what.addEventListener('change', changed);
    return () => what.removeEventListener('change', changed);
  }, []);

  return <BookingWindows days={days} chosen={chosen} />;
}

export const LiveBookingWindows = island('bookingWindows', Live);
