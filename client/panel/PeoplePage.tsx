/**
 * "Personas": who may enter the panel. Invite someone (the one-time link is shown to copy
 * into WhatsApp, and e-mailed when e-mail is set up) and take access away.
 */
import { data, useActionData, useLoaderData } from 'react-router-dom';
import type { AppActionArgs, AppLoaderArgs } from '../app-context.ts';
import { panelPaths, queryParams } from '../paths.ts';
import { requirePanel, seeOther } from './context.ts';
import { PanelForm } from './PanelForm.tsx';
import { PanelMeta } from './PanelMeta.tsx';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** `?t=…&enviado=1` after an invitation: the link to copy, shown while it is valid. */
const EMAILED = 'enviado';

export async function peopleLoader({ request, context }: AppLoaderArgs) {
  const panel = requirePanel(context);
  const params = new URL(request.url).searchParams;
  const token = params.get(queryParams.panelToken);
  const invitation = token ? await panel.services.access.invitation(token) : undefined;
  const link = `${context.siteUrl}${panelPaths.invite}?${new URLSearchParams({ [queryParams.panelToken]: token ?? '' })}`;
  return {
    people: await panel.services.access.people(),
    me: panel.person.email,
    invited: invitation
      ? { email: invitation.email, link, emailed: params.get(EMAILED) === '1' }
      : null,
  };
}

type ActionData = { readonly error: string };

export async function peopleAction({ request, context }: AppActionArgs) {
  const panel = requirePanel(context);
  const form = await request.formData();
  const intent = form.get('accion');
  const rawEmail = form.get('email');
  const email = typeof rawEmail === 'string' ? rawEmail.trim().toLowerCase() : '';
  if (!EMAIL.test(email) || email.length > 200) {
    return data<ActionData>(
      { error: 'Escribí una dirección de e-mail completa, como ana@gmail.com.' },
      { status: 400 },
    );
  }
  if (intent === 'invitar') {
    const rawName = form.get('nombre');
    const name = typeof rawName === 'string' ? rawName.trim().slice(0, 80) : '';
    const { link, emailed } = await panel.services.access.invite(email, name || undefined);
    await panel.record('invitación', email);
    // Only its hash is stored: the link travels to the next page in its address (the
    // request log masks it), where it is shown to copy as long as it is valid.
    const token = new URL(link).searchParams.get(queryParams.panelToken) ?? '';
    return seeOther(
      `${panelPaths.people}?${new URLSearchParams({ [queryParams.panelToken]: token, [EMAILED]: emailed ? '1' : '0' })}`,
    );
  }
  if (intent === 'revocar') {
    if (email === panel.person.email) {
      return data<ActionData>(
        { error: 'No podés sacarte el acceso a vos mismo desde acá: pedíselo a otra persona.' },
        { status: 400 },
      );
    }
    if (await panel.services.access.revoke(email)) await panel.record('acceso revocado', email);
    return seeOther(panelPaths.people);
  }
  return data<ActionData>({ error: 'No entendí qué hacer.' }, { status: 400 });
}

export function PeoplePage() {
  const { people, me, invited } = useLoaderData<typeof peopleLoader>();
  const result = useActionData<ActionData>();
  return (
    <>
      <PanelMeta title="Personas" />
      <h1>Personas</h1>
      {result ? (
        <p className="panel-notice" role="alert">
          {result.error}
        </p>
      ) : null}
      {invited ? (
        <section className="panel-card panel-notice" aria-labelledby="invitacion">
          <h2 id="invitacion">{`Invitación para ${invited.email}`}</h2>
          <p>
            {invited.emailed
              ? 'Se la mandamos por e-mail. También podés copiar el enlace y mandarlo por WhatsApp:'
              : 'Copiá el enlace y mandáselo por WhatsApp (sirve una vez, durante 24 horas):'}
          </p>
          <label htmlFor="enlace-invitacion">Enlace de invitación</label>
          <textarea
            id="enlace-invitacion"
            className="panel-copy"
            readOnly
            rows={3}
            defaultValue={invited.link}
          />
        </section>
      ) : null}
      <ul className="panel-list">
        {people.map((p) => (
          <li key={p.id} className="panel-card">
            <p>
              <strong>{p.name || p.email}</strong>
              {p.name ? ` · ${p.email}` : null}
              {p.email === me ? ' (vos)' : null}
            </p>
            <p className="panel-hint">
              {p.revoked
                ? 'Sin acceso (revocado)'
                : `${p.passkeys} llave${p.passkeys === 1 ? '' : 's'} de acceso · ${p.sessions} sesi${p.sessions === 1 ? 'ón abierta' : 'ones abiertas'}`}
            </p>
            {p.revoked || p.email === me ? null : (
              <PanelForm action={panelPaths.people}>
                <input type="hidden" name="email" value={p.email} />
                <input type="hidden" name="accion" value="revocar" />
                <button type="submit" className="button button-small button-outline">
                  {`Sacarle el acceso a ${p.name || p.email}`}
                </button>
              </PanelForm>
            )}
          </li>
        ))}
      </ul>
      <section aria-labelledby="invitar">
        <h2 id="invitar">Invitar a alguien</h2>
        <PanelForm action={panelPaths.people} className="panel-stack">
          <input type="hidden" name="accion" value="invitar" />
          <p>
            <label htmlFor="invitar-email">E-mail</label>
            <input id="invitar-email" name="email" type="email" required autoComplete="off" />
          </p>
          <p>
            <label htmlFor="invitar-nombre">Nombre (opcional)</label>
            <input id="invitar-nombre" name="nombre" type="text" maxLength={80} />
          </p>
          <button type="submit" className="button button-primary">
            Crear invitación
          </button>
        </PanelForm>
        <p className="panel-hint">
          Si alguien perdió su teléfono, sacale el acceso (se cierran todas sus sesiones) e invitalo
          de nuevo para que cree una llave en el teléfono nuevo.
        </p>
      </section>
    </>
  );
}
