import { formatDateAR, type PriceDate as PriceDateData } from '../../catalogue/validity.ts';
import { priceQuestion, whatsappLink } from '../content/business.ts';
import type { Pieza } from '../../catalogue/pieces.ts';

/** "Precios actualizados el 22/11/2026", or, once their validity has passed, a pointer to WhatsApp. */
export function PriceDate({
  prices,
  product,
  pieza = 'parabrisas',
}: {
  prices: PriceDateData;
  product?: string;
  pieza?: Pieza;
}) {
  if (!prices.expired) {
    return (
      <p className="price-date" data-testid="price-date">
        Precios actualizados el {formatDateAR(prices.updated)}.
      </p>
    );
  }
  const question = priceQuestion(pieza, product);
  return (
    <p className="price-date price-date--expired" data-testid="price-date">
      <strong>Precios a confirmar:</strong> esta lista es del {formatDateAR(prices.updated)} y valía
      hasta el {formatDateAR(prices.validUntil)}.{' '}
      <a href={whatsappLink(question)} rel="nofollow">
        Confirmá el precio actual por WhatsApp
      </a>
      .
    </p>
  );
}
