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
import { AGENDA_HOURS, PUSH_KIND_NAMES, isPushKind } from './push-types.ts';

const NOTICE_PARAM = 'aviso';
const NOTICES: Record<string, string> = {
  probado: 'Enviamos una prueba: tiene que llegar en unos segundos.',
  guardado: 'Guardado.',
  quitado: 'Ese dispositivo ya no recibe avisos.',
};

export async function pushLoader({ request, context }: AppLoaderArgs) {
  const panel = requirePanel(context);
  const notice = new URL(request.url).searchParams.get(NOTICE_PARAM) ?? '';
  return {
    devices: await panel.services.push.devices(panel.person.id),
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
  if (typeof device !== 'string' || !device) return seeOther(panelPaths.push);
  const { push } = panel.services;
  const person = panel.person.id;
  if (intent === 'probar') {
    if (await push.test(person, device)) await panel.record('avisos: prueba', device.slice(0, 8));
    return back('probado');
  }
  if (intent === 'quitar') {
    if (await push.remove(person, device))
      await panel.record('avisos quitados', device.slice(0, 8));
    return back('quitado');
  }
  const kinds = form
    .getAll('tipo')
    .filter((k): k is string => typeof k === 'string')
    .filter(isPushKind);
  const hour = form.get('hora');
  await push.setChoices(person, device, kinds, typeof hour === 'string' ? hour : '');
  return back('guardado');
}

export function PushPage() {
  const { devices, publicKey, csrfToken, notice } = useLoaderData<typeof pushLoader>();
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
                  <fieldset className="push-kinds">
                    <legend>Qué avisa a «{device.name}»</legend>
                    {Object.entries(PUSH_KIND_NAMES).map(([kind, label]) => (
                      <p key={kind} className="panel-check">
                        <input
                          type="checkbox"
                          id={`tipo-${device.id}-${kind}`}
                          name="tipo"
                          value={kind}
                          defaultChecked={device.kinds.some((k) => k === kind)}
                        />{' '}
                        <label htmlFor={`tipo-${device.id}-${kind}`}>{label}</label>
                      </p>
                    ))}
                    <p>
                      <label htmlFor={`hora-${device.id}`}>Hora de la agenda de mañana</label>{' '}
                      <select id={`hora-${device.id}`} name="hora" defaultValue={device.agendaHour}>
                        {AGENDA_HOURS.map((hour) => (
                          <option key={hour} value={hour}>
                            {hour}
                          </option>
                        ))}
                      </select>
                    </p>
                  </fieldset>
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
    </>
  );
}
