import { useActionData, useLoaderData } from 'react-router-dom';
import { formatARS } from '../../catalogue/money.ts';
import type { quoteAction, quoteFormLoader, QuoteFormData } from '../quote/action.ts';
import { OTHER_INSURER, QUOTE_FIELDS, QUOTE_LIMITS } from '../quote/types.ts';
import { PageHero } from '../components/PageHero.tsx';
import { fieldHelpers } from '../components/form-fields.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { PrivacyNote } from '../components/PrivacyNote.tsx';
import { CFTEA } from '../components/price-breakdown.ts';
import { useFacts } from '../facts/use-facts.ts';
import { PLACES_OF_WORK, placeNames } from '../content/booking.ts';
import { quoteTexts as c } from '../content/insurance.ts';
import { whatsappLink } from '../content/business.ts';
import { WhatsAppOrCall } from '../components/WhatsAppOrCall.tsx';
import { usePageTitle } from '../facts/use-facts.ts';
import { paths } from '../paths.ts';

const f = QUOTE_FIELDS;

/**
 * `/presupuesto?que=&marca=&modelo=&version=`: the insurance quote's form for one glass. Works
 * without JavaScript (a plain POST); never indexed.
 */
export function QuoteFormPage() {
  const loaded = useLoaderData<typeof quoteFormLoader>();
  const posted = useActionData<typeof quoteAction>();
  const page: QuoteFormData = posted ?? loaded;
  const { glass, errors, notice } = page;
  const facts = useFacts();
  const invalid = Object.keys(errors).length > 0;
  return (
    <>
      <PageMeta
        title={usePageTitle(invalid ? `Revisá el formulario - ${c.formTitle}` : c.formTitle)}
        description={c.formIntro}
        noindex
      />
      <PageHero title={c.formTitle} path={paths.quoteForm} />
      <div className="section booking">
        <div className="container container-narrow">
          <p className="lead">{c.formIntro}</p>
          <section className="price-box" aria-labelledby="presupuesto-cristal">
            <h2 id="presupuesto-cristal">{glass.title}</h2>
            {glass.details.length > 0 ? <p>{glass.details.join(' · ')}</p> : null}
            <p className="price-label">Precio de contado, con colocación</p>
            <p className="price">{formatARS(glass.price.cash)}</p>
            <p className="price-net">
              Precio sin impuestos nacionales: {formatARS(glass.price.withoutNationalTaxes)}
            </p>
            {glass.price.plans.length > 0 ? (
              <p className="legal">
                {glass.price.plans
                  .map((plan) => `${plan.count} cuotas sin interés de ${formatARS(plan.amount)}`)
                  .join(' o ')}
                . {CFTEA}.
              </p>
            ) : null}
            <p>
              <a href={glass.productPath}>Volver a la página del cristal</a>
            </p>
          </section>
          <Notice page={page} />
          {notice === 'expired' ? null : (
            <form className="booking-form" method="post" action={formAction(page)}>
              {(['piece', 'brand', 'model', 'version', 'token'] as const).map((name) => (
                <input key={name} type="hidden" name={f[name]} value={page.values[name]} />
              ))}
              <fieldset className="booking-step">
                <legend>Tus datos y los del seguro</legend>
                <div className="field">
                  <label htmlFor={fieldId('name')}>Nombre y apellido</label>
                  <input
                    type="text"
                    autoComplete="name"
                    required
                    maxLength={QUOTE_LIMITS.name}
                    {...control(page, 'name')}
                  />
                  {errorText(errors, 'name')}
                </div>
                <div className="field">
                  <label htmlFor={fieldId('plate')}>Patente (opcional)</label>
                  <input
                    type="text"
                    autoCapitalize="characters"
                    maxLength={12}
                    placeholder="AB 123 CD"
                    {...control(page, 'plate')}
                  />
                  {errorText(errors, 'plate')}
                </div>
                <div className="field">
                  <label htmlFor={fieldId('insurer')}>Aseguradora</label>
                  <select required {...control(page, 'insurer')}>
                    <option value="">Elegí tu aseguradora</option>
                    {page.insurers.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                    <option value={OTHER_INSURER}>{c.otherInsurer}</option>
                  </select>
                  {errorText(errors, 'insurer')}
                </div>
                <div className="field">
                  <label htmlFor={fieldId('otherInsurer')}>Si elegiste “Otra”, cuál</label>
                  <input
                    type="text"
                    maxLength={QUOTE_LIMITS.insurer}
                    {...control(page, 'otherInsurer')}
                  />
                  {errorText(errors, 'otherInsurer')}
                </div>
                <div className="field">
                  <label htmlFor={fieldId('claim')}>
                    Número de póliza o de siniestro (opcional)
                  </label>
                  <input type="text" maxLength={QUOTE_LIMITS.claim} {...control(page, 'claim')} />
                  {errorText(errors, 'claim')}
                </div>
              </fieldset>
              <fieldset className="booking-step" aria-describedby={describedBy(errors, 'place')}>
                <legend>Colocación</legend>
                {errorText(errors, 'place')}
                <div className="booking-choices">
                  {PLACES_OF_WORK.map((place) => (
                    <label key={place} className="booking-choice">
                      <input
                        type="radio"
                        name={f.place}
                        value={place}
                        defaultChecked={page.values.place === place}
                        required
                      />{' '}
                      {placeNames[place]}
                    </label>
                  ))}
                </div>
                <div className="field">
                  <label htmlFor={fieldId('locality')}>Localidad (a domicilio)</label>
                  <select {...control(page, 'locality')}>
                    <option value="">Elegí la localidad</option>
                    {page.zones.map((zone) => (
                      <option key={zone.locality} value={zone.locality}>
                        {`${zone.locality}: ${zone.fee.toLowerCase()}`}
                      </option>
                    ))}
                  </select>
                  {errorText(errors, 'locality')}
                </div>
              </fieldset>
              <button className="button button-primary" type="submit">
                {c.submit}
              </button>
            </form>
          )}
          <PrivacyNote
            kept="tu nombre, tu patente, tu aseguradora, el número de póliza o siniestro y el presupuesto"
            days={facts.privacy.bookingsDays}
          />
        </div>
      </div>
    </>
  );
}

/**
 * The form posts to its own address (the glass in the query): when the answer is the form
 * again (422), the page's loader finds the same glass.
 */
function formAction(page: QuoteFormData): string {
  const query = new URLSearchParams();
  for (const name of ['piece', 'brand', 'model', 'version'] as const) {
    if (page.values[name]) query.set(f[name], page.values[name]);
  }
  return `${paths.quoteForm}?${query.toString()}`;
}

const { fieldId, describedBy, control, errorText } = fieldHelpers('presupuesto', f);

function Notice({ page }: { page: QuoteFormData }) {
  if (page.notice) {
    return (
      <p className="contact-form-error" role="alert">
        {c[page.notice]}{' '}
        <WhatsAppOrCall
          whatsapp={whatsappLink(c.whatsappMessage)}
          label="Escribinos por WhatsApp"
        />
        .
      </p>
    );
  }
  const listed = Object.entries(page.errors);
  if (listed.length === 0) return null;
  return (
    <div className="contact-error-summary" role="alert">
      <p>Revisá los datos marcados:</p>
      <ul>
        {listed.map(([name, message]) => (
          <li key={name}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
