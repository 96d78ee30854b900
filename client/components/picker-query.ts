import type { Pieza } from '../../catalogue/pieces.ts';
import { queryParams } from '../paths.ts';

/** What the picker's plain GET form asked for (`/parabrisas/buscar?marca=…&modelo=…&pieza=…`). */
export type PickerQuery = {
  readonly pieza: Pieza;
  readonly marca: string;
  readonly modelo: string;
  /** The brand select as sent: differs from `marca` when the brand was changed after its models were listed. */
  readonly brandField: string;
};

export function readPickerQuery(query: URLSearchParams): PickerQuery {
  const pieza = query.get(queryParams.pickerPiece) === 'luneta' ? 'luneta' : 'parabrisas';
  // The model select sends `marca/modelo`; a bare model name is read with the brand select.
  const brandField = query.get(queryParams.pickerBrand) ?? '';
  const choice = query.get(queryParams.pickerModel) ?? '';
  const [marca = '', modelo = ''] = choice.includes('/')
    ? choice.split('/', 2)
    : [brandField, choice];
  return { pieza, marca, modelo, brandField };
}
