/** Wires the contact form for a server process: store, mailer (when configured), delivery worker. */
import type { ContactService } from '../../client/contact/types.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { createDeliveryWorker, type Backoff, type DeliveryWorker } from './delivery-worker.ts';
import { createMailer, type MailerOptions } from './mailer.ts';
import { createContactService } from './service.ts';
import { createContactStore, type ContactStore } from './store.ts';

export type ContactSystem = {
  readonly service: ContactService;
  readonly store: ContactStore;
  readonly worker: DeliveryWorker | undefined;
  /** Settles once the unsent messages found at start are queued. */
  readonly ready: Promise<void>;
  /** Stops sending (waiting briefly for a send in progress to be recorded). */
  stop(): Promise<void>;
};

export type ContactSystemOptions = {
  readonly backoff?: Backoff;
  readonly timeouts?: MailerOptions['timeouts'];
};

/** Throws when SMTP_URL is set but is not an smtp:// or smtps:// URL. */
export function startContact(
  config: Config,
  logger: Logger,
  options: ContactSystemOptions = {},
): ContactSystem {
  const store = createContactStore(config.dataDir);
  const { url, to } = config.smtp;
  const mailer =
    url && to ? createMailer({ smtpUrl: url, to, timeouts: options.timeouts }) : undefined;
  const worker = mailer
    ? createDeliveryWorker({ store, send: (m) => mailer.send(m), logger, backoff: options.backoff })
    : undefined;

  if (worker) {
    logger.info({ file: store.messagesFile, to }, 'contact: messages are stored, then e-mailed');
  } else {
    logger.warn(
      { file: store.messagesFile, smtpUrlSet: Boolean(url), contactToSet: Boolean(to) },
      'contact: e-mail is off (set both SMTP_URL and CONTACT_TO); messages are only stored in this file: `npm run messages -- list` shows them',
    );
  }

  const service = createContactService({
    store,
    logger,
    onStored: worker ? (message) => worker.enqueue(message) : undefined,
  });
  const ready = worker
    ? worker.start().catch((error: unknown) => {
        logger.error(
          { err: error, file: store.messagesFile },
          'contact: cannot read stored messages',
        );
      })
    : Promise.resolve();

  return {
    service,
    store,
    worker,
    ready,
    async stop() {
      await worker?.stop();
      mailer?.close();
    },
  };
}

/** For servers started without wiring (development): messages are stored, not e-mailed. */
export function storeOnlyContactService(dataDir: string, logger: Logger): ContactService {
  return createContactService({ store: createContactStore(dataDir), logger });
}
