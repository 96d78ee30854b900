/** What POST /contact does with a form: honeypot, validation, repeat check, committed to the database, hand-off. */
import { createHash, randomUUID } from 'node:crypto';
import {
  HONEYPOT_FIELD,
  type ContactService,
  type ContactSubmission,
} from '../../client/contact/types.ts';
import type { Logger } from '../logger.ts';
import type { StoredMessage } from '../../store/schema.ts';
import type { ContactStore } from '../../store/messages.ts';
import { validateContact } from './validate.ts';
import { TOKEN_PATTERN } from '../bookings/tokens.ts';
import { newMessagePush } from '../push/notices.ts';

const HOUR_MS = 60 * 60_000;

export type ContactServiceOptions = {
  readonly store: Pick<ContactStore, 'insert' | 'location' | 'countReceivedSince'>;
  /**
   * Messages the whole site accepts per hour (CONTACT_MAX_PER_HOUR): every one is stored and
   * e-mailed, so someone with many addresses could otherwise exhaust the SMTP quota and the
   * disk. Above it the form answers 503 with the text kept and points to WhatsApp.
   */
  readonly maxPerHour: number;
  readonly logger: Logger;
  /** Called once the message is committed (the delivery worker looks for it at once). */
  readonly onStored?: (message: StoredMessage) => void;
  /** The same name, e-mail and text again within this time is a double submit: kept once. */
  readonly repeatWindowMs?: number;
  readonly now?: () => Date;
};

export function createContactService(options: ContactServiceOptions): ContactService {
  const { store, logger } = options;
  const now = options.now ?? (() => new Date());
  const repeatWindowMs = options.repeatWindowMs ?? 10 * 60_000;
  const recent = new Map<string, number>();

  return {
    async submit(submission: ContactSubmission, token?: string) {
      if (submission[HONEYPOT_FIELD].trim() !== '') {
        logger.info({ reason: 'honeypot' }, 'contact: spam discarded');
        return { status: 'ignored' };
      }
      const result = validateContact(submission);
      if (!result.ok) return { status: 'invalid', errors: result.errors, values: result.values };

      const received = now();
      const key = fingerprint(result.contact);
      for (const [k, expires] of recent) if (expires <= received.getTime()) recent.delete(k);
      if (recent.has(key)) {
        logger.info('contact: repeated submission ignored (double submit)');
        return { status: 'ignored' };
      }
      const values = {
        name: submission.name,
        email: submission.email,
        message: submission.message,
      };
      const message: StoredMessage = {
        // One tap, one message: the form's token names the message, so a repeat is not stored.
        id: token !== undefined && TOKEN_PATTERN.test(token) ? messageIdOf(token) : randomUUID(),
        receivedAt: received.toISOString(),
        ...result.contact,
      };
      try {
        const lastHour = await store.countReceivedSince(new Date(received.getTime() - HOUR_MS));
        if (lastHour >= options.maxPerHour) {
          logger.warn(
            { lastHour, maxPerHour: options.maxPerHour },
            'contact: the hourly ceiling for the whole site is reached; the form points to WhatsApp',
          );
          return { status: 'busy', values };
        }
        recent.set(key, received.getTime() + repeatWindowMs);
        await store.insert(message, newMessagePush(received));
      } catch (error) {
        recent.delete(key);
        logger.error(
          { err: error, database: store.location },
          'contact: message could not be stored',
        );
        return { status: 'unavailable', values };
      }
      logger.info({ id: message.id }, 'contact: message stored');
      options.onStored?.(message);
      return { status: 'accepted' };
    },
  };
}

function fingerprint(contact: { name: string; email: string; message: string }): string {
  return createHash('sha256')
    .update(JSON.stringify([contact.name, contact.email.toLowerCase(), contact.message]))
    .digest('hex');
}

/** A UUID made from the form's one-time token (its SHA-256, shaped as version 4). */
function messageIdOf(token: string): string {
  const h = createHash('sha256').update(`contact:${token}`).digest('hex');
  const variant = ((Number.parseInt(h.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
