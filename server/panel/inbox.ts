/** The inbox screen's service (client/panel/inbox-types.ts) on the site's database. */
import type { Inbox, InboxMessage } from '../../client/panel/inbox-types.ts';
import type { InboxRow, InboxStore } from '../../store/inbox.ts';

function toMessage(row: InboxRow): InboxMessage {
  return {
    id: row.id,
    receivedAt: row.receivedAt,
    name: row.name,
    email: row.email,
    message: row.message,
    delivery: row.status,
    deliveryError: row.status === 'sent' ? undefined : row.lastError,
    readAt: row.readAt,
    answeredAt: row.answeredAt,
  };
}

/** The export reads at most this many messages at once (years of a small shop's inbox). */
const EXPORT_MAX = 20_000;

export function createInbox(store: InboxStore, now: () => Date): Inbox {
  return {
    async page({ search, page, pageSize }) {
      const total = await store.count(search);
      const pageCount = Math.max(1, Math.ceil(total / pageSize));
      const current = Math.min(Math.max(1, page), pageCount);
      const rows = await store.list(search, pageSize, (current - 1) * pageSize);
      return { messages: rows.map(toMessage), total, page: current, pageCount };
    },
    async all(search) {
      return (await store.list(search, EXPORT_MAX, 0)).map(toMessage);
    },
    async find(id) {
      const row = await store.find(id);
      return row ? toMessage(row) : undefined;
    },
    unreadCount: () => store.countUnread(),
    markRead: (ids) => store.markRead(ids, now()),
    markAnswered: (id) => store.markAnswered(id, now()),
    remove: (id) => store.remove(id),
  };
}
