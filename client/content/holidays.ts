/**
 * The first version of the owner's closed days (client/facts/defaults.ts reads this, nothing
 * else may): Argentina's national holidays come from the `date-holidays` library
 * (client/booking/holidays.ts), which does not know Jujuy's own days (its Argentine provinces
 * are not filled in), and the "puente" days are set by decree each year. The owner keeps the
 * list in the panel ("Datos del negocio", Feriados y días sin atención: `facts.closedDays`).
 */

/** Jujuy's own holidays, every year (month-day). Sample: the owner confirms the list. */
export const jujuyDays: readonly { readonly monthDay: string; readonly name: string }[] = [
  { monthDay: '04-19', name: 'Fundación de San Salvador de Jujuy' },
  { monthDay: '08-23', name: 'Éxodo Jujeño' },
  { monthDay: '11-18', name: 'Autonomía de Jujuy' },
];

/**
 * "Días no laborables con fines turísticos" (puentes), set by decree for each year. 2026:
 * Resolución 164/2025. 2027: not published yet; add its days when it is.
 */
export const puenteDays: readonly { readonly date: string; readonly name: string }[] = [
  { date: '2026-03-23', name: 'Día no laborable con fines turísticos' },
  { date: '2026-07-10', name: 'Día no laborable con fines turísticos' },
  { date: '2026-12-07', name: 'Día no laborable con fines turísticos' },
];
