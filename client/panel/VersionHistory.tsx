import { data } from 'react-router-dom';
import { formatWhen } from './format.ts';
import { PanelForm } from './PanelForm.tsx';

/** One published version, as a history lists it (prices, the shop's facts). */
export type VersionEntry = {
  readonly seq: number;
  /** Undefined for a version nobody published (the shop's first facts). */
  readonly publishedAt: string | undefined;
  readonly publishedBy: string | undefined;
  /** Where it came from, in words ("desde el panel"), with its file or restored version if any. */
  readonly origin: string;
  readonly summary: string;
  /** The version the site serves now. */
  readonly live: boolean;
  /** The site can go back to it ("Volver a esta versión"). */
  readonly restorable: boolean;
};

/**
 * The version a "Volver a esta versión" POST names (`accion=volver`, `version`), from `first`
 * on; else the 400 to answer.
 */
export async function restoreRequest(request: Request, first: number) {
  const form = await request.formData();
  const seq = Number(form.get('version'));
  if (form.get('accion') !== 'volver' || !Number.isInteger(seq) || seq < first) {
    return {
      seq: undefined,
      refused: data({ error: 'No entendí a qué versión volver.' }, { status: 400 }),
    };
  }
  return { seq, refused: undefined };
}

/** Every version, newest first, each with "Volver a esta versión" (a POST to `action`) when it can. */
export function VersionHistory({
  entries,
  action,
}: {
  entries: readonly VersionEntry[];
  action: string;
}) {
  return (
    <ol className="panel-list">
      {entries.map((entry) => (
        <li key={entry.seq} className="panel-card">
          <h2>
            {`Versión ${entry.seq}`}
            {entry.live ? <span className="panel-tag"> En el sitio ahora</span> : null}
          </h2>
          <p>
            {[
              entry.publishedAt ? formatWhen(entry.publishedAt) : undefined,
              entry.publishedBy,
              entry.origin,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <p>{entry.summary}</p>
          {entry.restorable ? (
            <PanelForm action={action} className="panel-inline-form">
              <input type="hidden" name="accion" value="volver" />
              <input type="hidden" name="version" value={entry.seq} />
              <button type="submit" className="button button-outline">
                Volver a esta versión
              </button>
            </PanelForm>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
