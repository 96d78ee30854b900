/**
 * Insurance quotes on the database (client/quote/types.ts QuoteService): issue (numbered in the
 * store's transaction, under a site-wide hourly ceiling), the customer's page by its key, and
 * verification by the code printed on the PDF. The key is stored only as its SHA-256; the code
 * is stored readable, since the same PDF is made again from the stored quote.
 * docs/decisions/2026-11-28-insurance-quotes.md.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import type { QuoteDocument, QuoteDraft, QuoteService } from '../../client/quote/types.ts';
import { paths, queryParams } from '../../client/paths.ts';
import type { QuoteStore } from '../../store/quotes.ts';
import { hashToken, newToken, TOKEN_PATTERN } from '../bookings/tokens.ts';
import type { Logger } from '../logger.ts';
import { newQuotePush } from '../push/notices.ts';
import { parseQuoteDocument } from './document.ts';
import { quotePdfs, type QuotePdfs } from './pdf-cache.ts';

const HOUR_MS = 60 * 60_000;

/** Quotes the whole site issues per hour: beyond it the form points to WhatsApp. */
export const QUOTES_MAX_PER_HOUR = 60;

/** Crockford's base32 (no i, l, o, u), lower case: a code a clerk can type from paper. */
const CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const CODE_LENGTH = 12;

export function newQuoteCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export type SiteQuotes = QuoteService & {
  /** The stored quote as issued (the panel: its PDF, its booking). */
  document(number: string): Promise<QuoteDocument | undefined>;
  /** The quotes' PDFs, each made once (server/quotes/routes.ts). */
  readonly pdfs: QuotePdfs;
};

export function createQuoteService(options: {
  readonly store: QuoteStore;
  readonly logger: Logger;
  readonly now: () => Date;
  /** Called after each issue (the demand figures count it, nothing personal). */
  readonly onIssued?: (quote: QuoteDocument) => void;
  readonly maxPerHour?: number;
}): SiteQuotes {
  const { store, logger, now } = options;
  const maxPerHour = options.maxPerHour ?? QUOTES_MAX_PER_HOUR;

  async function stored(number: string) {
    const row = await store.findByNumber(number);
    return row ? { row, document: parseQuoteDocument(row.body) } : undefined;
  }

  return {
    pdfs: quotePdfs(),

    async issue(draft: QuoteDraft, token?: string) {
      // The same form posted again (a double tap): the quote it issued first.
      const key = token !== undefined && TOKEN_PATTERN.test(token) ? token : newToken();
      const first = async () => {
        const found = await store.findByKeyHash(hashToken(key));
        return found && { status: 'issued' as const, number: found.number, key };
      };
      try {
        const repeated = await first();
        if (repeated) return repeated;
        const since = new Date(now().getTime() - HOUR_MS);
        if ((await store.countCreatedSince(since)) >= maxPerHour) {
          logger.warn({ maxPerHour }, 'quotes: the hourly ceiling is reached');
          return { status: 'busy' };
        }
        const code = newQuoteCode();
        let document: QuoteDocument | undefined;
        const issued = await store.issue(
          {
            year: Number(draft.issuedDay.slice(0, 4)),
            createdAt: draft.issuedAt,
            code,
            keyHash: hashToken(key),
            name: draft.customer.name,
            plate: draft.customer.plate ?? undefined,
            insurer: draft.customer.insurer,
            item: [draft.item.title, ...draft.item.details].join(' · '),
            total: draft.total,
          },
          (number) => {
            const verifyUrl = `${draft.siteUrl}${paths.quote(number)}?${queryParams.quoteCode}=${code}`;
            document = { ...draft, number, verifyUrl };
            return JSON.stringify(document);
          },
          (number) => newQuotePush({ number, item: draft.item.title }, new Date(draft.issuedAt)),
        );
        logger.info({ number: issued.number }, 'quotes: issued');
        if (document) options.onIssued?.(document);
        return { status: 'issued', number: issued.number, key };
      } catch (error) {
        // Two posts of one form at once: the second's key is taken, the first's quote stands.
        const stored = token === undefined ? undefined : await first().catch(() => undefined);
        if (stored) return stored;
        logger.error({ err: error }, 'quotes: could not be stored');
        return { status: 'unavailable' };
      }
    },

    async verify(number, code) {
      const found = await stored(number);
      return found && same(found.row.code, code) ? found.document : undefined;
    },

    async own(number, key) {
      const found = await stored(number);
      return found && same(found.row.keyHash, hashToken(key)) ? found.document : undefined;
    },

    async document(number) {
      return (await stored(number))?.document;
    },
  };
}
