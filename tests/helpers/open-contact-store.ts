/** Opens the contact store named by DATA_DIR / DATABASE_URL (migrations, import), stores one message, says so. */
import { randomUUID } from 'node:crypto';
import { openContactStore } from '../../store/open.ts';

const store = await openContactStore({
  dataDir: process.env.DATA_DIR ?? '',
  databaseUrl: process.env.DATABASE_URL || undefined,
});
await store.insert({
  id: randomUUID(),
  receivedAt: new Date().toISOString(),
  name: 'Proceso',
  email: 'p@example.com',
  message: String(process.pid),
});
await store.close();
process.stdout.write('opened\n');
