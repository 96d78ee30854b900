/** Datos del negocio, the contact section: its fields. */
import { Field, type Fields } from './controls.tsx';

export function ContactFields(p: Fields) {
  return (
    <>
      <Field {...p} name="contact.name" label="Nombre que se muestra" required />
      <Field
        {...p}
        name="contact.phone"
        label="Teléfono"
        type="tel"
        inputMode="tel"
        hint="Como se marca en Argentina, con la característica, por ejemplo (0388) 15 000-0000. Los botones de llamar y de WhatsApp salen de acá."
        required
      />
      <Field
        {...p}
        name="contact.whatsapp"
        label="WhatsApp, si es otro número"
        type="tel"
        inputMode="tel"
        hint="Vacío: el mismo teléfono."
      />
      <Field {...p} name="contact.email" label="E-mail" type="email" inputMode="email" required />
      <fieldset>
        <legend>Dirección</legend>
        <p className="panel-hint">El mapa y «Cómo llegar» se arman con esta dirección.</p>
        <Field {...p} name="contact.address.street" label="Calle y número" required />
        <Field {...p} name="contact.address.locality" label="Localidad" required />
        <Field {...p} name="contact.address.region" label="Provincia" required />
        <Field {...p} name="contact.address.postalCode" label="Código postal" required />
      </fieldset>
      <Field
        {...p}
        name="contact.instagramUrl"
        label="Instagram"
        hint="Tu usuario (@tutaller) o la dirección de tu perfil de instagram.com. Vacío: no se muestra."
      />
      <Field
        {...p}
        name="contact.facebookUrl"
        label="Facebook"
        hint="La dirección de tu página de facebook.com (facebook.com/tutaller). Vacío: no se muestra."
      />
      <Field
        {...p}
        name="contact.googleReviewsUrl"
        label="Enlace para opinar en Google"
        hint="El enlace de «Pedir opiniones» de tu perfil de Google (g.page/r/…/review). Se ofrece después de dejar una opinión acá, en el inicio y en Opiniones. Vacío: no se muestra."
      />
    </>
  );
}
