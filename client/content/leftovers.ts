/**
 * Template leftovers from the car-rental theme the old site was built on (docs/product.md,
 * Visitors and pages). Kept as they were so old links keep working; marked noindex.
 */

export const aboutCounters = [
  { value: 20, label: 'Car Types' },
  { value: 85, label: 'Rental Outlets' },
  { value: 75, label: 'Repair Shop' },
] as const;

export const aboutText = {
  title: 'About',
  heading: 'You start the engine and your adventure begins',
  text: 'Certain but she but shyness why cottage. Guy the put instrument sir entreaties affronting. Pretended exquisite see cordially the you. Weeks quiet do vexed or whose. Motionless if no to affronting imprudence no precaution. My indulged as disposal strongly attended.',
};

export type DemoVehicle = {
  readonly name: string;
  readonly line: string;
  /** Daily price in US dollars (docs/product.md, Visitors and pages). */
  readonly pricePerDay: number;
  readonly image: string;
};

export const demoVehicles: readonly DemoVehicle[] = [
  { name: 'Audi', line: 'A1', pricePerDay: 45, image: '/img/car-1.svg' },
  { name: 'VW', line: 'Golf 6', pricePerDay: 37, image: '/img/car-2.svg' },
  { name: 'Toyota', line: 'Camry', pricePerDay: 30, image: '/img/car-3.svg' },
  { name: 'BMW', line: '320', pricePerDay: 35, image: '/img/car-4.svg' },
  { name: 'Mercedes', line: 'Benz GLK', pricePerDay: 50, image: '/img/car-5.svg' },
  { name: 'VW', line: 'Passat CC', pricePerDay: 25, image: '/img/car-6.svg' },
];

export type TeamMember = { readonly name: string; readonly job: string; readonly image: string };

export const team: readonly TeamMember[] = [
  { name: 'Luke Miller', job: 'Salesman', image: '/img/team-1.svg' },
  { name: 'Michael Diaz', job: 'Business Owner', image: '/img/team-2.svg' },
  { name: 'Briana Ross', job: 'Photographer', image: '/img/team-3.svg' },
  { name: 'Lauren Rivera', job: 'Car Detailist', image: '/img/team-4.svg' },
  { name: 'Martin Rizz', job: 'Mechanic', image: '/img/team-5.svg' },
  { name: 'Caitlyn Hunt', job: 'Manager', image: '/img/team-6.svg' },
];
