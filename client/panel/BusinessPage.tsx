/**
 * Datos del negocio (`/panel/negocio`): every fact the site states about the shop, one section
 * at a time (`?seccion=zonas`), checked field by field in Spanish, previewed in words with the
 * pages that show it, published as a compare-and-set on the previewed version. Works without
 * JavaScript: "Ver los cambios" and "Publicar" are POSTs; rows are added, removed and moved
 * with plain form buttons. docs/decisions/2026-11-28-shop-facts.md.
 */
import { data, useActionData, useLoaderData } from 'react-router-dom';
import type { ReactNode } from 'react';
import type { AppActionArgs, AppLoaderArgs } from '../app-context.ts';
import { addDays, formatDateAR, shopDate } from '../../catalogue/validity.ts';
import { nationalHolidays } from '../booking/holidays.ts';
import { dayLong } from '../booking/days.ts';
import { DAYS, hoursForPeople } from '../content/hours.ts';
import { feeLabel } from '../content/zones.ts';
import { placeNames } from '../content/booking.ts';
import { SECTION_TITLES, SECTIONS } from '../facts/changes.ts';
import { checkFacts, ordered, type FactsDocument, type FactsSection } from '../facts/document.ts';
import { formatCuit } from '../facts/cuit.ts';
import { IVA_CONDITIONS } from '../facts/types.ts';
import { panelPaths, queryParams } from '../paths.ts';
import {
  ROWS_FIELD,
  SLOTS_PER_DAY,
  checkSection,
  editRows,
  formValues,
  readForm,
  rowCount,
  sectionOfSlug,
  sectionPath,
  type FormErrors,
  type FormValues,
} from './business-form.ts';
import { requirePanel, seeOther, type PanelContext } from './context.ts';
import type { FactsPreview, ShopFactsService } from './facts-types.ts';
import { PanelForm } from './PanelForm.tsx';
import { PanelMeta } from './PanelMeta.tsx';

const NOT_HERE =
  'Este sitio sirve datos fijos: los datos del negocio no se pueden publicar desde el panel.';
const TITLE = 'Datos del negocio';

const who = (panel: PanelContext) => panel.person.name || panel.person.email;

export async function businessLoader({ request, context }: AppLoaderArgs) {
  const { facts } = requirePanel(context).services;
  const params = new URL(request.url).searchParams;
  const section = sectionOfSlug(params.get(queryParams.factsSection)) ?? null;
  const published = Number(params.get(queryParams.factsPublished));
  const live = facts?.live();
  const today = shopDate(context.now);
  const year = Number(today.slice(0, 4));
  return {
    available: live !== undefined,
    section,
    document: live?.document ?? null,
    today,
    published: Number.isInteger(published) && published > 0 ? published : null,
    // Read-only: the national holidays from today to a year ahead (date-holidays).
    holidays:
      section === 'closedDays'
        ? [...nationalHolidays(year), ...nationalHolidays(year + 1)]
            .filter(([day]) => day >= today && day <= addDays(today, 366))
            .map(([day, name]) => ({ day, name }))
        : [],
  };
}

type PreviewData = FactsPreview & {
  /** The version previewed against: Publicar needs it still the newest. */
  readonly base: number;
  /** The section as checked, JSON: what Publicar publishes. */
  readonly draft: string;
};

type ActionData = {
  readonly values: FormValues;
  readonly errors: FormErrors;
  readonly preview: PreviewData | null;
  /** stale: someone published meanwhile; unchanged: nothing to publish; published: not used. */
  readonly notice: 'stale' | 'unchanged' | null;
};

const answer = (body: ActionData, status = 200) => data<ActionData>(body, { status });

