/** Datos del negocio, the counters: their fields. */
import { rowCount } from '../business-form.ts';
import { Field, type Fields } from './controls.tsx';

export function CounterFields(p: Fields) {
  return (
    <>
      <p className="panel-hint">
        Los números del inicio («+485 clientes satisfechos»): tienen que ser verdad. Una fila vacía
        no se muestra.
      </p>
      {Array.from({ length: rowCount('counters', p.values) }, (_, i) => (
        <fieldset key={i} className="panel-row">
          <legend>{`Contador ${i + 1}`}</legend>
          <Field
            {...p}
            name={`counters.${i}.value`}
            label="Número"
            type="number"
            inputMode="numeric"
          />
          <Field {...p} name={`counters.${i}.label`} label="Qué cuenta" />
        </fieldset>
      ))}
    </>
  );
}
