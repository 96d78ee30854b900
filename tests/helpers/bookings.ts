import type { NewBooking } from '../../store/bookings.ts';

/**
 * Booking `n` as the store keeps it: a windshield in the workshop, Tuesday 1 December 2026 in
 * the morning, made on 25 November; `over` changes what a test is about.
 */
export function storedBooking(n: number, over: Partial<NewBooking> = {}): NewBooking {
  return {
    id: `b-${n}`,
    formToken: `form-${n}`,
    manageTokenHash: `hash-${n}`,
    createdAt: '2026-11-25T13:00:00.000Z',
    day: '2026-12-01',
    slot: 'manana',
    place: 'taller',
    startsAt: '2026-12-01T12:00:00.000Z',
    endsAt: '2026-12-01T16:00:00.000Z',
    locality: undefined,
    job: 'parabrisas',
    glass: 'Parabrisas Peugeot 208',
    availability: 'En stock',
    awaitsGlass: false,
    name: `Cliente ${n}`,
    phone: '+5493884000000',
    plate: undefined,
    notes: undefined,
    car: { name: 'Peugeot 208', brandSlug: 'peugeot', modelSlug: '208' },
    quoteNumber: undefined,
    ...over,
  };
}
