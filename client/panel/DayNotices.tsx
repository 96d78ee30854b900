import type { AgendaDay } from './agenda-types.ts';

/** What a day of the agenda says before its bookings: a holiday, a day without work, closed, a warning. */
export function DayNotices({ day: d }: { day: AgendaDay }) {
  return (
    <>
      {d.holiday ? (
        <p>
          <span className="panel-tag">{d.holiday}</span>
        </p>
      ) : null}
      {d.closedDay ? (
        <p>
          <span className="panel-tag panel-tag-failed">{`Sin atención: ${d.closedDay}`}</span>
        </p>
      ) : null}
      {d.closed ? (
        <p>
          <span className="panel-tag panel-tag-failed">Cerrado para turnos</span>
        </p>
      ) : null}
      {d.warning ? (
        <p className="panel-notice" role="status">
          {d.warning}
        </p>
      ) : null}
    </>
  );
}
