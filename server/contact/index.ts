/** Wires the contact form for a server process: database, mailer (when configured), delivery worker. */
import type { Store } from 'express-rate-limit';
import type { ContactService } from '../../client/contact/types.ts';
import { openContactStore } from '../../contact-store/open.ts';
import { describeLocation, type StoreSettings } from '../../contact-store/settings.ts';
import type { ContactStore } from '../../contact-store/store.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { createDeliveryWorker, type Backoff, type DeliveryWorker } from './delivery-worker.ts';
import { createMailer, type MailerOptions } from './mailer.ts';
import { createRateLimitStore } from './rate-limit-store.ts';
import { createContactService } from './service.ts';

export type ContactSystem = {
  readonly service: ContactService;
  readonly store: ContactStore;
  readonly worker: DeliveryWorker | undefined;
  /** PostgreSQL: the rate limit's counters, shared by every instance. SQLite: undefined (in memory). */
  readonly rateLimitStore: Store | undefined;
  /** Stops sending (waiting briefly for a send in progress to be recorded), closes the database. */
  stop(): Promise<void>;
};

export type ContactSystemOptions = {
  readonly backoff?: Backoff;
  readonly timeouts?: MailerOptions['timeouts'];
  readonly leaseMs?: number;
  readonly pollMs?: number;
};

export function storeSettings(config: Config): StoreSettings {
  return { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
}

/**
 * Opens the database (migrations, the one-time import of old JSON-lines files) and starts
 * the delivery worker. Rejects when the database cannot be opened: the server then exits
 * (docs/decisions/2026-11-22-contact-store.md), or when SMTP_URL is not smtp:// or smtps://.
 */
export async function startContact(
  config: Config,
  logger: Logger,
  options: ContactSystemOptions = {},
): Promise<ContactSystem> {
  const { url, to } = config.smtp;
  const mailer =
    url && to ? createMailer({ smtpUrl: url, to, timeouts: options.timeouts }) : undefined;
  const store = await openContactStore(storeSettings(config), {
    onImport: (result) =>
      logger.info({ ...result }, 'contact: imported the messages of the old JSON-lines files'),
  });
  const worker = mailer
    ? createDeliveryWorker({
        store,
        send: (m) => mailer.send(m),
        logger,
        backoff: options.backoff,
        leaseMs: options.leaseMs,
        pollMs: options.pollMs,
      })
    : undefined;

  if (worker) {
    logger.info({ database: store.location, to }, 'contact: messages are stored, then e-mailed');
  } else {
    logger.warn(
      { database: store.location, smtpUrlSet: Boolean(url), contactToSet: Boolean(to) },
      'contact: e-mail is off (set both SMTP_URL and CONTACT_TO); messages are only stored: `npm run messages -- list` shows them',
    );
  }

  const service = createContactService({
    store,
    logger,
    onStored: worker ? () => worker.nudge() : undefined,
  });
  worker?.start();
  const rateLimitStore = store.engine === 'postgres' ? createRateLimitStore(store) : undefined;

  return {
    service,
    store,
    worker,
    rateLimitStore,
    async stop() {
      await worker?.stop();
      mailer?.close();
      await store.close();
    },
  };
}

/**
 * For servers started without wiring (development, tests): messages are stored, not
 * e-mailed. The database is opened at the first message; a failure is retried at the next.
 */
export function storeOnlyContactService(config: Config, logger: Logger): ContactService {
  let opening: Promise<ContactStore> | undefined;
  const open = () => {
    opening ??= openContactStore(storeSettings(config)).catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening;
  };
  return createContactService({
    store: {
      location: describeLocation(storeSettings(config)),
      insert: async (message) => (await open()).insert(message),
    },
    logger,
  });
}
