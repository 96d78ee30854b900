/**
 * Every published version of the shop's facts (`/panel/negocio/historial`): who, when, from
 * where and what changed; "Volver a esta versión" publishes an earlier one again (a publish of
 * its own, in the activity log).
 */
import { data, useActionData, useLoaderData } from 'react-router-dom';
import type { AppActionArgs, AppLoaderArgs } from '../app-context.ts';
import { panelPaths } from '../paths.ts';
import { requirePanel, seeOther } from './context.ts';
import type { FactsHistoryEntry } from './facts-types.ts';
import { restoreRequest, VersionHistory } from './VersionHistory.tsx';
import { PanelMeta } from './PanelMeta.tsx';

export async function businessHistoryLoader({ context }: AppLoaderArgs) {
  const { facts } = requirePanel(context).services;
  return { available: facts !== undefined, entries: facts ? await facts.history() : [] };
}

export async function businessHistoryAction({ request, context }: AppActionArgs) {
  const panel = requirePanel(context);
  const { facts } = panel.services;
  const { seq, refused } = await restoreRequest(request, 0);
  if (seq === undefined) return refused;
  if (!facts) return data({ error: 'Este sitio sirve datos fijos.' }, { status: 409 });
  const result = await facts.restore(seq, panel.person.name || panel.person.email);
  if (!result.ok) {
    const error = {
      stale:
        'Los datos del negocio cambiaron recién (alguien publicó). Mirá el historial actualizado y probá de nuevo.',
      unchanged: 'Esa versión es igual a la que está publicada: no hay nada que volver atrás.',
      missing: 'Esa versión no se puede leer.',
    }[result.reason];
    return data({ error }, { status: result.reason === 'unchanged' ? 200 : 409 });
  }
  await panel.record(
    'datos del negocio: volvió a una versión',
    `versión ${seq}, publicada como ${result.seq}: ${result.summary}`,
  );
  return seeOther(panelPaths.businessHistory);
}

const SOURCE: Record<FactsHistoryEntry['source'], string> = {
  panel: 'desde el panel',
  cli: 'con el comando',
  restore: 'volviendo a una versión',
  initial: 'los datos con que arrancó el sitio (de fábrica)',
};

export function BusinessHistoryPage() {
  const { available, entries } = useLoaderData<typeof businessHistoryLoader>();
  const action = useActionData<{ error?: string }>();
  return (
    <>
      <PanelMeta title="Historial de datos del negocio" />
      <h1>Historial de datos del negocio</h1>
      <p>
        <a href={panelPaths.business}>Volver a Datos del negocio</a>
      </p>
      {action?.error ? (
        <p className="panel-notice" role="alert">
          {action.error}
        </p>
      ) : null}
      {!available ? <p role="alert">Este sitio sirve datos fijos: no hay historial.</p> : null}
      {available && entries.length === 1 ? (
        <p>Todavía no se publicó ningún cambio: el sitio muestra los datos de fábrica.</p>
      ) : null}
      <VersionHistory
        action={panelPaths.businessHistory}
        entries={entries.map((entry) => ({
          ...entry,
          origin: `${SOURCE[entry.source]}${entry.restoredFrom ? ` (la versión ${entry.restoredFrom})` : ''}`,
        }))}
      />
    </>
  );
}
