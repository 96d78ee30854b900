import type { Pieza } from '../../catalogue/pieces.ts';
import { quoteTexts } from '../content/insurance.ts';
import { paths } from '../paths.ts';
import { glassHref } from './BookingLink.tsx';

/**
 * "Presupuesto para el seguro (PDF)" beside "Pedir turno": a plain link (the same for every
 * visitor, so the product page stays a kept page) to the quote's form for this glass.
 */
export function QuoteLink(props: { pieza: Pieza; productPath: string; version?: string }) {
  return (
    <a
      className="button button-outline button-lg"
      href={glassHref(paths.quoteForm, props.pieza, props.productPath, props.version)}
      rel="nofollow"
    >
      {quoteTexts.link}
    </a>
  );
}
