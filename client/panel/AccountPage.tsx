/** "Mi acceso": the signed-in person's passkeys (add, remove) and sessions (close them all). */
import { useLoaderData } from 'react-router-dom';
import type { AppActionArgs, AppLoaderArgs } from '../app-context.ts';
import { panelPaths } from '../paths.ts';
import { requirePanel, seeOther } from './context.ts';
import { formatWhen } from './format.ts';
import { PanelForm } from './PanelForm.tsx';
import { PanelMeta } from './PanelMeta.tsx';
import { PasskeyButton } from './PasskeyButton.tsx';

export async function accountLoader({ context }: AppLoaderArgs) {
  const panel = requirePanel(context);
  return {
    passkeys: await panel.services.access.passkeys(panel.person.id),
    csrfToken: panel.csrfToken,
  };
}

export async function accountAction({ request, context }: AppActionArgs) {
  const panel = requirePanel(context);
  const form = await request.formData();
  const id = form.get('llave');
  if (typeof id === 'string' && id) {
    const removed = await panel.services.access.removePasskey(panel.person.id, id);
    if (removed) await panel.record('llave borrada', id.slice(0, 16));
  }
  return seeOther(panelPaths.account);
}

export function AccountPage() {
  const { passkeys, csrfToken } = useLoaderData<typeof accountLoader>();
  return (
    <>
      <PanelMeta title="Mi acceso" />
      <h1>Mi acceso</h1>
      <section aria-labelledby="llaves">
        <h2 id="llaves">Mis llaves de acceso</h2>
        {passkeys.length === 0 ? (
          <p>Todavía no tenés llaves: entraste con un enlace. Creá una para entrar más rápido.</p>
        ) : (
          <ul className="panel-list">
            {passkeys.map((key) => (
              <li key={key.id} className="panel-card">
                <p>
                  <strong>{key.name}</strong>
                </p>
                <p className="panel-hint">
                  Creada el {formatWhen(key.createdAt)}
                  {key.lastUsedAt ? ` · usada por última vez el ${formatWhen(key.lastUsedAt)}` : ''}
                </p>
                <PanelForm action={panelPaths.account}>
                  <input type="hidden" name="llave" value={key.id} />
                  <button type="submit" className="button button-small button-outline">
                    Borrar «{key.name}»
                  </button>
                </PanelForm>
              </li>
            ))}
          </ul>
        )}
        <PasskeyButton mode="add" csrfToken={csrfToken} />
      </section>
      <section aria-labelledby="sesiones">
        <h2 id="sesiones">Sesiones</h2>
        <p>Si perdiste un teléfono con el panel abierto, cerrá todas las sesiones.</p>
        <PanelForm action={panelPaths.signOutAll}>
          <button type="submit" className="button button-outline">
            Cerrar todas las sesiones
          </button>
        </PanelForm>
      </section>
    </>
  );
}
