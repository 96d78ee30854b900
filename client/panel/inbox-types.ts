/** The contact messages as the panel shows them (implemented on the store by server/panel/). */

export type Delivery = 'pending' | 'sent' | 'failed';

export type InboxMessage = {
  readonly id: string;
  readonly receivedAt: string;
  readonly name: string;
  readonly email: string;
  readonly message: string;
  /** The e-mail copy to the shop: sent, still trying, or given up (with the reason). */
  readonly delivery: Delivery;
  readonly deliveryError: string | undefined;
  readonly readAt: string | undefined;
  readonly answeredAt: string | undefined;
};

export type InboxPage = {
  readonly messages: readonly InboxMessage[];
  /** Messages matching the search. */
  readonly total: number;
  /** 1-based. */
  readonly page: number;
  readonly pageCount: number;
};

export interface Inbox {
  /** Newest first, `pageSize` a page; `search` matches the name or the e-mail. */
  page(query: { search: string; page: number; pageSize: number }): Promise<InboxPage>;
  /** Every matching message, newest first (the export). */
  all(search: string): Promise<InboxMessage[]>;
  find(id: string): Promise<InboxMessage | undefined>;
  /** How many messages were never shown in the inbox ("Mensajes 2"). */
  unreadCount(): Promise<number>;
  /** Marks these messages read (the page that showed them). */
  markRead(ids: readonly string[]): Promise<void>;
  markAnswered(id: string): Promise<boolean>;
  /** Deletes the message for good: no copy of its text left in any file of the database. */
  remove(id: string): Promise<boolean>;
}
