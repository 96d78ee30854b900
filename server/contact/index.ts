/** Wires the contact form for a server process: database, mailer (when configured), delivery worker. */
import type { ShopFacts } from '../../client/facts/types.ts';
import { defaultFacts } from '../../client/facts/defaults.ts';
import type { ContactService } from '../../client/contact/types.ts';
import type { SiteDatabase } from '../../store/schema.ts';
import { createContactStore, type ContactStore } from '../../store/messages.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { createDeliveryWorker, type Backoff, type DeliveryWorker } from './delivery-worker.ts';
import { createMailer, type MailerOptions } from './mailer.ts';
import { createRateLimitStore } from '../forms/rate-limit-store.ts';
import type { RateLimitStores } from '../forms/post-guards.ts';
import { openSiteDatabase } from '../database.ts';
import { createContactService } from './service.ts';

/** What the site needs of the contact form: the service, and a worker to start and stop. */
export type SiteContact = {
  readonly service: ContactService;
  /** PostgreSQL: the rate limits' counters, shared by every instance. SQLite: undefined (in memory). */
  readonly rateLimitStores: RateLimitStores | undefined;
  /** Starts the delivery worker (when e-mail is configured). */
  start(): void;
  /** Something was just put in the outbox (a booking): the worker looks now. */
  nudge?(): void;
  /**
   * Stops sending (waiting briefly for a send in progress to be recorded); closes the
   * database only when it opened it (no `database` option).
   */
  stop(): Promise<void>;
};

export type ContactSystem = SiteContact & {
  readonly store: ContactStore;
  readonly worker: DeliveryWorker | undefined;
};

export type ContactSystemOptions = {
  readonly backoff?: Backoff;
  readonly timeouts?: MailerOptions['timeouts'];
  readonly leaseMs?: number;
  readonly pollMs?: number;
  /** The site's database, opened by the site (server/site.ts); default: opened here, and closed by stop(). */
  readonly database?: SiteDatabase;
  /** The published facts (the e-mails name the shop); default the first version (tests, tools). */
  readonly facts?: () => ShopFacts;
};

/**
 * Opens the database unless given (migrations, the one-time import of old JSON-lines files) and prepares
 * the delivery worker; `start()` starts it. Rejects when the database cannot be opened: the
 * server then exits (docs/decisions/2026-11-22-contact-store.md), or when SMTP_URL is not
 * smtp:// or smtps://.
 */
export async function openContact(
  config: Config,
  logger: Logger,
  options: ContactSystemOptions = {},
): Promise<ContactSystem> {
  const { url, to } = config.smtp;
  const mailer =
    url && to
      ? createMailer({
          smtpUrl: url,
          to,
          timeouts: options.timeouts,
          shopName: () => (options.facts?.() ?? defaultFacts).contact.name,
        })
      : undefined;
  const database = options.database ?? (await openSiteDatabase(config, logger));
  const store = createContactStore(database);
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
    maxPerHour: config.contactMaxPerHour,
    onStored: worker ? () => worker.nudge() : undefined,
  });
  const rateLimitStores =
    store.engine === 'postgres'
      ? (prefix: string) => createRateLimitStore(store, prefix)
      : undefined;

  return {
    service,
    store,
    worker,
    rateLimitStores,
    start() {
      worker?.start();
    },
    nudge() {
      worker?.nudge();
    },
    async stop() {
      await worker?.stop();
      mailer?.close();
      if (!options.database) await store.close();
    },
  };
}
