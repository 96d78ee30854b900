/** Datos del negocio, the privacy section: its fields. */
import { Field, type Fields } from './controls.tsx';

export function PrivacyFields(p: Fields) {
  return (
    <>
      <Field
        {...p}
        name="privacy.responsible.name"
        label="Quién responde por los datos personales"
      />
      <Field
        {...p}
        name="privacy.responsible.email"
        label="E-mail para pedidos sobre datos personales"
        type="email"
        inputMode="email"
      />
      <Field
        {...p}
        name="privacy.contactMessagesDays"
        label="Días que se guardan los mensajes de contacto"
        type="number"
        inputMode="numeric"
        hint="Después, el borrado diario los elimina."
      />
      <Field
        {...p}
        name="privacy.bookingsDays"
        label="Días que se guardan los turnos, después del día del turno"
        type="number"
        inputMode="numeric"
      />
    </>
  );
}
