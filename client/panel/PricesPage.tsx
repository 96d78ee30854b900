/**
 * Prices from the sheet (`/panel/precios`): upload the Excel file (or a CSV) as it is, see every
 * change against the live prices with likely typos flagged in words, publish with one button
 * (one more confirmation when something is flagged). Works without JavaScript: a multipart
 * POST, a 303 to the preview (`?borrador=`), a POST to publish.
 */
import { data, useActionData, useLoaderData } from 'react-router-dom';
import type { AppActionArgs, AppLoaderArgs } from '../app-context.ts';
import { formatARS } from '../../catalogue/money.ts';
import { panelPaths, queryParams } from '../paths.ts';
import { requirePanel, seeOther, type PanelContext } from './context.ts';
import { PanelForm } from './PanelForm.tsx';
import { PanelMeta } from './PanelMeta.tsx';
import type { DraftPreview, PriceChange, PriceCounts, SheetProblem } from './prices-types.ts';

const FILE_FIELD = 'planilla';
const NOT_HERE =
  'Este sitio sirve un catálogo fijo: los precios no se pueden publicar desde el panel.';

const draftPath = (id: string) =>
  `${panelPaths.prices}?${new URLSearchParams({ [queryParams.priceDraft]: id })}`;

const who = (panel: PanelContext) => panel.person.name || panel.person.email;

export async function pricesLoader({ request, context }: AppLoaderArgs) {
  const { prices } = requirePanel(context).services;
  const params = new URL(request.url).searchParams;
  const id = params.get(queryParams.priceDraft);
  const preview = prices && id ? ((await prices.preview(id)) ?? null) : null;
  return {
    available: prices !== undefined,
    preview,
    missing: id !== null && preview === null,
    refreshed: params.get(queryParams.priceNotice) === 'cambio',
  };
}

type ActionData = { problems?: readonly SheetProblem[]; fileName?: string; error?: string };

export async function pricesAction({ request, context }: AppActionArgs) {
  const panel = requirePanel(context);
  const { prices } = panel.services;
  if (!prices) return data<ActionData>({ error: NOT_HERE }, { status: 409 });
  const form = await request.formData();
  const intent = form.get('accion');
  if (intent === 'subir') {
    const file = form.get(FILE_FIELD);
    if (!(file instanceof File) || (file.size === 0 && file.name === '')) {
      return data<ActionData>(
        { error: 'Elegí el archivo de la planilla (Excel .xlsx o CSV).' },
        { status: 400 },
      );
    }
    const result = await prices.upload(
      { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) },
      who(panel),
    );
    if (!result.ok) {
      return data<ActionData>({ problems: result.problems, fileName: file.name }, { status: 400 });
    }
    await panel.record('planilla de precios subida', file.name);
    return seeOther(draftPath(result.draftId));
  }
  if (intent === 'publicar') {
    const id = String(form.get('borrador') ?? '');
    const outcome = await prices.publish(id, {
      by: who(panel),
      confirmed: form.get('confirmado') === 'si',
    });
    if (outcome.ok) {
      await panel.record('precios publicados', `versión ${outcome.seq}: ${outcome.summary}`);
      return seeOther(panelPaths.pricesHistory);
    }
    if (outcome.reason === 'stale') {
      return seeOther(`${draftPath(id)}&${queryParams.priceNotice}=cambio`);
    }
    if (outcome.reason === 'needs-confirmation') {
      return data<ActionData>(
        {
          error:
            'Hay avisos de posibles errores: revisalos y marcá "Revisé los avisos" para publicar igual.',
        },
        { status: 400 },
      );
    }
    return data<ActionData>(
      { error: 'Esa vista previa ya no existe. Subí la planilla de nuevo.' },
      { status: 404 },
    );
  }
  return data<ActionData>({ error: 'No entendí qué hacer.' }, { status: 400 });
}

function countsText(counts: PriceCounts): string {
  const parts = [
    `${counts.marcas} marca${counts.marcas === 1 ? '' : 's'}`,
    `${counts.parabrisas} parabrisas`,
    counts.lunetas > 0 ? `${counts.lunetas} luneta${counts.lunetas === 1 ? '' : 's'}` : '',
    `${counts.versiones} precio${counts.versiones === 1 ? '' : 's'}`,
  ];
  return parts.filter(Boolean).join(', ');
}

const KIND_LABEL: Record<PriceChange['kind'], string> = {
  price: 'Precio',
  added: 'Nuevo',
  removed: 'Se quita',
  other: 'Cambio',
};

function ChangeDetail({ change }: { change: PriceChange }) {
  switch (change.kind) {
    case 'price':
      return (
        <>
          {formatARS(change.before)} → <strong>{formatARS(change.after)}</strong> ({change.percent})
        </>
      );
    case 'added':
      return <>{formatARS(change.precio)}</>;
    case 'removed':
      return <>tenía {formatARS(change.precio)}</>;
    case 'other':
      return <>{change.notes.join('; ')}</>;
  }
}

