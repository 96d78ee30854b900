/**
 * The durable inbox: two append-only JSON-lines files under DATA_DIR/contact/.
 *   messages.jsonl    one line per accepted message
 *   deliveries.jsonl  one line per message e-mailed: {id, status: 'sent', at}
 * A message is pending while no delivery line names it. Every append is fsync'd
 * before it resolves, so "stored" and "sent" survive a crash or power cut.
 * One writing process per folder (see README, "Contact messages").
 */
import { mkdir, open, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

export const storedMessageSchema = z.object({
  id: z.string().min(1),
  receivedAt: z.iso.datetime(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
});
export type StoredMessage = z.output<typeof storedMessageSchema>;

const deliverySchema = z.object({
  id: z.string().min(1),
  status: z.literal('sent'),
  at: z.iso.datetime(),
});
export type DeliveryRecord = z.output<typeof deliverySchema>;

export type ReadResult<T> = { readonly records: T[]; readonly damagedLines: number };

export type ContactStore = {
  readonly dir: string;
  readonly messagesFile: string;
  readonly deliveriesFile: string;
  append(message: StoredMessage): Promise<void>;
  markSent(id: string, at?: Date): Promise<void>;
  readMessages(): Promise<ReadResult<StoredMessage>>;
  /** Message id -> when it was e-mailed. */
  readDeliveries(): Promise<Map<string, string>>;
  /** Stored messages not yet e-mailed, oldest first. */
  pending(): Promise<StoredMessage[]>;
};

export function contactDir(dataDir: string): string {
  return join(dataDir, 'contact');
}

export function createContactStore(dataDir: string): ContactStore {
  const dir = contactDir(dataDir);
  const messagesFile = join(dir, 'messages.jsonl');
  const deliveriesFile = join(dir, 'deliveries.jsonl');
  const appendMessage = appender(dir, messagesFile);
  const appendDelivery = appender(dir, deliveriesFile);

  const store: ContactStore = {
    dir,
    messagesFile,
    deliveriesFile,
    append: async (message) => appendMessage(storedMessageSchema.parse(message)),
    markSent: (id, at = new Date()) =>
      appendDelivery({ id, status: 'sent', at: at.toISOString() } satisfies DeliveryRecord),
    readMessages: () => readLines(messagesFile, storedMessageSchema),
    async readDeliveries() {
      const { records } = await readLines(deliveriesFile, deliverySchema);
      return new Map(records.map((r) => [r.id, r.at]));
    },
    async pending() {
      const [{ records }, sent] = await Promise.all([store.readMessages(), store.readDeliveries()]);
      return records.filter((m) => !sent.has(m.id));
    },
  };
  return store;
}

/**
 * Appends one JSON line per call, in call order, each fsync'd. A crash in the middle
 * of a write can leave a last line without its newline: the first append of the next
 * process ends that line first, so the damage stays one unreadable line (never a
 * readable message glued to garbage).
 */
function appender(dir: string, file: string) {
  let queue: Promise<unknown> = Promise.resolve();
  let checked = false;

  async function write(record: unknown) {
    let prefix = '';
    if (!checked) {
      const created = await prepare();
      prefix = created ? '' : await missingNewline(file);
      checked = true;
    }
    const handle = await open(file, 'a', 0o600);
    try {
      await handle.write(`${prefix}${JSON.stringify(record)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** Creates the folder and the file; true when the file is new (its directory entry is then synced). */
  async function prepare(): Promise<boolean> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const exists = await stat(file).then(
      () => true,
      () => false,
    );
    if (exists) return false;
    const handle = await open(file, 'a', 0o600);
    await handle.close();
    await syncDir(dir);
    return true;
  }

  return (record: unknown): Promise<void> => {
    const result = queue.then(() => write(record));
    queue = result.catch(() => undefined);
    return result;
  };
}

async function missingNewline(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size === 0) return '';
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    return last[0] === 0x0a ? '' : '\n';
  } finally {
    await handle.close();
  }
}

async function syncDir(dir: string) {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some platforms (Windows) cannot open or fsync a directory; the file itself is synced.
  }
}

async function readLines<T>(file: string, schema: z.ZodType<T>): Promise<ReadResult<T>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], damagedLines: 0 };
    throw error;
  }
  const records: T[] = [];
  let damagedLines = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const parsed = schema.safeParse(JSON.parse(line));
      if (parsed.success) records.push(parsed.data);
      else damagedLines++;
    } catch {
      damagedLines++;
    }
  }
  return { records, damagedLines };
}
