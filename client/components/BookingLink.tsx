import type { Pieza } from '../../catalogue/pieces.ts';
import { paths, queryParams } from '../paths.ts';

const f = queryParams.booking;

/**
 * A form's address with the glass chosen (`?que=&marca=&modelo=[&version=]`, the same names
 * for the booking and the insurance quote): the product page's path is `/{pieza}/{marca}/{modelo}`.
 */
export function glassHref(form: string, pieza: Pieza, productPath: string, version?: string) {
  const [, , marca = '', modelo = ''] = productPath.split('/');
  const query = new URLSearchParams({ [f.job]: pieza, [f.brand]: marca, [f.model]: modelo });
  if (version) query.set(f.version, version);
  return `${form}?${query.toString()}`;
}

/** `/turnos` with the glass chosen. */
export function bookingHref(pieza: Pieza, productPath: string, version?: string): string {
  return glassHref(paths.booking, pieza, productPath, version);
}

/** "Pedir turno" beside a price: the booking form with this glass (and version) picked. */
export function BookingLink(props: { pieza: Pieza; productPath: string; version?: string }) {
  return (
    <a
      className="button button-lg"
      href={bookingHref(props.pieza, props.productPath, props.version)}
    >
      Pedir turno
    </a>
  );
}
