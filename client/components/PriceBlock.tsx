import { formatARS, type Centavos } from '../../catalogue/money.ts';
import type { Producto } from '../../catalogue/lookup.ts';
import { CFTEA, INSTALMENTS_TOTAL_NOTE, lawfulPrice, TNA } from './price-breakdown.ts';

export function BuyButton({ url }: { url: string }) {
  return (
    <a className="button button-whatsapp button-lg" href={url} rel="nofollow noopener">
      Comprar ahora
    </a>
  );
}

/**
 * The price as Argentine display rules ask: the cash price first and largest; the price
 * without national taxes (Ley 27.743) smaller; each interest-free plan with its count and
 * amount, "sin interés" only when the instalments add up to the cash price to the centavo,
 * and "CFTEA: 0,00%" beside them. See docs/decisions/2026-11-22-live-catalogue.md.
 */
export function PriceBlock({ precio, cuotas }: { precio: Centavos; cuotas: Producto['cuotas'] }) {
  const { withoutNationalTaxes, plans } = lawfulPrice(precio, cuotas);
  return (
    <>
      <p className="price-label">Precio de contado</p>
      <p className="price" data-testid="precio">
        {formatARS(precio)}
      </p>
      <p className="price-net" data-testid="sin-impuestos">
        Precio sin impuestos nacionales: {formatARS(withoutNationalTaxes)}
      </p>
      {plans.length > 0 ? (
        <div className="instalment-plans">
          <ul className="instalments">
            {plans.map((plan) => (
              <li key={plan.count} data-testid={`plan-${plan.count}`}>
                <strong>{plan.count} cuotas sin interés</strong> de{' '}
                <span className="instalment-amount" data-testid={`cuota-${plan.count}`}>
                  {formatARS(plan.amount)}
                </span>
                <span className="instalment-detail">
                  {plan.last === plan.amount
                    ? `Total ${formatARS(plan.total)}`
                    : `La última, de ${formatARS(plan.last)} (menor por el redondeo). Total ${formatARS(plan.total)}`}
                </span>
              </li>
            ))}
          </ul>
          <p className="legal">
            <strong className="cftea">{CFTEA}</strong> · {TNA}. {INSTALMENTS_TOTAL_NOTE}
          </p>
        </div>
      ) : null}
    </>
  );
}
