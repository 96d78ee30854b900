/** Datos del negocio, the bookings section: its fields. */
import { panelPaths } from '../../paths.ts';
import { Labelled, Field, type Fields } from './controls.tsx';

export function BookingFields(p: Fields) {
  return (
    <>
      <Field
        {...p}
        name="booking.placesPerWindow.taller"
        label="Turnos por horario en el taller"
        type="number"
        inputMode="numeric"
      />
      <Field
        {...p}
        name="booking.placesPerWindow.domicilio"
        label="Turnos por horario a domicilio"
        type="number"
        inputMode="numeric"
      />
      <p className="panel-hint">
        Para un día en particular, cambialos en la agenda (<a href={panelPaths.bookings}>Turnos</a>
        ).
      </p>
      <Labelled
        {...p}
        name="booking.whatToBring"
        label="Qué traer al turno (una cosa por línea)"
        control={(attributes) => (
          <textarea {...attributes} rows={5} defaultValue={p.values['booking.whatToBring'] ?? ''} />
        )}
      />
    </>
  );
}
