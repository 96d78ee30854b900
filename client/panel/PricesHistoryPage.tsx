/**
 * Every published catalogue (`/panel/precios/historial`), from the panel or the CLI: who, when,
 * the file and what changed; "Volver a esta versión" publishes an earlier one again (logged).
 */
import { data, useActionData, useLoaderData } from 'react-router-dom';
import type { AppActionArgs, AppLoaderArgs } from '../app-context.ts';
import { panelPaths } from '../paths.ts';
import { requirePanel, seeOther } from './context.ts';
import { restoreRequest, VersionHistory } from './VersionHistory.tsx';
import { PanelMeta } from './PanelMeta.tsx';
import type { HistoryEntry } from './prices-types.ts';

export async function pricesHistoryLoader({ context }: AppLoaderArgs) {
  const { prices } = requirePanel(context).services;
  return { entries: prices ? await prices.history() : [] };
}

export async function pricesHistoryAction({ request, context }: AppActionArgs) {
  const panel = requirePanel(context);
  const { prices } = panel.services;
  const { seq, refused } = await restoreRequest(request, 1);
  if (seq === undefined) return refused;
  if (!prices) return data({ error: 'Este sitio sirve un catálogo fijo.' }, { status: 409 });
  const result = await prices.restore(seq, panel.person.name || panel.person.email);
  if (!result.ok) {
    return data(
      {
        error:
          result.reason === 'stale'
            ? 'Los precios cambiaron recién (alguien publicó). Mirá el historial actualizado y probá de nuevo.'
            : 'Esa versión ya no se guarda.',
      },
      { status: 409 },
    );
  }
  await panel.record(
    'precios: volvió a una versión',
    `versión ${seq}, publicada como ${result.seq}`,
  );
  return seeOther(panelPaths.pricesHistory);
}

const SOURCE: Record<HistoryEntry['source'], string> = {
  panel: 'desde el panel',
  cli: 'con el comando',
  restore: 'volviendo a una versión',
  initial: 'catálogo inicial',
};

export function PricesHistoryPage() {
  const { entries } = useLoaderData<typeof pricesHistoryLoader>();
  const action = useActionData<{ error?: string }>();
  return (
    <>
      <PanelMeta title="Historial de precios" />
      <h1>Historial de precios</h1>
      <p>
        <a href={panelPaths.prices}>Volver a Precios</a>
      </p>
      {action?.error ? (
        <p className="panel-notice" role="alert">
          {action.error}
        </p>
      ) : null}
      {entries.length === 0 ? (
        <p>Todavía no se publicaron precios desde el panel ni con el comando.</p>
      ) : null}
      <VersionHistory
        action={panelPaths.pricesHistory}
        entries={entries.map((entry) => ({
          ...entry,
          origin: `${SOURCE[entry.source]}${entry.fileName ? ` · "${entry.fileName}"` : ''}${entry.restoredFrom ? ` (la versión ${entry.restoredFrom})` : ''}`,
        }))}
      />
    </>
  );
}
