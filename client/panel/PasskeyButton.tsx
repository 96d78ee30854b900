/**
 * The passkey ceremony: the panel's only JavaScript, an island no public page renders, so its
 * chunk (with @simplewebauthn/browser) is loaded only by the panel's sign-in, invitation and
 * "Mi acceso" pages. Before it hydrates the button is disabled and the page offers the
 * sign-in link instead, which needs no JavaScript.
 */
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { island } from '../islands/island.tsx';
import { panelPaths, queryParams } from '../paths.ts';
import { CSRF_FIELD } from './PanelForm.tsx';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

type Props = {
  /** sign-in: enter with a passkey; register: the first one, from an invitation; add: another. */
  readonly mode: 'sign-in' | 'register' | 'add';
  /** The invitation's token (register). */
  readonly token?: string;
  /** The session's form token (add). */
  readonly csrfToken?: string;
};

const LABELS = {
  'sign-in': 'Entrar con mi llave de acceso',
  register: 'Crear mi llave de acceso',
  add: 'Agregar una llave de acceso',
} as const;

type Answer = { ok: boolean; message?: string; next?: string; challengeId?: string };

/** The server's answer (server/panel/passkeys.ts): JSON of the shape `T` it documents. */
async function call<T extends Answer>(
  path: string,
  body: Record<string, string>,
  csrfToken?: string,
): Promise<T | Answer> {
  const response = await fetch(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(csrfToken ? { 'x-csrf-token': csrfToken } : {}),
    },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) {
    return {
      ok: false,
      message:
        response.status === 429
          ? 'Demasiados intentos: esperá un minuto.'
          : 'No se pudo completar. Probá de nuevo.',
    } satisfies Answer;
  }
  const answer: T = await response.json();
  return answer;
}

const noSubscription = () => () => {};

function PasskeyCeremony({ mode, token, csrfToken }: Props) {
  // False on the server and while hydrating; then whether this browser has passkeys.
  const ready = useSyncExternalStore(
    noSubscription,
    () => typeof window.PublicKeyCredential === 'function',
    () => false,
  );
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  async function run(name: string) {
    const { startAuthentication, startRegistration } = await import('@simplewebauthn/browser');
    const api = panelPaths.passkeyApi;
    const extra: Record<string, string> = token ? { [queryParams.panelToken]: token } : {};
    if (csrfToken) extra[CSRF_FIELD] = csrfToken;
    const registering = mode !== 'sign-in';
    let challengeId: string;
    let response: unknown;
    if (registering) {
      const answer = await call<Answer & { options: PublicKeyCredentialCreationOptionsJSON }>(
        api.registerOptions,
        extra,
        csrfToken,
      );
      if (!('options' in answer) || !answer.challengeId) throw new Error(answer.message);
      challengeId = answer.challengeId;
      response = await startRegistration({ optionsJSON: answer.options });
    } else {
      const answer = await call<Answer & { options: PublicKeyCredentialRequestOptionsJSON }>(
        api.signInOptions,
        extra,
        csrfToken,
      );
      if (!('options' in answer) || !answer.challengeId) throw new Error(answer.message);
      challengeId = answer.challengeId;
      response = await startAuthentication({ optionsJSON: answer.options });
    }
    const result = await call(
      registering ? api.register : api.signIn,
      { ...extra, challengeId, response: JSON.stringify(response), name },
      csrfToken,
    );
    if (!result.ok || !result.next) throw new Error(result.message ?? 'No se pudo');
    window.location.assign(result.next);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = new FormData(event.currentTarget).get('nombre');
    setBusy(true);
    setMessage('');
    try {
      await run(typeof name === 'string' ? name : '');
    } catch (error) {
      setMessage(
        error instanceof Error &&
          !/NotAllowed|AbortError|timed out/i.test(`${error.name} ${error.message}`)
          ? error.message
          : 'Se canceló o no se pudo usar la llave. Probá de nuevo.',
      );
      setBusy(false);
    }
  }

  return (
    <form className="passkey-form" onSubmit={onSubmit}>
      {mode === 'sign-in' ? null : (
        <p>
          <label htmlFor={`passkey-name-${mode}`}>Nombre de esta llave</label>
          <input
            id={`passkey-name-${mode}`}
            name="nombre"
            type="text"
            maxLength={60}
            placeholder="Mi teléfono"
            autoComplete="off"
          />
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={!ready || busy}>
        {LABELS[mode]}
      </button>
      <p className="passkey-status" role="status">
        {ready ? message : 'Las llaves de acceso necesitan JavaScript y un navegador actual.'}
      </p>
    </form>
  );
}

export const PasskeyButton = island('passkey', PasskeyCeremony);
