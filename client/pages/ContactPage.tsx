import { useActionData, useLoaderData, useLocation } from 'react-router-dom';
import { usePageTitle } from '../facts/use-facts.ts';
import type { contactAction, contactLoader } from '../contact/action.ts';
import { Icon } from '../components/Icon.tsx';
import { ContactItem } from '../components/ContactItem.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { PrivacyNote } from '../components/PrivacyNote.tsx';
import { whatsappLink } from '../content/business.ts';
import { WhatsAppOrCall } from '../components/WhatsAppOrCall.tsx';
import { useFacts } from '../facts/use-facts.ts';
import {
  CONTACT_LIMITS,
  CONTACT_TOKEN_FIELD,
  HONEYPOT_FIELD,
  type ContactActionData,
  type ContactErrors,
  type ContactField,
  type ContactValues,
} from '../contact/types.ts';
import { paths, queryParams } from '../paths.ts';

const EMPTY: ContactValues = { name: '', email: '', message: '' };

/** Template leftover (docs/product.md, Visitors and pages), noindex; its form really delivers. */
export function ContactPage() {
  const result = useActionData<typeof contactAction>();
  const { token } = useLoaderData<typeof contactLoader>();
  const sent = new URLSearchParams(useLocation().search).get(queryParams.sent) === '1';
  const errors = result?.errors ?? {};
  const invalid = Object.keys(errors).length > 0;
  const prefix = sent ? 'Mensaje enviado - ' : invalid ? 'Revisá el formulario - ' : '';
  const { contact } = useFacts();

  return (
    <div className="container contact-page">
      <PageMeta
        title={usePageTitle(`${prefix}Contact`)}
        description={`Escribinos desde el formulario o llamanos al ${contact.phoneDisplay}. ${contact.name}.`}
        noindex
      />
      <h1>Contact</h1>
      {sent ? <Confirmation /> : null}
      <div className="contact-layout">
        <section className="contact-info" aria-labelledby="contact-info-title">
          <h2 id="contact-info-title">Need additional information?</h2>
          <p className="lead">
            A multifaceted professional skilled in multiple fields of research, development as well
            as a learning specialist. Over 15 years of experience.
          </p>
          <ul className="contact-list">
            <ContactItem icon="phone" href={`tel:${contact.phoneE164}`}>
              {contact.phoneDisplay}
            </ContactItem>
            <ContactItem icon="mail" href={`mailto:${contact.email}`}>
              {contact.email}
            </ContactItem>
            <ContactItem icon="pin">Belgrade, Serbia</ContactItem>
          </ul>
        </section>
        {sent ? null : (
          <ContactForm
            values={result?.values ?? EMPTY}
            errors={errors}
            unavailable={result?.unavailable}
            token={token}
          />
        )}
      </div>
    </div>
  );
}

function Confirmation() {
  return (
    <section className="contact-confirmation" role="status" aria-labelledby="contact-sent-title">
      <h2 id="contact-sent-title">
        <Icon name="check" /> ¡Gracias! Recibimos tu mensaje.
      </h2>
      <p>
        Te respondemos a tu e-mail lo antes posible, en nuestro horario de atención. Si es urgente,
        escribinos por WhatsApp.
      </p>
      <p className="contact-actions">
        <a className="button button-primary" href={whatsappLink()} rel="nofollow">
          Escribinos por WhatsApp
        </a>{' '}
        <a href={paths.contact}>Enviar otro mensaje</a>
      </p>
    </section>
  );
}

const LABELS: Record<ContactField, string> = {
  name: 'Full Name',
  email: 'Email',
  message: 'Tell us about it',
};

function ContactForm(props: {
  values: ContactValues;
  errors: ContactErrors;
  unavailable: ContactActionData['unavailable'];
  token: string;
}) {
  const { values, errors, unavailable, token } = props;
  const { privacy } = useFacts();
  const listed = (Object.keys(LABELS) as ContactField[]).filter((name) => errors[name]);
  const control = (name: ContactField) => ({
    id: `contact-${name}`,
    name,
    required: true,
    maxLength: CONTACT_LIMITS[name],
    defaultValue: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
  });
  const label = (name: ContactField) => (
    <label htmlFor={`contact-${name}`}>
      {LABELS[name]}
      <span className="contact-required" aria-hidden="true">
        {' *'}
      </span>
    </label>
  );
  const error = (name: ContactField) =>
    errors[name] ? (
      <p id={`contact-${name}-error`} className="contact-field-error">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form className="contact-form" method="post" action={paths.contact}>
      <input type="hidden" name={CONTACT_TOKEN_FIELD} value={token} />
      {unavailable ? (
        <p className="contact-form-error" role="alert">
          {unavailable === 'busy'
            ? 'En la última hora recibimos muchos mensajes por este formulario y no podemos tomar más por ahora. Tu texto sigue abajo: copialo y '
            : 'No pudimos guardar tu mensaje por un problema nuestro. Probá de nuevo en unos minutos o '}
          <WhatsAppOrCall whatsapp={whatsappLink()} label="escribinos por WhatsApp" />.
        </p>
      ) : null}
      {listed.length > 0 ? (
        <div className="contact-error-summary" role="alert">
          <p>Revisá los datos marcados:</p>
          <ul>
            {listed.map((name) => (
              <li key={name}>
                <a href={`#contact-${name}`}>{errors[name]}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="field">
        {label('name')}
        <input type="text" autoComplete="name" {...control('name')} />
        {error('name')}
      </div>
      <div className="field">
        {label('email')}
        <input type="email" autoComplete="email" inputMode="email" {...control('email')} />
        {error('email')}
      </div>
      <div className="field">
        {label('message')}
        <textarea rows={6} {...control('message')} />
        {error('message')}
      </div>
      {/* Honeypot: people never see it (CSS moves it off screen; no inline style, the
          CSP forbids it); bots that fill every field do. Its label asks humans to skip it. */}
      <div className="contact-honeypot" aria-hidden="true">
        <label htmlFor="contact-website">No completes este campo</label>
        <input
          id="contact-website"
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <PrivacyNote kept="tu nombre, tu e-mail y tu mensaje" days={privacy.contactMessagesDays} />
      <button type="submit" className="button button-primary">
        Send Message
      </button>
    </form>
  );
}
