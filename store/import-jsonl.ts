/**
 * The first version kept messages in DATA_DIR/contact/messages.jsonl (one JSON object a
 * line) and what was e-mailed in deliveries.jsonl ({id, status: 'sent', at}). At the first
 * start on such a folder they are imported in one transaction, keeping ids and sent state,
 * then renamed aside (`*.imported`). Idempotent: an id already in the database is skipped,
 * so a crash between the commit and the rename only repeats a harmless import.
 */
import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { storedMessageSchema, type SiteTables } from './schema.ts';

export type ImportResult = {
  readonly file: string;
  readonly messages: number;
  readonly sent: number;
  /** Lines that were not a readable message (a line cut by a crash): kept in the renamed file. */
  readonly damagedLines: number;
};

const deliverySchema = z.object({
  id: z.string().min(1),
  status: z.literal('sent'),
  at: z.iso.datetime(),
});

const BATCH = 200;

export async function importJsonLines(
  db: Kysely<SiteTables>,
  dataDir: string,
): Promise<ImportResult | undefined> {
  const dir = join(dataDir, 'contact');
  const messagesFile = join(dir, 'messages.jsonl');
  const deliveriesFile = join(dir, 'deliveries.jsonl');
  const messages = await readLines(messagesFile, storedMessageSchema);
  if (!messages) return undefined;
  const deliveries = (await readLines(deliveriesFile, deliverySchema)) ?? {
    records: [],
    damagedLines: 0,
  };
  const sentAt = new Map(deliveries.records.map((d) => [d.id, d.at]));

  const rows = messages.records.map((m) => {
    const at = sentAt.get(m.id);
    return {
      id: m.id,
      received_at: m.receivedAt,
      name: m.name,
      email: m.email,
      message: m.message,
      status: at ? ('sent' as const) : ('pending' as const),
      attempts: at ? 1 : 0,
      next_attempt_at: m.receivedAt,
      sent_at: at ?? null,
    };
  });
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += BATCH) {
      await trx
        .insertInto('contact_messages')
        .values(rows.slice(i, i + BATCH))
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
  });
  // Another instance sharing DATA_DIR may have renamed them already.
  await renameAside(messagesFile);
  await renameAside(deliveriesFile);
  return {
    file: messagesFile,
    messages: rows.length,
    sent: rows.filter((r) => r.sent_at).length,
    damagedLines: messages.damagedLines,
  };
}

async function renameAside(file: string) {
  try {
    await rename(file, `${file}.imported`);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

async function readLines<T>(
  file: string,
  schema: z.ZodType<T>,
): Promise<{ records: T[]; damagedLines: number } | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (isMissing(error)) return undefined;
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