function Preview({ preview, refreshed }: { preview: DraftPreview; refreshed: boolean }) {
  const flagged = preview.totalFlags > 0;
  const more = preview.totalChanges - preview.changes.length;
  return (
    <section className="panel-card" aria-labelledby="vista-previa">
      <h2 id="vista-previa">{`Vista previa de "${preview.fileName}"`}</h2>
      {refreshed ? (
        <p className="panel-notice" role="status">
          Mientras revisabas, los precios del sitio cambiaron (alguien publicó o se usó el comando).
          No se publicó nada: esta vista previa ya compara con los precios de ahora. Revisala y
          publicá de nuevo.
        </p>
      ) : null}
      <p>
        La planilla tiene {countsText(preview.counts)}.
        {preview.before ? ` En el sitio ahora: ${countsText(preview.before)}.` : null}
      </p>
      {preview.unchanged ? (
        <p>
          <strong>Sin cambios</strong>: la planilla tiene los mismos precios, enlaces y
          disponibilidad que el sitio.
        </p>
      ) : (
        <p>
          {preview.totalChanges} cambio{preview.totalChanges === 1 ? '' : 's'};{' '}
          {preview.unchangedCount} precio{preview.unchangedCount === 1 ? '' : 's'} sin cambios.
        </p>
      )}
      {flagged ? (
        <div className="panel-notice" role="alert">
          <h3>Revisá antes de publicar</h3>
          <ul>
            {preview.flags.map((flag) => (
              <li key={flag}>{flag}</li>
            ))}
          </ul>
          {preview.totalFlags > preview.flags.length ? (
            <p>{`Y ${preview.totalFlags - preview.flags.length} avisos más.`}</p>
          ) : null}
        </div>
      ) : null}
      {preview.changes.length > 0 ? (
        <ol className="panel-list panel-changes">
          {preview.changes.map((change, index) => (
            <li key={`${change.kind}-${change.name}-${index}`}>
              <span className="panel-tag">{KIND_LABEL[change.kind]}</span> {change.name}:{' '}
              <ChangeDetail change={change} />
              {change.flags.map((flag) => (
                <strong key={flag} className="panel-flag">
                  {' '}
                  ¿Error? {flag}
                </strong>
              ))}
            </li>
          ))}
        </ol>
      ) : null}
      {more > 0 ? (
        <p>{`Y ${more} cambios más, más chicos que estos (la lista muestra los ${preview.changes.length} más grandes).`}</p>
      ) : null}
      <PanelForm action={draftPath(preview.id)}>
        <input type="hidden" name="accion" value="publicar" />
        <input type="hidden" name="borrador" value={preview.id} />
        {flagged ? (
          <p>
            <input type="checkbox" id="confirmado" name="confirmado" value="si" required />{' '}
            <label htmlFor="confirmado">Revisé los avisos y quiero publicar igual</label>
          </p>
        ) : null}
        <p>
          Al publicar, el sitio muestra estos precios en unos segundos, con la fecha de hoy, válidos
          por {preview.validDays} días.
        </p>
        <button type="submit" className="button button-primary">
          Publicar
        </button>
      </PanelForm>
    </section>
  );
}

export function PricesPage() {
  const { available, preview, missing, refreshed } = useLoaderData<typeof pricesLoader>();
  const action = useActionData<ActionData>();
  return (
    <>
      <PanelMeta title="Precios" />
      <h1>Precios</h1>
      <p className="panel-actions">
        <a className="button button-light" href={panelPaths.pricesSheet}>
          Descargar planilla
        </a>
        <a className="button button-light" href={panelPaths.pricesHistory}>
          Historial
        </a>
      </p>
      {!available ? <p role="alert">{NOT_HERE}</p> : null}
      {action?.error ? (
        <p className="panel-notice" role="alert">
          {action.error}
        </p>
      ) : null}
      {action?.problems ? (
        <section className="panel-card panel-notice" aria-labelledby="errores" role="alert">
          <h2 id="errores">
            {`La planilla "${action.fileName ?? ''}" tiene ${action.problems.length} error${action.problems.length === 1 ? '' : 'es'}; no se cambió nada.`}
          </h2>
          <ol>
            {action.problems.map((problem, index) => (
              <li key={index}>{problem.message}</li>
            ))}
          </ol>
          <p>Corregí la planilla, guardala y subila de nuevo.</p>
        </section>
      ) : null}
      {missing ? (
        <p role="alert">
          Esa vista previa ya no existe (se publicó o pasó un día). Subí la planilla de nuevo.
        </p>
      ) : null}
      {preview ? <Preview preview={preview} refreshed={refreshed} /> : null}
      <section className="panel-card" aria-labelledby="subir">
        <h2 id="subir">Subir la planilla</h2>
        <p>
          El archivo de Excel (.xlsx) tal cual, o un CSV: se lee la hoja "Precios", o la primera.
          Antes de publicar vas a ver qué cambia.
        </p>
        <PanelForm action={panelPaths.prices} encType="multipart/form-data">
          <input type="hidden" name="accion" value="subir" />
          <p>
            <label htmlFor="planilla">Planilla de precios</label>
            <input
              id="planilla"
              name={FILE_FIELD}
              type="file"
              required
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            />
          </p>
          <button type="submit" className="button button-primary">
            Ver los cambios
          </button>
        </PanelForm>
      </section>
    </>
  );
}
