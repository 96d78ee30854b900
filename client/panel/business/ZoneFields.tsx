/** Datos del negocio, the zones served: their fields. */
import { ROWS_FIELD, rowCount } from '../business-form.ts';
import { Field, Choice, RowButton, type Fields } from './controls.tsx';

const FEE_KINDS = [
  ['free', 'Sin cargo'],
  ['surcharge', 'Recargo'],
  ['ask', 'Consultar'],
] as const;

export function ZoneFields(p: Fields) {
  const rows = rowCount('zones', p.values);
  return (
    <>
      <p className="panel-hint">
        Las localidades donde colocan a domicilio, en el orden en que se muestran. Un recargo
        publicado es un precio que hay que respetar.
      </p>
      <input type="hidden" name={ROWS_FIELD} value={rows} />
      {Array.from({ length: rows }, (_, i) => {
        const name = p.values[`zones.${i}.locality`]?.trim();
        return (
          <fieldset key={i} className="panel-row">
            <legend>{name ? name : `Localidad ${i + 1}`}</legend>
            <Field {...p} name={`zones.${i}.locality`} label="Localidad" />
            <Choice {...p} name={`zones.${i}.fee.kind`} label="Costo de ir" options={FEE_KINDS} />
            <Field
              {...p}
              name={`zones.${i}.fee.amount`}
              label="Recargo en pesos (si hay recargo)"
              inputMode="decimal"
            />
            <p className="panel-actions">
              {i > 0 ? <RowButton intent={`fila:subir:${i}`}>Subir</RowButton> : null}
              {i < rows - 1 ? <RowButton intent={`fila:bajar:${i}`}>Bajar</RowButton> : null}
              <RowButton intent={`fila:quitar:${i}`}>Quitar</RowButton>
            </p>
          </fieldset>
        );
      })}
      <p>
        <RowButton intent="fila:agregar">Agregar una localidad</RowButton>
      </p>
    </>
  );
}
