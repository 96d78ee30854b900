/**
 * The ids, the error message and the ARIA wiring of a server-rendered form's fields, the same for
 * every public form that re-renders itself with messages (the booking, the insurance quote):
 * `{prefix}-{field name}` ids, the message under the field, `aria-invalid` and
 * `aria-describedby` pointing at it.
 */
type FormPage<F extends string> = {
  readonly values: Readonly<Record<F, string>>;
  readonly errors: Readonly<Partial<Record<F, string>>>;
};

export function fieldHelpers<F extends string>(prefix: string, names: Readonly<Record<F, string>>) {
  const fieldId = (name: F) => `${prefix}-${names[name]}`;
  const errorId = (name: F) => `${fieldId(name)}-error`;
  const describedBy = (errors: FormPage<F>['errors'], name: F) =>
    errors[name] ? errorId(name) : undefined;
  /** A field's id, name, value as typed and ARIA state. */
  function control(page: FormPage<F>, name: F) {
    return {
      id: fieldId(name),
      name: names[name],
      defaultValue: page.values[name],
      'aria-invalid': page.errors[name] ? true : undefined,
      'aria-describedby': describedBy(page.errors, name),
    };
  }
  /** The field's message, if any. */
  function errorText(errors: FormPage<F>['errors'], name: F) {
    return errors[name] ? (
      <p id={errorId(name)} className="contact-field-error">
        {errors[name]}
      </p>
    ) : null;
  }
  return { fieldId, describedBy, control, errorText };
}
