/** Forwards a stored message to the shop by e-mail: plain text, reply-to the visitor. */
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { StoredMessage } from '../../store/schema.ts';
import { SHOP_TIME_ZONE } from '../../catalogue/validity.ts';

export type MailerOptions = {
  /** SMTP_URL, e.g. smtps://usuario%40dominio.com:clave@smtp.dominio.com:465 */
  readonly smtpUrl: string;
  /** CONTACT_TO: the shop's inbox. */
  readonly to: string;
  /** Sender address; by default the SMTP user when it is an address, else CONTACT_TO. */
  readonly from?: string;
  /** The shop's published name (the sender's name: "Formulario web Parabrisas Jujuy"). */
  readonly shopName: () => string;
  readonly timeouts?: Partial<typeof DEFAULT_TIMEOUTS>;
};

export type Mailer = {
  send(message: StoredMessage): Promise<void>;
  close(): void;
};

/** No SMTP step may hang the queue: every stage has a bound (nodemailer's defaults reach 10 minutes). */
const DEFAULT_TIMEOUTS = {
  dnsTimeout: 10_000,
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

const senderName = (shopName: string) => `Formulario web ${shopName}`;

/** Throws when SMTP_URL is not an smtp:// or smtps:// URL (checked at start, not at the first message). */
export function createMailer(options: MailerOptions): Mailer {
  const derived = senderAddress(options.smtpUrl, options.to);
  const from = options.from ?? derived;
  const transport = smtpTransport(options.smtpUrl, options.timeouts);
  return {
    async send(message) {
      await transport.sendMail(
        composeMail(message, { from, to: options.to, shopName: options.shopName() }),
      );
    },
    close: () => transport.close(),
  };
}

/** A transport to SMTP_URL where no step may hang (the avisos' mails use it too: server/push/mail.ts). */
export function smtpTransport(smtpUrl: string, timeouts?: Partial<typeof DEFAULT_TIMEOUTS>) {
  return nodemailer.createTransport({ url: smtpUrl, ...DEFAULT_TIMEOUTS, ...timeouts });
}

export function senderAddress(smtpUrl: string, to: string): string {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error('SMTP_URL is not a URL (expected smtp://user:password@host:587)');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps:// (got ${url.protocol}//)`);
  }
  const user = decodeURIComponent(url.username);
  return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(user) ? user : to;
}

const when = new Intl.DateTimeFormat('es-AR', {
  timeZone: SHOP_TIME_ZONE,
  dateStyle: 'full',
  timeStyle: 'short',
  hourCycle: 'h23',
});

/**
 * The e-mail for one message. Text only: the visitor's words never become HTML.
 * The Message-ID derives from the message id, so a re-send after a crash is
 * recognisable as the same message (mail clients thread or drop it).
 */
export type Envelope = { from: string; to: string; shopName: string };

export function composeMail(message: StoredMessage, envelope: Envelope): SendMailOptions {
  const domain = envelope.from.split('@')[1] ?? 'localhost';
  if (message.kind === 'booking') return composeBookingMail(message, envelope, domain);
  const text = [
    'Mensaje nuevo desde el formulario de contacto de la web.',
    'Respondé este e-mail para contestarle directamente.',
    '',
    `Nombre: ${message.name}`,
    `E-mail: ${message.email}`,
    `Recibido: ${when.format(new Date(message.receivedAt))}`,
    '',
    'Mensaje:',
    message.message,
    '',
    '--',
    `Número de mensaje: ${message.id}`,
  ].join('\n');
  return {
    from: { name: senderName(envelope.shopName), address: envelope.from },
    to: envelope.to,
    replyTo: { name: message.name, address: message.email },
    subject: `Consulta web de ${message.name}`,
    text,
    date: new Date(message.receivedAt),
    messageId: `<contacto-${message.id}@${domain}>`,
    headers: { 'X-Contact-Message-Id': message.id },
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/**
 * A new booking (store/bookings.ts wrote its text in the same transaction as the booking):
 * no reply-to, the customer has a phone, not an address; the text carries a WhatsApp link.
 */
function composeBookingMail(
  message: StoredMessage,
  envelope: Envelope,
  domain: string,
): SendMailOptions {
  return {
    from: { name: senderName(envelope.shopName), address: envelope.from },
    to: envelope.to,
    subject: `Turno nuevo: ${message.name}`,
    text: [message.message, '', '--', `Número de turno: ${message.id}`].join('\n'),
    date: new Date(message.receivedAt),
    messageId: `<turno-${message.id}@${domain}>`,
    headers: { 'X-Booking-Id': message.id },
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
