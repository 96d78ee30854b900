/** "Actividad": who signed in (or failed to), invited, revoked, deleted; when; from where. */
import { useLoaderData } from 'react-router-dom';
import type { AppLoaderArgs } from '../app-context.ts';
import { panelPaths } from '../paths.ts';
import { requirePanel } from './context.ts';
import { formatWhen } from './format.ts';
import { PanelMeta } from './PanelMeta.tsx';

const BEFORE = 'antes';

export async function activityLoader({ request, context }: AppLoaderArgs) {
  const panel = requirePanel(context);
  const before = new URL(request.url).searchParams.get(BEFORE) ?? undefined;
  const valid = before && !Number.isNaN(Date.parse(before)) ? before : undefined;
  return { entries: await panel.services.access.activity(valid) };
}

export function ActivityPage() {
  const { entries } = useLoaderData<typeof activityLoader>();
  const last = entries.at(-1);
  return (
    <>
      <PanelMeta title="Actividad" />
      <h1>Actividad</h1>
      {entries.length === 0 ? (
        <p>Todavía no hay nada registrado.</p>
      ) : (
        <ol className="panel-list">
          {entries.map((e) => (
            <li key={e.id} className="panel-card">
              <p>
                <strong>{e.action}</strong>: {e.detail}
              </p>
              <p className="panel-hint">
                {formatWhen(e.at)} · {e.actor ?? 'sin sesión'} · desde {e.client}
              </p>
            </li>
          ))}
        </ol>
      )}
      {last && entries.length >= 100 ? (
        <p>
          <a href={`${panelPaths.activity}?${new URLSearchParams({ [BEFORE]: last.at })}`}>
            Ver más viejos
          </a>
        </p>
      ) : null}
    </>
  );
}
