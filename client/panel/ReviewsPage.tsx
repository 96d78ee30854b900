/**
 * Reviews (`/panel/opiniones`): new ones first; "Publicar", or "No publicar" with one of the
 * reasons (the only ones there are: decision 25); one public answer per review; delete for
 * good when the customer asks, after a confirm step that needs no JavaScript. The owner never
 * edits the stars or the text. Each change is in the activity log.
 */
import { data, useActionData, useLoaderData } from 'react-router-dom';
import type { AppActionArgs, AppLoaderArgs } from '../app-context.ts';
import { panelPaths, queryParams } from '../paths.ts';
import { monthText, starsText } from '../reviews/summary.ts';
import {
  HIDE_REASON_NAMES,
  HIDE_REASONS,
  REVIEW_LIMITS,
  REVIEW_STATUS_NAMES,
  type HideReason,
} from '../reviews/types.ts';
import { StarRating } from '../reviews/ReviewList.tsx';
import { requirePanel, seeOther } from './context.ts';
import { formatWhen } from './format.ts';
import { PanelForm } from './PanelForm.tsx';
import { PanelMeta } from './PanelMeta.tsx';
import { PanelPager } from './PanelPager.tsx';
import type { PanelReview } from './reviews-types.ts';

export const REVIEWS_PANEL_PAGE_SIZE = 30;

/** How the panel names each reason (the public page says them in a sentence). */
const REASON_LABELS: Readonly<Record<HideReason, string>> = {
  insultos: 'Tiene insultos',
  'datos-personales': 'Tiene datos personales de otras personas',
  'no-habla-del-trabajo': 'No habla del trabajo',
};

