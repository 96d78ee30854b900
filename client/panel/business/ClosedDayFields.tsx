/** Datos del negocio, the closed days: their fields. */
import { formatDateAR } from '../../../catalogue/validity.ts';
import { dayLong } from '../../booking/days.ts';
import { panelPaths } from '../../paths.ts';
import { ROWS_FIELD, rowCount } from '../business-form.ts';
import { Field, RowButton, type Fields } from './controls.tsx';

export function ClosedDayFields(
  p: Fields & { holidays: readonly { day: string; name: string }[] },
) {
  const rows = rowCount('closedDays', p.values);
  return (
    <>
      <p className="panel-hint">
        Días que el taller no atiende además de los domingos y los feriados nacionales: los de
        Jujuy, los puentes de cada año, las vacaciones. Esos días el sitio no da turnos; los turnos
        que ya estaban se quedan y la agenda los marca. Para cerrar solo un día o un horario de la
        agenda (por ejemplo, si surge algo), usá <a href={panelPaths.bookings}>Turnos</a>.
      </p>
      <input type="hidden" name={ROWS_FIELD} value={rows} />
      {rows === 0 ? <p>No hay días en la lista.</p> : null}
      {Array.from({ length: rows }, (_, i) => (
        <fieldset key={i} className="panel-row">
          <legend>{`Día ${i + 1}`}</legend>
          <Field {...p} name={`closedDays.${i}.date`} label="Fecha" type="date" />
          <Field {...p} name={`closedDays.${i}.name`} label="Motivo" />
          <p className="panel-actions">
            <RowButton intent={`fila:quitar:${i}`}>{`Quitar el día ${i + 1}`}</RowButton>
          </p>
        </fieldset>
      ))}
      <p>
        <RowButton intent="fila:agregar">Agregar un día</RowButton>
      </p>
      <h3>Feriados nacionales (no hace falta cargarlos)</h3>
      <p className="panel-hint">
        Salen del calendario oficial: el sitio ya no da turnos esos días.
      </p>
      <ul>
        {p.holidays.map((h) => (
          <li key={h.day}>
            {dayLong(h.day)} ({formatDateAR(h.day)}): {h.name}
          </li>
        ))}
      </ul>
    </>
  );
}
