/** The controls every section of Datos del negocio is made of: a labelled field, a choice, a row button. */
import type { ReactNode } from 'react';
import { type FormErrors, type FormValues } from '../business-form.ts';

/** The screen's title. */
export const TITLE = 'Datos del negocio';

export const fieldId = (name: string) => `dato-${name.replace(/\./g, '-') || 'seccion'}`;

/** What every control of a field carries: its name, and its hint and problem tied by ids. */
type ControlAttributes = {
  readonly id: string;
  readonly name: string;
  readonly 'aria-invalid': true | undefined;
  readonly 'aria-describedby': string | undefined;
};

/** A field's frame: its label, a hint, the control and its problem in Spanish. */
export function Labelled({
  name,
  label,
  hint,
  errors,
  control,
}: {
  name: string;
  label: string;
  hint?: string | undefined;
  errors: FormErrors;
  control: (attributes: ControlAttributes) => ReactNode;
}) {
  const id = fieldId(name);
  const error = errors[name];
  const described = [hint ? `${id}-ayuda` : '', error ? `${id}-error` : ''].filter(Boolean);
  return (
    <p className="panel-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span id={`${id}-ayuda`} className="panel-hint">
          {hint}
        </span>
      ) : null}
      {control({
        id,
        name,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described.length > 0 ? described.join(' ') : undefined,
      })}
      {error ? (
        <span id={`${id}-error`} className="panel-error">
          {error}
        </span>
      ) : null}
    </p>
  );
}

type FieldProps = {
  name: string;
  label: string;
  values: FormValues;
  errors: FormErrors;
  hint?: string;
  type?: 'text' | 'tel' | 'email' | 'time' | 'date' | 'number';
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'email';
  required?: boolean;
};

/** A text field with the value as typed. */
export function Field({ values, type = 'text', inputMode, required, ...frame }: FieldProps) {
  return (
    <Labelled
      {...frame}
      control={(attributes) => (
        <input
          {...attributes}
          type={type}
          inputMode={inputMode}
          required={required}
          defaultValue={values[frame.name] ?? ''}
        />
      )}
    />
  );
}

/** A choice among fixed options. */
export function Choice({
  values,
  options,
  ...frame
}: Omit<FieldProps, 'type' | 'inputMode' | 'required'> & {
  options: readonly (readonly [value: string, label: string])[];
}) {
  return (
    <Labelled
      {...frame}
      control={(attributes) => (
        <select {...attributes} defaultValue={values[frame.name] ?? options[0]?.[0]}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    />
  );
}

export function RowButton({ intent, children }: { intent: string; children: ReactNode }) {
  return (
    <button
      type="submit"
      name="accion"
      value={intent}
      className="button button-small button-outline"
    >
      {children}
    </button>
  );
}

export type Fields = { values: FormValues; errors: FormErrors };