export async function businessAction({ request, context }: AppActionArgs) {
  const panel = requirePanel(context);
  const { facts } = panel.services;
  const section = sectionOfSlug(new URL(request.url).searchParams.get(queryParams.factsSection));
  if (!facts || !section) {
    return answer(
      {
        values: {},
        errors: { '': facts ? 'Elegí qué sección cambiar.' : NOT_HERE },
        preview: null,
        notice: null,
      },
      facts ? 400 : 409,
    );
  }
  const form = await request.formData();
  const intent = String(form.get('accion') ?? '');
  const live = facts.live();

  if (intent === 'publicar') {
    const draft = parseJson(String(form.get('borrador') ?? ''));
    const checked = checkFacts({ ...live.document, [section]: draft });
    if (!checked.ok) {
      return answer(
        {
          values: formValues(section, live.document),
          errors: {
            '': 'Esa vista previa no se pudo leer: revisá los datos y mirá los cambios de nuevo.',
          },
          preview: null,
          notice: null,
        },
        422,
      );
    }
    const document = ordered(checked.document);
    const outcome = await facts.publish(document, {
      expectedSeq: Number(form.get('base')),
      by: who(panel),
    });
    if (outcome.ok) {
      await panel.record(
        'datos del negocio publicados',
        `versión ${outcome.seq}: ${outcome.summary}`,
      );
      return seeOther(
        `${panelPaths.business}?${new URLSearchParams({ [queryParams.factsPublished]: String(outcome.seq) })}`,
      );
    }
    // Stale: the same draft, previewed again against what is live now (nothing was published).
    const now = facts.live();
    const again = ordered({ ...now.document, [section]: document[section] });
    const values = formValues(section, again);
    if (outcome.reason === 'unchanged')
      return answer({ values, errors: {}, preview: null, notice: 'unchanged' });
    return answer(
      {
        values,
        errors: {},
        preview: await previewOf(facts, again, section, now.seq),
        notice: 'stale',
      },
      409,
    );
  }

  const values = readForm(section, (name) => form.get(name));
  const edited = editRows(section, values, intent);
  if (edited) return answer({ values: edited, errors: {}, preview: null, notice: null });

  const checked = checkSection(section, values, live.document);
  if (!checked.ok)
    return answer({ values, errors: checked.errors, preview: null, notice: null }, 422);
  return answer({
    values,
    errors: {},
    preview: await previewOf(facts, checked.document, section, live.seq),
    notice: null,
  });
}

