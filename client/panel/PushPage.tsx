/**
 * Avisos: the signed-in person's devices that receive notifications (Web Push, server/push/),
 * what each one receives, "Probar" and "Quitar"; and "Activar avisos en este teléfono".
 */
import { useLoaderData } from 'react-router-dom';
import type { AppActionArgs, AppLoaderArgs } from '../app-context.ts';
import { panelPaths } from '../paths.ts';
import { requirePanel, seeOther } from './context.ts';
import { formatWhen } from './format.ts';
import { PanelForm } from './PanelForm.tsx';
import { PanelMeta } from './PanelMeta.tsx';
import { PushActivate } from './PushActivate.tsx';
import {
  AGENDA_HOURS,
  PUSH_KIND_NAMES,
  isPushKind,
  type MailChoiceView,
  type PushKindName,
} from './push-types.ts';

const NOTICE_PARAM = 'aviso';
const NOTICES: Record<string, string> = {
  probado: 'Enviamos una prueba: tiene que llegar en unos segundos.',
  guardado: 'Guardado.',
  quitado: 'Ese dispositivo ya no recibe avisos.',
  correo: 'Guardado: los avisos que elegiste llegan también por e-mail.',
  'correo-invalido': 'Esa dirección de e-mail no es válida: revisala.',
  'correo-no': 'Este sitio no puede enviar e-mails: no se guardó.',
  'correo-probado':
    'Enviamos un e-mail de prueba a la dirección guardada: tiene que llegar en unos minutos.',
};
/** One @, a dot in the domain, no spaces: the server's SMTP answers the rest. */
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const EMAIL_MAX = 254;

export async function pushLoader({ request, context }: AppLoaderArgs) {
  const panel = requirePanel(context);
  const notice = new URL(request.url).searchParams.get(NOTICE_PARAM) ?? '';
  return {
    devices: await panel.services.push.devices(panel.person.id),
    mail: await panel.services.push.mail(panel.person.id),
    personEmail: panel.person.email,
    publicKey: await panel.services.push.publicKey(),
    csrfToken: panel.csrfToken,
    notice: NOTICES[notice] ?? null,
  };
}

export async function pushAction({ request, context }: AppActionArgs) {
  const panel = requirePanel(context);
  const form = await request.formData();
  const device = form.get('dispositivo');
  const intent = form.get('accion');
  const back = (notice: string) => seeOther(`${panelPaths.push}?${NOTICE_PARAM}=${notice}`);
  const { push } = panel.services;
  const person = panel.person.id;
  const kinds = form
    .getAll('tipo')
    .filter((k): k is string => typeof k === 'string')
    .filter(isPushKind);
  const hour = form.get('hora');
  if (intent === 'correo-probar') {
    if (!(await push.testMail(person))) return back('correo-no');
    await panel.record('avisos por e-mail: prueba', '');
    return back('correo-probado');
  }
  if (intent === 'correo') {
    const typed = form.get('correo');
    const address = typeof typed === 'string' ? typed.trim().toLowerCase() : '';
    if (address && (address.length > EMAIL_MAX || !EMAIL.test(address)))
      return back('correo-invalido');
    // The address in Personas is the default: kept as "none" so a change there follows.
    const email = address && address !== panel.person.email ? address : null;
    const saved = await push.setMail(person, {
      email,
      kinds,
      agendaHour: typeof hour === 'string' ? hour : '',
    });
    if (!saved) return back('correo-no');
    await panel.record('avisos por e-mail', kinds.length ? kinds.join(', ') : 'ninguno');
    return back('correo');
  }
  if (typeof device !== 'string' || !device) return seeOther(panelPaths.push);
  if (intent === 'probar') {
    if (await push.test(person, device)) await panel.record('avisos: prueba', device.slice(0, 8));
    return back('probado');
  }
  if (intent === 'quitar') {
    if (await push.remove(person, device))
      await panel.record('avisos quitados', device.slice(0, 8));
    return back('quitado');
  }
  await push.setChoices(person, device, kinds, typeof hour === 'string' ? hour : '');
  return back('guardado');
}

