import type { Pieza } from '../../catalogue/pieces.ts';
import { queryParams } from '../paths.ts';

/** What the picker's plain GET form asked for (`/parabrisas/buscar?marca=…&modelo=…&pieza=…`). */
export type PickerQuery = {
  readonly pieza: Pieza;
  readonly marca: string;
  readonly modelo: string;
};

export function readPickerQuery(query: URLSearchParams): PickerQuery {
  const pieza = query.get(queryParams.pickerPiece) === 'luneta' ? 'luneta' : 'parabrisas';
  // The model select sends `marca/modelo`; a bare model name is read with the brand select.
  const choice = query.get(queryParams.pickerModel) ?? '';
  const [marca = '', modelo = ''] = choice.includes('/')
    ? choice.split('/', 2)
    : [query.get(queryParams.pickerBrand) ?? '', choice];
  return { pieza, marca, modelo };
}