/** The preview of `document` and what its Publicar form carries: the section, and the version it was made against. */
async function previewOf(
  facts: ShopFactsService,
  document: FactsDocument,
  section: FactsSection,
  base: number,
): Promise<PreviewData> {
  const preview = await facts.preview(document);
  return { ...preview, base, draft: JSON.stringify(document[section]) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function BusinessPage() {
  const loaded = useLoaderData<typeof businessLoader>();
  const action = useActionData<ActionData>();
  const { section, document } = loaded;
  if (!document) {
    return (
      <>
        <PanelMeta title={TITLE} />
        <h1>{TITLE}</h1>
        <p role="alert">{NOT_HERE}</p>
      </>
    );
  }
  if (!section)
    return <Overview document={document} published={loaded.published} today={loaded.today} />;
  const values = action?.values ?? formValues(section, document);
  const errors = action?.errors ?? {};
  const problems = Object.values(errors);
  return (
    <>
      <PanelMeta
        title={`${problems.length > 0 ? 'Revisá los datos - ' : ''}${SECTION_TITLES[section]} · ${TITLE}`}
      />
      <h1>{SECTION_TITLES[section]}</h1>
      <p className="panel-actions">
        <a href={panelPaths.business}>Volver a {TITLE}</a>
        <a href={panelPaths.businessHistory}>Historial</a>
      </p>
      {problems.length > 0 ? (
        <section className="panel-card panel-notice" role="alert" aria-labelledby="a-corregir">
          <h2 id="a-corregir">
            {problems.length === 1
              ? 'Hay un dato para corregir; no se publicó nada.'
              : `Hay ${problems.length} datos para corregir; no se publicó nada.`}
          </h2>
          <ul>
            {Object.entries(errors).map(([name, message]) => (
              <li key={name}>{name ? <a href={`#${fieldId(name)}`}>{message}</a> : message}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {action?.notice === 'unchanged' ? (
        <p className="panel-notice" role="status">
          No hay nada para publicar: estos datos son los que ya están en el sitio.
        </p>
      ) : null}
      {action?.preview ? (
        <Preview section={section} preview={action.preview} stale={action.notice === 'stale'} />
      ) : null}
      <SectionForm section={section} values={values} errors={errors} holidays={loaded.holidays} />
    </>
  );
}

function Preview({
  section,
  preview,
  stale,
}: {
  section: FactsSection;
  preview: PreviewData;
  stale: boolean;
}) {
  const changes = preview.sections.length > 0;
  return (
    <section className="panel-card" aria-labelledby="vista-previa">
      <h2 id="vista-previa">Vista previa</h2>
      {stale ? (
        <p className="panel-notice" role="alert">
          Mientras revisabas, alguien publicó otros datos del negocio. No se publicó nada: esta
          vista previa ya compara con lo que está en el sitio ahora. Revisala y publicá de nuevo.
        </p>
      ) : null}
      {changes ? null : <p>No cambia nada: es igual a lo que está publicado.</p>}
      {preview.sections.map((s) => (
        <div key={s.section}>
          <h3>{s.title}</h3>
          <ul>
            {s.changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
          <p className="panel-hint">Se ve en: {s.pages}.</p>
        </div>
      ))}
      {preview.warnings.length > 0 ? (
        <div className="panel-notice" role="status">
          <h3>Tené en cuenta</h3>
          <ul>
            {preview.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {changes ? (
        <PanelForm action={sectionPath(section)}>
          <input type="hidden" name="accion" value="publicar" />
          <input type="hidden" name="base" value={preview.base} />
          <input type="hidden" name="borrador" value={preview.draft} />
          <p>
            Al publicar, el sitio muestra estos datos en unos segundos. Podés volver atrás desde el
            historial.
          </p>
          <button type="submit" className="button button-primary">
            Publicar
          </button>
        </PanelForm>
      ) : null}
    </section>
  );
}

const fieldId = (name: string) => `dato-${name.replace(/\./g, '-') || 'seccion'}`;

/** What every control of a field carries: its name, and its hint and problem tied by ids. */
type ControlAttributes = {
  readonly id: string;
  readonly name: string;
  readonly 'aria-invalid': true | undefined;
  readonly 'aria-describedby': string | undefined;
};

/** A field's frame: its label, a hint, the control and its problem in Spanish. */
function Labelled({
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
function Field({ values, type = 'text', inputMode, required, ...frame }: FieldProps) {
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
function Choice({
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

function RowButton({ intent, children }: { intent: string; children: ReactNode }) {
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

function SectionForm({
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

type Fields = { values: FormValues; errors: FormErrors };

function ContactFields(p: Fields) {
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

function FiscalFields(p: Fields) {
  return (
    <>
      <Field {...p} name="fiscal.razonSocial" label="Razón social" required />
      <Field
        {...p}
        name="fiscal.cuit"
        label="CUIT"
        inputMode="numeric"
        hint="Los 11 números, con o sin guiones."
        required
      />
      <Choice
        {...p}
        name="fiscal.ivaCondition"
        label="Condición frente al IVA"
        options={IVA_CONDITIONS.map((condition) => [condition, condition] as const)}
      />
      <Field
        {...p}
        name="fiscal.dataFiscalUrl"
        label="Enlace del QR de Data Fiscal"
        hint="El que te da ARCA (http://qr.afip.gob.ar/?qr=…). Vacío: el pie no muestra la insignia."
      />
    </>
  );
}

function HoursFields(p: Fields) {
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

function ClosedDayFields(p: Fields & { holidays: readonly { day: string; name: string }[] }) {
  const rows = rowCount('closedDays', p.values);
  return (
    <>
      <p className="panel-hint">
        Días que el taller no atiende además de los domingos y los feriados nacionales: los de
        Jujuy, los puentes de cada año, las vacaciones. Esos días el sitio no da turnos; los turnos
        que ya estaban se quedan y la agenda los marca. Para cerrar solo un día o un horario de la
        agenda (por ejemplo, si surge algo), usá <a href={panelPaths.bookings}>Turnos</a>.
      </p>
      <input type="hidden" name={ROWS_FIELD} value={rows} />
      {rows === 0 ? <p>No hay días en la lista.</p> : null}
      {Array.from({ length: rows }, (_, i) => (
        <fieldset key={i} className="panel-row">
          <legend>{`Día ${i + 1}`}</legend>
          <Field {...p} name={`closedDays.${i}.date`} label="Fecha" type="date" />
          <Field {...p} name={`closedDays.${i}.name`} label="Motivo" />
          <p className="panel-actions">
            <RowButton intent={`fila:quitar:${i}`}>{`Quitar el día ${i + 1}`}</RowButton>
          </p>
        </fieldset>
      ))}
      <p>
        <RowButton intent="fila:agregar">Agregar un día</RowButton>
      </p>
      <h3>Feriados nacionales (no hace falta cargarlos)</h3>
      <p className="panel-hint">
        Salen del calendario oficial: el sitio ya no da turnos esos días.
      </p>
      <ul>
        {p.holidays.map((h) => (
          <li key={h.day}>
            {dayLong(h.day)} ({formatDateAR(h.day)}): {h.name}
          </li>
        ))}
      </ul>
    </>
  );
}

const FEE_KINDS = [
  ['free', 'Sin cargo'],
  ['surcharge', 'Recargo'],
  ['ask', 'Consultar'],
] as const;

function ZoneFields(p: Fields) {
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

function BookingFields(p: Fields) {
  return (
    <>
      <Field
        {...p}
        name="booking.placesPerWindow.taller"
        label="Turnos por horario en el taller"
        type="number"
        inputMode="numeric"
      />
      <Field
        {...p}
        name="booking.placesPerWindow.domicilio"
        label="Turnos por horario a domicilio"
        type="number"
        inputMode="numeric"
      />
      <p className="panel-hint">
        Para un día en particular, cambialos en la agenda (<a href={panelPaths.bookings}>Turnos</a>
        ).
      </p>
      <Labelled
        {...p}
        name="booking.whatToBring"
        label="Qué traer al turno (una cosa por línea)"
        control={(attributes) => (
          <textarea {...attributes} rows={5} defaultValue={p.values['booking.whatToBring'] ?? ''} />
        )}
      />
    </>
  );
}

function PrivacyFields(p: Fields) {
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

function CounterFields(p: Fields) {
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

/** Each section as it is published, with a link to change it. */
function Overview({
  document,
  published,
  today,
}: {
  document: FactsDocument;
  published: number | null;
  today: string;
}) {
  const { contact, fiscal, booking, privacy } = document;
  const coming = document.closedDays.filter((d) => d.date >= today);
  const upcoming = coming.slice(0, 3);
  const summary: Record<FactsSection, ReactNode> = {
    contact: (
      <>
        <p>{contact.name}</p>
        <p>
          {contact.phone}
          {contact.whatsapp ? ` · WhatsApp ${contact.whatsapp}` : ''} · {contact.email}
        </p>
        <p>
          {contact.address.street}, {contact.address.locality}, {contact.address.region}
        </p>
      </>
    ),
    fiscal: (
      <p>
        {fiscal.razonSocial} · CUIT {formatCuit(fiscal.cuit)} · {fiscal.ivaCondition}
      </p>
    ),
    hours: (
      <ul>
        {hoursForPeople(document.hours).map((h) => (
          <li key={h.days}>
            {h.days}: {h.hours}
          </li>
        ))}
      </ul>
    ),
    closedDays: (
      <p>
        {coming.length === 0
          ? 'Ningún día por venir en la lista.'
          : `Los próximos: ${upcoming.map((d) => `${formatDateAR(d.date)} (${d.name})`).join(', ')}${coming.length > upcoming.length ? ` y ${coming.length - upcoming.length} más.` : '.'}`}
      </p>
    ),
    zones: (
      <ul>
        {document.zones.map((zone) => (
          <li key={zone.locality}>
            {zone.locality}: {feeLabel(zone.fee)}
          </li>
        ))}
      </ul>
    ),
    booking: (
      <p>
        {placeNames.taller}: {booking.placesPerWindow.taller} por horario · {placeNames.domicilio}:{' '}
        {booking.placesPerWindow.domicilio} por horario
      </p>
    ),
    privacy: (
      <p>
        Mensajes: {privacy.contactMessagesDays} días · Turnos: {privacy.bookingsDays} días ·{' '}
        {privacy.responsible.name}
      </p>
    ),
    counters: (
      <p>{document.counters.map((c) => `+${c.value} ${c.label}`).join(' · ') || 'Ninguno.'}</p>
    ),
  };
  return (
    <>
      <PanelMeta title={TITLE} />
      <h1>{TITLE}</h1>
      {published ? (
        <p className="panel-notice" role="status">
          {`Publicado: versión ${published}. El sitio ya muestra los datos nuevos.`}
        </p>
      ) : null}
      <p>
        Todo lo que el sitio dice del negocio. Elegí qué cambiar: vas a ver qué cambia y en qué
        páginas antes de publicar. <a href={panelPaths.businessHistory}>Historial</a>
      </p>
      <ol className="panel-list">
        {SECTIONS.map((section) => (
          <li key={section} className="panel-card">
            <h2 id={`resumen-${section}`}>{SECTION_TITLES[section]}</h2>
            {summary[section]}
            <p>
              <a
                className="button button-small button-outline"
                href={sectionPath(section)}
                aria-describedby={`resumen-${section}`}
              >
                Cambiar
              </a>
            </p>
          </li>
        ))}
      </ol>
    </>
  );
}
