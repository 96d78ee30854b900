/**
 * The insurance quote's routes: GET /presupuesto shows the form for one glass (a page kept like
 * any other: it reads the catalogue and the facts only); POST issues the quote (303 to the
 * customer's page) or answers the form again with its messages (422), the prices expired
 * (409), the hour full or the database down (503). The customer's page and the verification
 * page read the stored quote: never kept.
 */
import { data, redirect } from 'react-router-dom';
import type { AppActionArgs, AppLoaderArgs } from '../app-context.ts';
import type { CatalogueLookup } from '../../catalogue/lookup.ts';
import type { PriceBreakdown } from '../../catalogue/money.ts';
import { feeLabel } from '../content/zones.ts';
import { insurers } from '../content/insurance.ts';
import { notFound } from '../pages/not-found.ts';
import { paths, queryParams, quoteFileName } from '../paths.ts';
import {
  checkQuoteForm,
  describeGlass,
  draftQuote,
  findQuotedGlass,
  pricesExpired,
  readQuoteValues,
  type QuotedGlass,
} from './form.ts';
import { lawfulPrice } from '../components/price-breakdown.ts';
import {
  QUOTE_CODE,
  QUOTE_KEY,
  QUOTE_NUMBER,
  shortName,
  type QuoteDocument,
  type QuoteErrors,
  type QuoteValues,
} from './types.ts';
import type { AppContext } from '../app-context.ts';

export type QuoteNotice = 'expired' | 'busy' | 'unavailable';

export type QuoteFormData = {
  readonly values: QuoteValues;
  readonly errors: QuoteErrors;
  readonly notice: QuoteNotice | undefined;
  readonly glass: {
    readonly title: string;
    readonly details: readonly string[];
    readonly productPath: string;
    readonly price: PriceBreakdown;
  };
  readonly zones: readonly {
    readonly locality: string;
    readonly fee: string;
    readonly ask: boolean;
  }[];
  readonly insurers: readonly string[];
};

function formData(
  glass: QuotedGlass,
  values: QuoteValues,
  context: AppContext,
  errors: QuoteErrors = {},
  notice?: QuoteNotice,
): QuoteFormData {
  return {
    values,
    errors,
    notice: notice ?? (pricesExpired(context.catalogue, context.now) ? 'expired' : undefined),
    glass: {
      ...describeGlass(glass),
      productPath: glass.match.modelo.meta.canonical,
      price: lawfulPrice(glass.offer.precio, glass.offer.cuotas),
    },
    zones: context.facts.zones.map((z) => ({
      locality: z.locality,
      fee: feeLabel(z.fee),
      ask: z.fee.kind === 'ask',
    })),
    insurers,
  };
}

function glassOf(values: QuoteValues, catalogue: CatalogueLookup): QuotedGlass {
  const glass = findQuotedGlass(values, catalogue);
  if (!glass) throw notFound('page', catalogue);
  return glass;
}

/** GET /presupuesto?que=&marca=&modelo=&version=: the form for that glass. */
export function quoteFormLoader({ request, context }: AppLoaderArgs): QuoteFormData {
  const params = new URL(request.url).searchParams;
  const given = readQuoteValues((name) => params.get(name));
  // Only the glass travels in the URL; personal data never does.
  const values: QuoteValues = {
    ...readQuoteValues(() => ''),
    piece: given.piece,
    brand: given.brand,
    model: given.model,
    version: given.version,
    place: 'taller',
    // One tap, one quote (docs/decisions/2026-12-04-pages-never-read-the-database.md).
    token: context.bookings.newToken(),
  };
  return formData(glassOf(values, context.catalogue), values, context);
}

export async function quoteAction({ request, context }: AppActionArgs) {
  if (request.method !== 'POST') throw data(null, { status: 405 });
  const form = await request.formData().catch(() => {
    throw data(null, { status: 400 });
  });
  const values = readQuoteValues((name) => form.get(name));
  const glass = glassOf(values, context.catalogue);
  if (pricesExpired(context.catalogue, context.now)) {
    return data(formData(glass, values, context, {}, 'expired'), { status: 409 });
  }
  const checked = checkQuoteForm(values, context.facts.zones);
  if (!checked.ok) return data(formData(glass, values, context, checked.errors), { status: 422 });
  const outcome = await context.quotes.issue(
    draftQuote({
      glass,
      customer: checked.ok,
      catalogue: context.catalogue,
      facts: context.facts,
      now: context.now,
      siteUrl: context.siteUrl,
    }),
    values.token,
  );
  if (outcome.status === 'issued') {
    return redirect(paths.quoteOwn(outcome.number, outcome.key), 303);
  }
  return data(formData(glass, values, context, {}, outcome.status), { status: 503 });
}

/** What the quote's pages show: the whole quote (its customer's page) or the checked one. */
export type QuotePageData =
  | {
      readonly kind: 'own';
      readonly quote: QuoteDocument;
      readonly pdf: string;
      readonly share: string;
      /** What the insurer sees (the PDF's QR code), same-origin. */
      readonly verify: string;
    }
  | {
      readonly kind: 'verified';
      /** The customer reduced to first name and initial, and the insurer: no plate, no claim. */
      readonly quote: Omit<QuoteDocument, 'customer'> & {
        readonly customer: { readonly name: string; readonly insurer: string };
      };
    };

/** GET /presupuesto/{number}/{key}: the customer's page (the PDF, sharing). */
export async function quoteOwnLoader({ params, context }: AppLoaderArgs): Promise<QuotePageData> {
  // Read first, whatever the URL: every answer of this route is one person's (server/render.tsx).
  const { quotes } = context;
  const number = params.numero ?? '';
  const key = params.clave ?? '';
  const quote =
    QUOTE_NUMBER.test(number) && QUOTE_KEY.test(key) ? await quotes.own(number, key) : undefined;
  if (!quote) throw notFound('private', context.catalogue);
  const pdf = `${context.siteUrl}${paths.quotePdf(number, key)}`;
  const message = `Presupuesto ${quote.number} de ${quote.shop.name} para el seguro (${quoteFileName(quote.number)}): ${pdf}`;
  return {
    kind: 'own',
    quote,
    pdf: paths.quotePdf(number, key),
    share: `https://wa.me/?text=${encodeURIComponent(message)}`,
    verify: quote.verifyUrl.replace(quote.siteUrl, ''),
  };
}

/** GET /presupuesto/{number}?c={code}: the verification page; anything wrong is a plain 404. */
export async function quoteVerifyLoader({
  params,
  request,
  context,
}: AppLoaderArgs): Promise<QuotePageData> {
  const { quotes } = context;
  const number = params.numero ?? '';
  const code = new URL(request.url).searchParams.get(queryParams.quoteCode) ?? '';
  const quote =
    QUOTE_NUMBER.test(number) && QUOTE_CODE.test(code)
      ? await quotes.verify(number, code)
      : undefined;
  if (!quote) throw notFound('private', context.catalogue);
  const { customer, ...rest } = quote;
  return {
    kind: 'verified',
    quote: { ...rest, customer: { name: shortName(customer.name), insurer: customer.insurer } },
  };
}

/** The verification code's canonical form (the page's identity: client/page-identity.ts). */
export function canonicalCode(value: string): string | undefined {
  return QUOTE_CODE.test(value) ? value : undefined;
}
