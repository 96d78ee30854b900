import { hoursForPeople } from '../content/hours.ts';
import { useFacts } from '../facts/use-facts.ts';

/** Opening hours as people read them, as published (`facts.hours`). */
export function OpeningHours() {
  return (
    <dl className="hours">
      {hoursForPeople(useFacts().hours).map((h) => (
        <div key={h.days}>
          <dt>{h.days}</dt>
          <dd>{h.hours}</dd>
        </div>
      ))}
    </dl>
  );
}
