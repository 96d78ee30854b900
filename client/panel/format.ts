import { SHOP_TIME_ZONE } from '../../catalogue/validity.ts';

const when = new Intl.DateTimeFormat('es-AR', {
  timeZone: SHOP_TIME_ZONE,
  dateStyle: 'short',
  timeStyle: 'short',
  hourCycle: 'h23',
});

/** A stored instant (ISO 8601) as the shop reads it: `25/11/26, 14:05` in Jujuy. */
export function formatWhen(iso: string): string {
  return when.format(new Date(iso));
}
