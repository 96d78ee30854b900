/** One section of Datos del negocio as a form: its fields, "Ver los cambios" first and last. */
import { type FactsSection } from '../../facts/document.ts';
import { sectionPath, type FormErrors, type FormValues } from '../business-form.ts';
import { PanelForm } from '../PanelForm.tsx';
import { ContactFields } from './ContactFields.tsx';
import { FiscalFields } from './FiscalFields.tsx';
import { HoursFields } from './HoursFields.tsx';
import { ClosedDayFields } from './ClosedDayFields.tsx';
import { ZoneFields } from './ZoneFields.tsx';
import { BookingFields } from './BookingFields.tsx';
import { PrivacyFields } from './PrivacyFields.tsx';
import { CounterFields } from './CounterFields.tsx';

export function SectionForm({
  section,
  values,
  errors,
  holidays,
}: {
  section: FactsSection;
  values: FormValues;
  errors: FormErrors;
  holidays: readonly { day: string; name: string }[];
}) {
  const check = (
    <button type="submit" name="accion" value="revisar" className="button button-primary">
      Ver los cambios
    </button>
  );
  const props = { values, errors };
  return (
    <section className="panel-card" aria-labelledby="formulario">
      <h2 id="formulario">Cambiar</h2>
      <PanelForm action={sectionPath(section)} className="panel-facts-form">
        {/* The first submit button is the one Enter presses: check, never a row's button. */}
        <p>{check}</p>
        {errors[''] ? <p className="panel-error">{errors['']}</p> : null}
        {section === 'contact' ? <ContactFields {...props} /> : null}
        {section === 'fiscal' ? <FiscalFields {...props} /> : null}
        {section === 'hours' ? <HoursFields {...props} /> : null}
        {section === 'closedDays' ? <ClosedDayFields {...props} holidays={holidays} /> : null}
        {section === 'zones' ? <ZoneFields {...props} /> : null}
        {section === 'booking' ? <BookingFields {...props} /> : null}
        {section === 'privacy' ? <PrivacyFields {...props} /> : null}
        {section === 'counters' ? <CounterFields {...props} /> : null}
        <p>{check}</p>
      </PanelForm>
    </section>
  );
}
