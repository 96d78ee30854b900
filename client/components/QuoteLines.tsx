import { formatARS } from '../../catalogue/money.ts';
import { formatDateAR } from '../../catalogue/validity.ts';
import { surchargeLabel, type QuoteDocument } from '../quote/types.ts';
import { CFTEA, INSTALMENTS_TOTAL_NOTE, TNA } from './price-breakdown.ts';

/**
 * A quote's lines as issued (its customer's page and the verification page): the glass, its
 * fitting and the zone's surcharge, the total, the price without national taxes and the
 * interest-free plans with their CFTEA, the dates. The PDF states the same (server/quotes/pdf.ts).
 */
export function QuoteLines({ quote }: { quote: Omit<QuoteDocument, 'customer'> }) {
  const { item, placement, price } = quote;
  return (
    <>
      <dl className="booking-details">
        <div>
          <dt>Número</dt>
          <dd>{quote.number}</dd>
        </div>
        <div>
          <dt>Fecha</dt>
          <dd>{formatDateAR(quote.issuedDay)}</dd>
        </div>
        <div>
          <dt>Válido hasta</dt>
          <dd>{formatDateAR(quote.validUntil)}</dd>
        </div>
      </dl>
      <table className="quote-lines">
        <caption>Detalle</caption>
        <thead>
          <tr>
            <th scope="col">Descripción</th>
            <th scope="col">Importe</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <strong>{item.title}</strong>
              {item.details.length > 0 ? <span> · {item.details.join(' · ')}</span> : null}
              <span> · {placement.label}</span>
            </td>
            <td>{formatARS(price.cash)}</td>
          </tr>
          {placement.surcharge !== null ? (
            <tr>
              <td>{surchargeLabel(placement)}</td>
              <td>{formatARS(placement.surcharge)}</td>
            </tr>
          ) : null}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total de contado</th>
            <td>
              <strong>{formatARS(quote.total)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="price-net">
        Total sin impuestos nacionales: {formatARS(quote.totalWithoutNationalTaxes)}
      </p>
      {price.plans.length > 0 ? (
        <p className="legal">
          {`${item.title}: `}
          {price.plans
            .map(
              (plan) =>
                `${plan.count} cuotas sin interés de ${formatARS(plan.amount)}${plan.last === plan.amount ? '' : ` (la última de ${formatARS(plan.last)})`}, total ${formatARS(plan.total)}`,
            )
            .join('; ')}
          . <strong>{CFTEA}</strong> · {TNA}. {INSTALMENTS_TOTAL_NOTE}
        </p>
      ) : null}
      <p className="legal">{quote.warranty}</p>
    </>
  );
}