export function PushPage() {
  const { devices, mail, personEmail, publicKey, csrfToken, notice } =
    useLoaderData<typeof pushLoader>();
  return (
    <>
      <PanelMeta title="Avisos" />
      <h1>Avisos</h1>
      <p>
        El teléfono avisa al instante cuando entra un turno, un presupuesto, un mensaje o una
        opinión. El aviso dice qué pasó y cuándo, nunca el nombre ni los datos del cliente: los ves
        al tocarlo, dentro del panel.
      </p>
      {notice ? (
        <p className="panel-notice" role="status">
          {notice}
        </p>
      ) : null}
      <section aria-labelledby="activar">
        <h2 id="activar">Este teléfono</h2>
        <PushActivate publicKey={publicKey} csrfToken={csrfToken} />
      </section>
      <section aria-labelledby="dispositivos">
        <h2 id="dispositivos">Mis dispositivos con avisos</h2>
        {devices.length === 0 ? (
          <p>Todavía ningún dispositivo recibe avisos.</p>
        ) : (
          <ul className="panel-list">
            {devices.map((device) => (
              <li key={device.id} className="panel-card">
                <p>
                  <strong>{device.name}</strong>
                </p>
                <p className="panel-hint">
                  Desde el {formatWhen(device.createdAt)} · servicio {device.service}
                </p>
                <PanelForm action={panelPaths.push}>
                  <input type="hidden" name="dispositivo" value={device.id} />
                  <KindChoices
                    idPrefix={`tipo-${device.id}`}
                    legend={`Qué avisa a «${device.name}»`}
                    kinds={device.kinds}
                    agendaHour={device.agendaHour}
                  />
                  <p className="panel-actions">
                    <button
                      type="submit"
                      name="accion"
                      value="elegir"
                      className="button button-small"
                    >
                      Guardar
                    </button>{' '}
                    <button
                      type="submit"
                      name="accion"
                      value="probar"
                      className="button button-small button-outline"
                    >
                      Probar
                    </button>{' '}
                    <button
                      type="submit"
                      name="accion"
                      value="quitar"
                      className="button button-small button-outline"
                    >
                      Quitar
                    </button>
                  </p>
                </PanelForm>
              </li>
            ))}
          </ul>
        )}
      </section>
      <MailChoice mail={mail} personEmail={personEmail} />
    </>
  );
}

/** What to choose for one device or for the e-mail: the kinds and the agenda's hour. */
function KindChoices({
  idPrefix,
  legend,
  kinds,
  agendaHour,
  disabled,
}: {
  idPrefix: string;
  legend: string;
  kinds: readonly PushKindName[];
  agendaHour: string;
  disabled?: boolean;
}) {
  return (
    <fieldset className="push-kinds" disabled={disabled}>
      <legend>{legend}</legend>
      {Object.entries(PUSH_KIND_NAMES).map(([kind, label]) => (
        <p key={kind} className="panel-check">
          <input
            type="checkbox"
            id={`${idPrefix}-${kind}`}
            name="tipo"
            value={kind}
            defaultChecked={kinds.some((k) => k === kind)}
          />{' '}
          <label htmlFor={`${idPrefix}-${kind}`}>{label}</label>
        </p>
      ))}
      <p>
        <label htmlFor={`hora-${idPrefix}`}>Hora de la agenda de mañana</label>{' '}
        <select id={`hora-${idPrefix}`} name="hora" defaultValue={agendaHour}>
          {AGENDA_HOURS.map((hour) => (
            <option key={hour} value={hour}>
              {hour}
            </option>
          ))}
        </select>
      </p>
    </fieldset>
  );
}

/** The same avisos by e-mail, per person: off (with the reason) when the site cannot send e-mail. */
function MailChoice({ mail, personEmail }: { mail: MailChoiceView; personEmail: string }) {
  return (
    <section aria-labelledby="por-email">
      <h2 id="por-email">Por e-mail</h2>
      <p>
        Los mismos avisos, con las mismas palabras y el enlace al panel, también por e-mail. Se
        elige por persona, no por teléfono.
      </p>
      {mail.unavailable ? (
        <p className="panel-hint" role="status">
          No disponible: {mail.unavailable}
        </p>
      ) : null}
      <PanelForm action={panelPaths.push}>
        <p>
          <label htmlFor="correo">Dirección</label>{' '}
          <input
            type="email"
            id="correo"
            name="correo"
            autoComplete="email"
            maxLength={254}
            defaultValue={mail.email ?? personEmail}
            disabled={Boolean(mail.unavailable)}
            aria-describedby="correo-ayuda"
          />
        </p>
        <p id="correo-ayuda" className="panel-hint">
          Vacía o igual a la de Personas ({personEmail}): se usa esa.
        </p>
        <KindChoices
          idPrefix="correo"
          legend="Qué avisa por e-mail"
          kinds={mail.kinds}
          agendaHour={mail.agendaHour}
          disabled={Boolean(mail.unavailable)}
        />
        <p className="panel-actions">
          <button
            type="submit"
            name="accion"
            value="correo"
            className="button button-small"
            disabled={Boolean(mail.unavailable)}
          >
            Guardar e-mail
          </button>{' '}
          <button
            type="submit"
            name="accion"
            value="correo-probar"
            className="button button-small button-outline"
            disabled={Boolean(mail.unavailable)}
          >
            Probar e-mail
          </button>
        </p>
      </PanelForm>
    </section>
  );
}
