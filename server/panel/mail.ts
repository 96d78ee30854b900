/**
 * The panel's e-mails (a sign-in link, an invitation) through the contact form's SMTP
 * settings (SMTP_URL), to the person's own address. Plain text; bounded timeouts.
 */
import nodemailer from 'nodemailer';
import type { ShopFacts } from '../../client/facts/types.ts';
import type { Person } from '../../store/panel.ts';
import { senderAddress } from '../contact/mailer.ts';

export type PanelMailer = {
  sendSignInLink(person: Person, link: string): Promise<void>;
  sendInvitation(person: Person, link: string): Promise<void>;
  close(): void;
};

const TIMEOUTS = {
  dnsTimeout: 10_000,
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

/** Undefined without SMTP_URL and CONTACT_TO (the sender falls back to CONTACT_TO). */
export function createPanelMailer(
  smtp: { readonly url: string | undefined; readonly to: string | undefined },
  facts: () => ShopFacts,
): PanelMailer | undefined {
  if (!smtp.url || !smtp.to) return undefined;
  const address = senderAddress(smtp.url, smtp.to);
  const transport = nodemailer.createTransport({ url: smtp.url, ...TIMEOUTS });
  const send = (to: string, subject: string, text: string) =>
    transport.sendMail({
      from: { name: `Panel de ${facts().contact.name}`, address },
      to,
      subject,
      text,
      disableFileAccess: true,
      disableUrlAccess: true,
    });
  return {
    async sendSignInLink(person, link) {
      await send(
        person.email,
        'Tu enlace para entrar al panel',
        [
          `Hola${person.name ? ` ${person.name}` : ''}:`,
          '',
          'Pediste entrar al panel de la web. Abrí este enlace y tocá "Entrar" (sirve una vez, durante 15 minutos):',
          '',
          link,
          '',
          'Si no lo pediste vos, ignorá este e-mail: nadie puede entrar sin abrirlo.',
        ].join('\n'),
      );
    },
    async sendInvitation(person, link) {
      await send(
        person.email,
        'Te invitaron al panel de la web',
        [
          `Hola${person.name ? ` ${person.name}` : ''}:`,
          '',
          `Te dieron acceso al panel de ${facts().contact.name}. Abrí este enlace en tu teléfono o computadora y creá tu llave de acceso (sirve una vez, durante 24 horas):`,
          '',
          link,
        ].join('\n'),
      );
    },
    close: () => transport.close(),
  };
}
