/** The pages a person without a session may open: sign in, a sign-in link, an invitation. */
import { useLoaderData } from 'react-router-dom';
import type { AppLoaderArgs } from '../app-context.ts';
import { panelHome, panelPaths, queryParams } from '../paths.ts';
import { seeOther } from './context.ts';
import { PanelForm } from './PanelForm.tsx';
import { PanelMeta, usePanelShopName } from './PanelMeta.tsx';
import { PasskeyButton } from './PasskeyButton.tsx';

/** What `/panel?aviso=…` says (server/panel/auth.ts NOTICES). */
const NOTICES: Record<string, string> = {
  enlace:
    'Ese enlace ya no sirve: se usó, venció (dura 15 minutos) o ya no tenés acceso. Pedí uno nuevo.',
  enviado:
    'Si esa dirección tiene acceso al panel, le mandamos un enlace para entrar. Revisá el correo (también el spam): sirve 15 minutos.',
  salida: 'Cerraste la sesión.',
};

export function signInLoader({ request, context }: AppLoaderArgs) {
  if (context.panel) throw seeOther(panelHome);
  const notice = new URL(request.url).searchParams.get(queryParams.panelNotice) ?? '';
  return { notice: NOTICES[notice] ?? null };
}

function Entry({ children, title }: { children: React.ReactNode; title: string }) {
  return (
    <div className="panel panel-entry">
      <PanelMeta title={title} />
      <main id="panel-contenido" className="panel-main">
        <p className="panel-brand">
          Panel · <span>{usePanelShopName()}</span>
        </p>
        {children}
      </main>
    </div>
  );
}

export function SignInPage() {
  const { notice } = useLoaderData<typeof signInLoader>();
  return (
    <Entry title="Entrar">
      <h1>Entrar al panel</h1>
      {notice ? (
        <p className="panel-notice" role="status">
          {notice}
        </p>
      ) : null}
      <section aria-labelledby="con-llave">
        <h2 id="con-llave">Con tu llave de acceso</h2>
        <p>Usá la huella, la cara o el PIN de tu teléfono o computadora.</p>
        <PasskeyButton mode="sign-in" />
      </section>
      <section aria-labelledby="con-enlace">
        <h2 id="con-enlace">¿Perdiste el teléfono o no tenés llave?</h2>
        <PanelForm action={panelPaths.emailLink} className="panel-stack">
          <p>
            <label htmlFor="email">Tu e-mail</label>
            <input id="email" name="email" type="email" autoComplete="email" required />
          </p>
          <button type="submit" className="button button-outline">
            Enviarme un enlace
          </button>
        </PanelForm>
        <p className="panel-hint">
          Si la web no tiene el correo configurado, quien administra el servidor puede darte un
          enlace con <code>npm run owner -- link tu@correo</code>.
        </p>
      </section>
    </Entry>
  );
}

function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get(queryParams.panelToken) ?? '';
}

export function linkLoader({ request }: AppLoaderArgs) {
  return { token: tokenOf(request) };
}

/** A sign-in link's page: the link is used by this button's POST, never by opening it. */
export function LinkPage() {
  const { token } = useLoaderData<typeof linkLoader>();
  return (
    <Entry title="Entrar con un enlace">
      <h1>Entrar con un enlace</h1>
      {token ? (
        <PanelForm action={panelPaths.link} className="panel-stack">
          <input type="hidden" name={queryParams.panelToken} value={token} />
          <p>Tocá el botón para entrar. El enlace sirve una sola vez.</p>
          <button type="submit" className="button button-primary">
            Entrar al panel
          </button>
        </PanelForm>
      ) : (
        <p>
          Al enlace le falta una parte. Abrilo completo desde el correo o{' '}
          <a href={panelPaths.signIn}>pedí uno nuevo</a>.
        </p>
      )}
    </Entry>
  );
}

export function inviteLoader({ request }: AppLoaderArgs) {
  return { token: tokenOf(request) };
}

/** An invitation's page: the person creates their first passkey here. */
export function InvitePage() {
  const { token } = useLoaderData<typeof inviteLoader>();
  return (
    <Entry title="Invitación">
      <h1>Tu acceso al panel</h1>
      <p>
        Creá una llave de acceso en este teléfono o computadora: después vas a entrar con la huella,
        la cara o el PIN, sin contraseña.
      </p>
      {token ? (
        <PasskeyButton mode="register" token={token} />
      ) : (
        <p>Al enlace le falta una parte. Abrilo completo desde el mensaje que te mandaron.</p>
      )}
      <p className="panel-hint">
        La invitación sirve una vez, durante 24 horas. Si venció, pedí otra a quien te invitó.
      </p>
    </Entry>
  );
}
