import { usePageTitle } from '../facts/use-facts.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { BookingBanner } from '../components/BookingBanner.tsx';
import { team } from '../content/leftovers.ts';

/** Template leftover (docs/product.md, Visitors and pages): six people cards, noindex. */
export function TeamPage() {
  return (
    <>
      <PageMeta title={usePageTitle('Our Team')} description="Our team." noindex />
      <PageHero title="Our Team" path="/team" />
      <section className="section">
        <ul className="container card-grid">
          {team.map((member) => (
            <li key={member.name} className="card team-card">
              <img
                src={member.image}
                alt={`Foto de ${member.name}`}
                width="320"
                height="320"
                loading="lazy"
              />
              <div className="card__body">
                <h2>{member.name}</h2>
                <p>{member.job}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <BookingBanner />
    </>
  );
}
