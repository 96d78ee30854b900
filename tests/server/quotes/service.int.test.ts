/** The quote service on the database: the hourly ceiling, the key and the code, the stored document. */
import { describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../../../store/open.ts';
import { createQuoteStore } from '../../../store/quotes.ts';
import { createQuoteService, newQuoteCode } from '../../../server/quotes/service.ts';
import { createLogger } from '../../../server/logger.ts';
import { QUOTE_CODE, type QuoteDraft } from '../../../client/quote/types.ts';
import { sampleQuoteDraft } from '../../helpers/quotes.ts';

async function service(maxPerHour = 60) {
  const database = await openMemoryDatabase();
  const issued: string[] = [];
  const quotes = createQuoteService({
    store: createQuoteStore(database),
    logger: createLogger('silent'),
    now: () => new Date('2026-11-23T15:00:00Z'),
    onIssued: (q) => issued.push(q.number),
    maxPerHour,
  });
  return { quotes, issued, database };
}

describe('the quote service', () => {
  it('issues under the hourly ceiling, then answers busy and stores nothing more', async () => {
    const { quotes, issued } = await service(2);
    const draft: QuoteDraft = sampleQuoteDraft();
    expect((await quotes.issue(draft)).status).toBe('issued');
    expect((await quotes.issue(draft)).status).toBe('issued');
    expect(await quotes.issue(draft)).toEqual({ status: 'busy' });
    expect(issued).toEqual(['P-2026-000001', 'P-2026-000002']);
  });

  it('opens the quote with its key or its code only; the stored document names its number and address', async () => {
    const { quotes, database } = await service();
    const outcome = await quotes.issue(sampleQuoteDraft());
    if (outcome.status !== 'issued') throw new Error(outcome.status);
    const own = await quotes.own(outcome.number, outcome.key);
    expect(own?.number).toBe('P-2026-000001');
    const code = own?.verifyUrl.split('?c=')[1] ?? '';
    expect(own?.verifyUrl).toBe(`https://parabrisas.test/presupuesto/P-2026-000001?c=${code}`);
    expect(await quotes.verify(outcome.number, code)).toEqual(own);
    expect(await quotes.verify(outcome.number, newQuoteCode())).toBeUndefined();
    expect(await quotes.own(outcome.number, outcome.key.replace(/.$/, '-'))).toBeUndefined();
    // The key itself is never stored: only its SHA-256.
    const row = await database.db.selectFrom('quotes').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(outcome.key);
  });

  it('codes are 12 characters a clerk can type (no i, l, o, u), and differ', () => {
    const codes = new Set(Array.from({ length: 1000 }, newQuoteCode));
    expect(codes.size).toBe(1000);
    for (const code of codes) expect(code).toMatch(QUOTE_CODE);
  });
});
