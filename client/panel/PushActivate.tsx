/**
 * "Activar avisos en este teléfono": asks for permission from the tap itself (iOS requires
 * it), registers the panel's service worker (scope /panel/), subscribes with the site's VAPID
 * key and stores the subscription through the panel's JSON call (session and CSRF header).
 * Before it hydrates, or without Web Push, the button is disabled and says why.
 */
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { island } from '../islands/island.tsx';
import { panelPaths } from '../paths.ts';

type Props = {
  /** The VAPID public key (base64url). */
  readonly publicKey: string;
  readonly csrfToken: string;
};

const noSubscription = () => () => {};

function supportsPush(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function activate(publicKey: string, csrfToken: string, name: string): Promise<string> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted')
    throw new Error(
      'El teléfono no dio permiso para avisos. Habilitalo en los ajustes del navegador para este sitio.',
    );
  await navigator.serviceWorker.register(panelPaths.serviceWorker, { scope: '/panel/' });
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  const json = subscription.toJSON();
  const response = await fetch(panelPaths.pushSubscribe, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken },
    body: JSON.stringify({
      endpoint: json.endpoint ?? '',
      p256dh: json.keys?.p256dh ?? '',
      auth: json.keys?.auth ?? '',
      nombre: name,
    }),
    credentials: 'same-origin',
  });
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) throw new Error('No se pudo guardar. Probá de nuevo.');
  const answer: { ok?: boolean; message?: string; next?: string } = await response.json();
  if (!answer.ok || !answer.next) throw new Error(answer.message ?? 'No se pudo guardar.');
  return answer.next;
}

function PushActivateView({ publicKey, csrfToken }: Props) {
  const ready = useSyncExternalStore(noSubscription, supportsPush, () => false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = new FormData(event.currentTarget).get('nombre');
    setBusy(true);
    setMessage('');
    try {
      const next = await activate(publicKey, csrfToken, typeof name === 'string' ? name : '');
      window.location.assign(next);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : 'No se pudo activar. Probá de nuevo.');
      setBusy(false);
    }
  }

  return (
    <form className="push-activate" onSubmit={onSubmit}>
      <p>
        <label htmlFor="push-device-name">Nombre de este teléfono</label>
        <input
          id="push-device-name"
          name="nombre"
          type="text"
          maxLength={60}
          placeholder="Mi teléfono"
          autoComplete="off"
        />
      </p>
      <button type="submit" className="button button-primary" disabled={!ready || busy}>
        Activar avisos en este teléfono
      </button>
      <p className="panel-hint" role="status">
        {ready
          ? message
          : 'Los avisos necesitan un navegador actual con JavaScript. En iPhone, primero agregá el panel a la pantalla de inicio y abrilo desde ahí.'}
      </p>
    </form>
  );
}

export const PushActivate = island('pushActivate', PushActivateView);
