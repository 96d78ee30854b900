/**
 * A server process cut down to the contact form, for the crash tests: stores one
 * message (and, with SMTP_URL set, starts sending it), says so, then waits to be killed.
 */
import { readConfig } from '../../server/config.ts';
import { openContact } from '../../server/contact/index.ts';
import { createLogger } from '../../server/logger.ts';

const contact = await openContact(readConfig(process.env), createLogger('silent'), {
  backoff: { initialMs: 60_000, maxMs: 60_000 },
  leaseMs: Number(process.env.CHILD_LEASE_MS ?? 60_000),
});
const outcome = await contact.service.submit({
  name: 'Ana Gómez',
  email: 'ana@gmail.com',
  message: process.env.CHILD_MESSAGE ?? 'Hola',
  website: '',
});
contact.start();
process.stdout.write(`stored: ${outcome.status}\n`);
setInterval(() => undefined, 60_000);
