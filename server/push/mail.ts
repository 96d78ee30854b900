/**
 * Avisos by e-mail: the same words as the push (server/push/notices.ts, naming nobody) plus
 * the panel link, absolute from SITE_URL, sent from the e-mail outbox (store/aviso-mail.ts) by
 * a worker off the request path, as the contact e-mails are:
 *   sent      the SMTP server accepted it
 *   retry     the server is down or answers 4xx: back-off per row, until the row's expiry
 *   failed    the server refuses this mail for good (5xx to the envelope or data)
 * Exactly once per person, but for the contact outbox's window: a mail accepted by the SMTP
 * server whose `sent` is not recorded when the process dies is sent again after its lease,
 * with the same Message-ID.
 */
import type { SendMailOptions } from 'nodemailer';
import type { AvisoMailStore, ClaimedMail } from '../../store/aviso-mail.ts';
import { isPermanentRefusal } from '../contact/delivery-worker.ts';
import { senderAddress, smtpTransport, type MailerOptions } from '../contact/mailer.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { panelPaths } from '../../client/paths.ts';
import { createOutboxWorker, pushRetryDelay, type PushBackoff, type PushWorker } from './worker.ts';

export type MailEnvelope = {
  readonly from: string;
  readonly shopName: string;
  readonly siteUrl: string;
};

/** The mail for one outbox row: plain text, the push's title and body, and the panel link. */
export function composeAvisoMail(mail: ClaimedMail, envelope: MailEnvelope): SendMailOptions {
  const domain = envelope.from.split('@')[1] ?? 'localhost';
  return {
    from: { name: `Avisos ${envelope.shopName}`, address: envelope.from },
    to: mail.to,
    subject: mail.title,
    text: [
      mail.body,
      '',
      `Abrilo en el panel: ${envelope.siteUrl}${mail.url}`,
      '',
      '--',
      `Te llega porque lo elegiste en Avisos: ${envelope.siteUrl}${panelPaths.push}`,
    ].join('\n'),
    messageId: `<aviso-${mail.id}@${domain}>`,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** Whether this server can send avisos by e-mail, and if not, why (the Avisos page says it). */
export type MailAvailability =
  | { readonly available: true; readonly from: string; readonly smtpUrl: string }
  | { readonly available: false; readonly reason: string };

export function mailAvailability(config: Config): MailAvailability {
  const { url, to } = config.smtp;
  if (!url)
    return {
      available: false,
      reason: 'El servidor no tiene configurado el envío de e-mails (SMTP_URL).',
    };
  const from = senderAddress(url, to ?? '');
  if (!from)
    return {
      available: false,
      reason:
        'Falta la dirección que envía los e-mails (CONTACT_TO o un usuario SMTP que sea una dirección).',
    };
  return { available: true, from, smtpUrl: url };
}

export type AvisoMailWorkerOptions = {
  readonly store: AvisoMailStore;
  readonly from: string;
  readonly smtpUrl: string;
  readonly siteUrl: string;
  readonly shopName: () => string;
  readonly logger: Logger;
  readonly now: () => Date;
  readonly backoff?: PushBackoff;
  readonly leaseMs?: number;
  readonly pollMs?: number;
  readonly timeouts?: MailerOptions['timeouts'];
};

export type AvisoMailWorker = PushWorker & { close(): void };

export function createAvisoMailWorker(options: AvisoMailWorkerOptions): AvisoMailWorker {
  const { store, logger, now } = options;
  const transport = smtpTransport(options.smtpUrl, options.timeouts);
  const backoff = options.backoff ?? { initialMs: 15_000, maxMs: 30 * 60_000 };

  async function record(id: string, write: () => Promise<void>) {
    try {
      await write();
    } catch (error) {
      logger.error({ err: error, id }, 'aviso mail: could not record the outcome');
    }
  }

  async function deliver(mail: ClaimedMail) {
    const expiresAt = new Date(mail.expiresAt);
    const base = { id: mail.id, kind: mail.kind, attempts: mail.attempts };
    if (expiresAt <= now()) {
      await record(mail.id, () => store.markDone(mail.id, 'expired', 'expired before it was sent'));
      logger.warn(base, 'aviso mail: expired unsent');
      return;
    }
    try {
      await transport.sendMail(
        composeAvisoMail(mail, {
          from: options.from,
          shopName: options.shopName(),
          siteUrl: options.siteUrl,
        }),
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (isPermanentRefusal(error)) {
        await record(mail.id, () => store.markDone(mail.id, 'failed', reason));
        logger.error({ ...base, reason }, 'aviso mail: refused for good by the SMTP server');
        return;
      }
      const next = new Date(now().getTime() + pushRetryDelay(mail.attempts, backoff));
      if (next >= expiresAt) {
        await record(mail.id, () => store.markDone(mail.id, 'expired', reason));
        logger.warn({ ...base, reason }, 'aviso mail: not sent before it expired');
        return;
      }
      await record(mail.id, () => store.markRetry(mail.id, reason, next));
      logger.warn({ ...base, reason }, 'aviso mail: not sent; it stays queued');
      return;
    }
    await record(mail.id, () => store.markSent(mail.id, now()));
    logger.info(base, 'aviso mail: sent');
  }

  const worker = createOutboxWorker({
    name: 'aviso mail',
    claim: (at, leaseMs) => store.claimNext(at, leaseMs),
    deliver,
    markFailed: (id, reason) => store.markDone(id, 'failed', reason),
    logger,
    now,
    backoff,
    // Longer than a send may take with the transport's timeouts (about a minute at worst).
    leaseMs: options.leaseMs ?? 3 * 60_000,
    pollMs: options.pollMs,
    loops: 1,
  });
  return { ...worker, close: () => transport.close() };
}
