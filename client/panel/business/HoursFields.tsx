/** Datos del negocio, the opening hours: their fields. */
import { DAYS } from '../../content/hours.ts';
import { SLOTS_PER_DAY } from '../business-form.ts';
import { Field, type Fields } from './controls.tsx';

export function HoursFields(p: Fields) {
  return (
    <>
      <p className="panel-hint">
        Hasta dos horarios por día; un día sin horarios es cerrado. Los turnos usan estos horarios:
        el primero es la «mañana» y el segundo la «tarde».
      </p>
      {DAYS.map((day, d) => (
        <fieldset key={day.en} className="panel-day">
          <legend>{day.es}</legend>
          {Array.from({ length: SLOTS_PER_DAY }, (_, i) => {
            const which = i === 0 ? '' : ' (2.º horario)';
            return (
              <div key={i} className="panel-slot">
                <Field {...p} name={`hours.${d}.${i}.opens`} label={`Abre${which}`} type="time" />
                <Field
                  {...p}
                  name={`hours.${d}.${i}.closes`}
                  label={`Cierra${which}`}
                  type="time"
                />
              </div>
            );
          })}
        </fieldset>
      ))}
    </>
  );
}