function listPath(page: number, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (page > 1) params.set(queryParams.page, String(page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `${panelPaths.reviews}?${query}` : panelPaths.reviews;
}

function readPage(params: URLSearchParams | FormData): number {
  const page = Number(params.get(queryParams.page));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export async function reviewsLoader({ request, context }: AppLoaderArgs) {
  const { reviews } = requirePanel(context).services;
  const params = new URL(request.url).searchParams;
  const list = await reviews.page(readPage(params), REVIEWS_PANEL_PAGE_SIZE);
  const confirmId = params.get(queryParams.confirmDelete);
  const confirm = confirmId ? ((await reviews.find(confirmId)) ?? null) : null;
  return { list, confirm };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The activity log's words for a review: no customer's name, only which one. */
const which = (r: PanelReview) =>
  `${starsText(r.stars)}, ${r.jobName}${r.car ? ` ${r.car}` : ''}, recibida el ${formatWhen(r.receivedAt)}`;

export async function reviewsAction({ request, context }: AppActionArgs) {
  const panel = requirePanel(context);
  const { reviews } = panel.services;
  const form = await request.formData();
  const back = seeOther(listPath(readPage(form)));
  const review = await reviews.find(text(form, 'id'));
  if (!review) return data({ error: 'Esa opinión ya no existe.' }, { status: 404 });
  switch (text(form, 'accion')) {
    case 'publicar':
      await reviews.publish(review.id);
      await panel.record('opinión publicada', which(review));
      return back;
    case 'ocultar': {
      const reason = HIDE_REASONS.find((r) => r === text(form, 'motivo'));
      if (!reason)
        return data(
          { error: 'Para no publicarla, elegí el motivo.', id: review.id },
          { status: 400 },
        );
      await reviews.hide(review.id, reason);
      await panel.record('opinión no publicada', `${which(review)}: ${HIDE_REASON_NAMES[reason]}`);
      return back;
    }
    case 'responder': {
      const answer = text(form, 'respuesta').replace(/\r\n?/g, '\n').trim();
      if (answer.length > REVIEW_LIMITS.answer)
        return data(
          {
            error: `La respuesta puede tener hasta ${REVIEW_LIMITS.answer} caracteres.`,
            id: review.id,
          },
          { status: 400 },
        );
      await reviews.answer(review.id, answer || undefined);
      await panel.record(answer ? 'opinión respondida' : 'respuesta borrada', which(review));
      return back;
    }
    case 'borrar':
      await reviews.remove(review.id);
      await panel.record('opinión borrada', which(review));
      return back;
    default:
      return data({ error: 'No entendí qué hacer con la opinión.' }, { status: 400 });
  }
}

export function ReviewsPage() {
  const { list, confirm } = useLoaderData<typeof reviewsLoader>();
  const failed = useActionData<{ error: string }>();
  const { reviews, counts, page, pageCount } = list;
  return (
    <>
      <PanelMeta title="Opiniones" />
      <h1>Opiniones</h1>
      <p className="panel-hint">
        Publicá toda opinión de un trabajo terminado, buena o mala. Solo podés dejar de publicarla
        por uno de estos motivos: {HIDE_REASONS.map((r) => HIDE_REASON_NAMES[r]).join(', ')}. La
        página pública dice cuántas no se publicaron y por qué. No se pueden cambiar las estrellas
        ni el texto; sí podés responder una vez, en público.
      </p>
      <p>
        {`Nuevas: ${counts.nueva} · Publicadas: ${counts.publicada} · No publicadas: ${counts.oculta}`}
      </p>
      {failed ? (
        <p className="panel-notice" role="alert">
          {failed.error}
        </p>
      ) : null}
      {confirm ? <ConfirmDelete review={confirm} page={page} /> : null}
      {reviews.length === 0 ? (
        <p>
          Todavía no llegó ninguna opinión. Cuando marques un turno como hecho, pedila desde{' '}
          <a href={panelPaths.bookings}>Turnos</a> con «Pedir opinión por WhatsApp».
        </p>
      ) : (
        <ol className="panel-list">
          {reviews.map((r) => (
            <ReviewCard key={r.id} review={r} page={page} />
          ))}
        </ol>
      )}
      <PanelPager
        label="Páginas de opiniones"
        page={page}
        pageCount={pageCount}
        pathOf={listPath}
        feminine
      />
    </>
  );
}

function Hidden({ id, page }: { id: string; page: number }) {
  return (
    <>
      <input type="hidden" name="id" value={id} />
      {page > 1 ? <input type="hidden" name={queryParams.page} value={page} /> : null}
    </>
  );
}

function ReviewCard({ review: r, page }: { review: PanelReview; page: number }) {
  const status = r.state.status;
  const tagClass =
    status === 'nueva'
      ? 'panel-tag panel-tag-new'
      : status === 'oculta'
        ? 'panel-tag panel-tag-failed'
        : 'panel-tag';
  return (
    <li className={status === 'nueva' ? 'panel-card panel-card-unread' : 'panel-card'}>
      <article aria-labelledby={`op-${r.id}`}>
        <h2 id={`op-${r.id}`} className="panel-review-title">
          <StarRating value={r.stars} /> {r.author}{' '}
          <span className={tagClass}>{REVIEW_STATUS_NAMES[status]}</span>
        </h2>
        <p>
          {r.jobName}
          {r.car ? ` · ${r.car}` : ''} · trabajo de {monthText(r.month)} · recibida el{' '}
          {formatWhen(r.receivedAt)}
          {r.linked ? '' : ' · ya sin el turno (borrado por privacidad)'}
        </p>
        {r.body ? <p className="panel-message">{r.body}</p> : <p>(Sin texto: solo estrellas.)</p>}
        {r.state.status === 'oculta' ? (
          <p>No publicada: {HIDE_REASON_NAMES[r.state.reason]}.</p>
        ) : null}
        {r.state.status === 'publicada' ? (
          <p>Publicada el {formatWhen(r.state.publishedAt)}.</p>
        ) : null}
        <div className="panel-actions">
          {status !== 'publicada' ? (
            <PanelForm action={panelPaths.reviews} className="panel-inline-form">
              <Hidden id={r.id} page={page} />
              <input type="hidden" name="accion" value="publicar" />
              <button type="submit" className="button button-small button-primary">
                Publicar
              </button>
            </PanelForm>
          ) : null}
          <a
            className="button button-small button-outline"
            href={listPath(page, { [queryParams.confirmDelete]: r.id })}
          >
            Borrar (lo pidió el cliente)
          </a>
        </div>
        {status !== 'oculta' ? (
          <PanelForm action={panelPaths.reviews} className="panel-review-form">
            <Hidden id={r.id} page={page} />
            <input type="hidden" name="accion" value="ocultar" />
            <fieldset>
              <legend>No publicar, porque…</legend>
              {HIDE_REASONS.map((reason) => (
                <label key={reason} className="panel-choice">
                  <input type="radio" name="motivo" value={reason} required />{' '}
                  {REASON_LABELS[reason]}
                </label>
              ))}
            </fieldset>
            <button type="submit" className="button button-small button-outline">
              No publicar
            </button>
          </PanelForm>
        ) : null}
        <PanelForm action={panelPaths.reviews} className="panel-review-form">
          <Hidden id={r.id} page={page} />
          <input type="hidden" name="accion" value="responder" />
          <label htmlFor={`respuesta-${r.id}`}>
            Respuesta pública del negocio (opcional; vacía, la borra)
          </label>
          <textarea
            id={`respuesta-${r.id}`}
            name="respuesta"
            rows={3}
            maxLength={REVIEW_LIMITS.answer}
            defaultValue={r.answer?.text ?? ''}
          />
          <button type="submit" className="button button-small button-outline">
            Guardar respuesta
          </button>
        </PanelForm>
      </article>
    </li>
  );
}

function ConfirmDelete({ review, page }: { review: PanelReview; page: number }) {
  return (
    <section className="panel-card panel-notice" aria-labelledby="confirmar">
      <h2 id="confirmar">{`¿Borrar la opinión de ${review.author}?`}</h2>
      <p>
        Se borra para siempre y deja de verse en la web (por ejemplo, si el cliente pidió que la
        borremos). No se puede deshacer.
      </p>
      <div className="panel-actions">
        <PanelForm action={panelPaths.reviews} className="panel-inline-form">
          <Hidden id={review.id} page={page} />
          <input type="hidden" name="accion" value="borrar" />
          <button type="submit" className="button button-primary">
            Sí, borrar
          </button>
        </PanelForm>
        <a className="button button-outline" href={listPath(page)}>
          Cancelar
        </a>
      </div>
    </section>
  );
}
