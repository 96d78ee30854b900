import { useFacts } from '../facts/use-facts.ts';

/**
 * When a form cannot take what the visitor sent (the database is down, the hour's ceiling is
 * reached): the shop's WhatsApp and its phone, both published facts, so the job is not lost.
 */
export function WhatsAppOrCall({ whatsapp, label }: { whatsapp: string; label: string }) {
  const { contact } = useFacts();
  return (
    <>
      <a href={whatsapp} rel="nofollow">
        {label}
      </a>{' '}
      o llamanos al <a href={`tel:${contact.phoneE164}`}>{contact.phoneDisplay}</a>
    </>
  );
}
