import { business } from '../content/business.ts';
import { hoursForPeople } from '../content/hours.ts';

/** Opening hours as people read them (docs/product.md, Business facts). */
export function OpeningHours() {
  return (
    <dl className="hours">
      {hoursForPeople(business.hours).map((h) => (
        <div key={h.days}>
          <dt>{h.days}</dt>
          <dd>{h.hours}</dd>
        </div>
      ))}
    </dl>
  );
}
