/**
 * The contact messages (`/panel/mensajes`): newest first, unread marked, the whole text, the
 * e-mail copy's delivery; reply by e-mail, mark answered, delete after a confirm step that
 * needs no JavaScript; search by name or e-mail, pages of 50, export to Excel; and the line
 * that says when the last backup was made (client/panel/BackupLine.tsx).
 */
import { data, useActionData, useLoaderData } from 'react-router-dom';
import type { AppActionArgs, AppLoaderArgs } from '../app-context.ts';
import { panelPaths, queryParams } from '../paths.ts';
import { requirePanel, seeOther } from './context.ts';
import { formatWhen } from './format.ts';
import type { InboxMessage } from './inbox-types.ts';
import { PanelForm } from './PanelForm.tsx';
import { PanelMeta } from './PanelMeta.tsx';
import { PanelPager } from './PanelPager.tsx';
import { BackupLine } from './BackupLine.tsx';

export const INBOX_PAGE_SIZE = 50;
const SEARCH_MAX = 100;

/** The list's address with its search and page (where an action sends the owner back). */
function listPath(search: string, page: number, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (search) params.set(queryParams.search, search);
  if (page > 1) params.set(queryParams.page, String(page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `${panelPaths.messages}?${query}` : panelPaths.messages;
}

function readQuery(params: URLSearchParams | FormData) {
  const search = params.get(queryParams.search);
  const page = Number(params.get(queryParams.page));
  return {
    search: typeof search === 'string' ? search.trim().slice(0, SEARCH_MAX) : '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export async function messagesLoader({ request, context }: AppLoaderArgs) {
  const { inbox } = requirePanel(context).services;
  const params = new URL(request.url).searchParams;
  const { search, page } = readQuery(params);
  const list = await inbox.page({ search, page, pageSize: INBOX_PAGE_SIZE });
  const confirmId = params.get(queryParams.confirmDelete);
  const confirm = confirmId ? ((await inbox.find(confirmId)) ?? null) : null;
  // Shown now: marked read for the next visit (this page still marks them new).
  await inbox.markRead(list.messages.filter((m) => !m.readAt).map((m) => m.id));
  const backup = requirePanel(context).services.backups.status();
  return { list, search, confirm, backup, now: context.now.toISOString() };
}

export async function messagesAction({ request, context }: AppActionArgs) {
  const panel = requirePanel(context);
  const form = await request.formData();
  const id = form.get('id');
  const intent = form.get('accion');
  const { search, page } = readQuery(form);
  const message = typeof id === 'string' ? await panel.services.inbox.find(id) : undefined;
  if (!message) return data({ error: 'Ese mensaje ya no existe.' }, { status: 404 });
  if (intent === 'respondido') {
    await panel.services.inbox.markAnswered(message.id);
    await panel.record('mensaje respondido', `recibido el ${formatWhen(message.receivedAt)}`);
  } else if (intent === 'borrar') {
    await panel.services.inbox.remove(message.id);
    // The log keeps no one's data: only that a message of that day was deleted.
    await panel.record('mensaje borrado', `recibido el ${formatWhen(message.receivedAt)}`);
  } else {
    return data({ error: 'No entendí qué hacer con el mensaje.' }, { status: 400 });
  }
  return seeOther(listPath(search, page));
}

const DELIVERY: Record<InboxMessage['delivery'], string> = {
  sent: 'Copia por e-mail: enviada',
  pending: 'Copia por e-mail: pendiente',
  failed: 'Copia por e-mail: no se pudo enviar',
};

function replyLink(message: InboxMessage): string {
  const subject = encodeURIComponent('Re: tu consulta en la web');
  return `mailto:${encodeURIComponent(message.email).replace('%40', '@')}?subject=${subject}`;
}

function Hidden({ search, page }: { search: string; page: number }) {
  return (
    <>
      {search ? <input type="hidden" name={queryParams.search} value={search} /> : null}
      {page > 1 ? <input type="hidden" name={queryParams.page} value={page} /> : null}
    </>
  );
}

export function MessagesPage() {
  const { list, search, confirm, backup, now } = useLoaderData<typeof messagesLoader>();
  const { messages, total, page, pageCount } = list;
  const failed = useActionData<{ error: string }>();
  const exportHref = search
    ? `${panelPaths.messagesExport}?${new URLSearchParams({ [queryParams.search]: search })}`
    : panelPaths.messagesExport;
  return (
    <>
      <PanelMeta title="Mensajes" />
      <h1>Mensajes</h1>
      <BackupLine status={backup} now={now} />
      {failed ? (
        <p className="panel-notice" role="alert">
          {failed.error}
        </p>
      ) : null}
      {confirm ? (
        <section className="panel-card panel-notice" aria-labelledby="confirmar">
          <h2 id="confirmar">{`¿Borrar el mensaje de ${confirm.name}?`}</h2>
          <p>
            Se borra para siempre, sin copia en la web (por ejemplo, si {confirm.email} pidió que
            borremos sus datos). No se puede deshacer.
          </p>
          <div className="panel-actions">
            <PanelForm action={panelPaths.messages} className="panel-inline-form">
              <input type="hidden" name="id" value={confirm.id} />
              <input type="hidden" name="accion" value="borrar" />
              <Hidden search={search} page={page} />
              <button type="submit" className="button button-primary">
                Sí, borrar
              </button>
            </PanelForm>
            <a className="button button-outline" href={listPath(search, page)}>
              Cancelar
            </a>
          </div>
        </section>
      ) : null}
      <form method="get" action={panelPaths.messages} className="panel-search" role="search">
        <p>
          <label htmlFor="buscar">Buscar por nombre o e-mail</label>
          <input id="buscar" name={queryParams.search} type="search" defaultValue={search} />
        </p>
        <button type="submit" className="button button-outline">
          Buscar
        </button>
        <a className="button button-light" href={exportHref}>
          Exportar (Excel)
        </a>
      </form>
      <p>
        {total === 0
          ? search
            ? `Ningún mensaje de "${search}".`
            : 'Todavía no llegó ningún mensaje.'
          : `${total} mensaje${total === 1 ? '' : 's'}${search ? ` de "${search}"` : ''}${pageCount > 1 ? ` · página ${page} de ${pageCount}` : ''}.`}
      </p>
      <ol className="panel-list">
        {messages.map((m) => (
          <li key={m.id} className={m.readAt ? 'panel-card' : 'panel-card panel-card-unread'}>
            <article aria-labelledby={`m-${m.id}`}>
              <h2 id={`m-${m.id}`} className="panel-message-from">
                {m.readAt ? null : <span className="panel-tag panel-tag-new">Nuevo</span>} {m.name}
              </h2>
              <p>
                <a href={replyLink(m)}>{m.email}</a> · {formatWhen(m.receivedAt)}
              </p>
              <p className="panel-message">{m.message}</p>
              <p>
                <span
                  className={m.delivery === 'failed' ? 'panel-tag panel-tag-failed' : 'panel-tag'}
                >
                  {DELIVERY[m.delivery]}
                </span>
                {m.deliveryError ? ` (${m.deliveryError})` : null}
                {m.answeredAt ? (
                  <>
                    {' '}
                    <span className="panel-tag">Respondido el {formatWhen(m.answeredAt)}</span>
                  </>
                ) : null}
              </p>
              <div className="panel-actions">
                <a className="button button-small button-primary" href={replyLink(m)}>
                  Responder por e-mail
                </a>
                {m.answeredAt ? null : (
                  <PanelForm action={panelPaths.messages} className="panel-inline-form">
                    <input type="hidden" name="id" value={m.id} />
                    <input type="hidden" name="accion" value="respondido" />
                    <Hidden search={search} page={page} />
                    <button type="submit" className="button button-small button-outline">
                      Marcar como respondido
                    </button>
                  </PanelForm>
                )}
                <a
                  className="button button-small button-outline"
                  href={listPath(search, page, { [queryParams.confirmDelete]: m.id })}
                >
                  Borrar
                </a>
              </div>
            </article>
          </li>
        ))}
      </ol>
      <PanelPager
        label="Páginas de mensajes"
        page={page}
        pageCount={pageCount}
        pathOf={(n) => listPath(search, n)}
      />
    </>
  );
}
