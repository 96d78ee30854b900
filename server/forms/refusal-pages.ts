/** Static Spanish pages for a contact POST refused before the form is read. No visitor input in them. */
import { whatsappLink } from '../../client/content/business.ts';
import type { ShopFacts } from '../../client/facts/types.ts';
import { escapeHtml, staticPage } from '../error-document.ts';
import { paths } from '../../client/paths.ts';
import { CONTACT_LIMITS } from '../../client/contact/types.ts';

export type RefusalStatus = 400 | 403 | 413 | 415 | 429;

const TEXTS: Record<RefusalStatus, { title: string; text: string }> = {
  400: {
    title: 'No pudimos leer el formulario',
    text: 'El envío llegó incompleto. Volvé al formulario y probá de nuevo.',
  },
  403: {
    title: 'No pudimos recibir el formulario',
    text: 'El envío no salió de nuestra página. Abrí el formulario de contacto en nuestro sitio y mandalo desde ahí.',
  },
  413: {
    title: 'El mensaje es demasiado largo',
    text: `Acortalo a menos de ${new Intl.NumberFormat('es-AR', { useGrouping: 'always' }).format(CONTACT_LIMITS.message)} caracteres y probá de nuevo. Si volvés atrás, tu navegador suele conservar lo que escribiste.`,
  },
  415: {
    title: 'No pudimos leer el formulario',
    text: 'El envío no tiene el formato de nuestro formulario. Volvé al formulario y probá de nuevo.',
  },
  429: {
    title: 'Demasiados mensajes seguidos',
    text: 'Recibimos varios mensajes desde tu conexión en pocos minutos.',
  },
};

export function refusalPage(
  status: RefusalStatus,
  facts: ShopFacts,
  retryAfterSeconds?: number,
): string {
  const { contact } = facts;
  const { title, text } = TEXTS[status];
  const wait =
    retryAfterSeconds === undefined
      ? ''
      : ` Probá de nuevo en ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minuto${
          retryAfterSeconds > 60 ? 's' : ''
        }.`;
  return staticPage(
    title,
    `<p>${text}${wait}</p><p>También podés escribirnos por <a href="${whatsappLink()}" rel="nofollow">WhatsApp</a> o llamarnos al <a href="tel:${escapeHtml(contact.phoneE164)}">${escapeHtml(contact.phoneDisplay)}</a>.</p><p><a href="${paths.contact}">Volver al formulario</a> · <a href="${paths.home}">Ir al inicio</a></p>`,
    facts,
  );
}
