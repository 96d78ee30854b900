import type { Pieza } from '../../catalogue/pieces.ts';
import { quoteTexts } from '../content/insurance.ts';
import { paths, queryParams } from '../paths.ts';

const f = queryParams.quote;

/** `/presupuesto` for this glass: the product page's path is `/{pieza}/{marca}/{modelo}`. */
export function quoteHref(pieza: Pieza, productPath: string, version?: string): string {
  const [, , marca = '', modelo = ''] = productPath.split('/');
  const query = new URLSearchParams({ [f.piece]: pieza, [f.brand]: marca, [f.model]: modelo });
  if (version) query.set(f.version, version);
  return `${paths.quoteForm}?${query.toString()}`;
}

/**
 * "Presupuesto para el seguro (PDF)" beside "Pedir turno": a plain link (the same for every
 * visitor, so the product page stays a kept page) to the quote's form for this glass.
 */
export function QuoteLink(props: { pieza: Pieza; productPath: string; version?: string }) {
  return (
    <a
      className="button button-outline button-lg"
      href={quoteHref(props.pieza, props.productPath, props.version)}
      rel="nofollow"
    >
      {quoteTexts.link}
    </a>
  );
}
