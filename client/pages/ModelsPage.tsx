import { usePageTitle } from '../facts/use-facts.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { BookingBanner } from '../components/BookingBanner.tsx';
import { Icon } from '../components/Icon.tsx';
import { demoVehicles } from '../content/leftovers.ts';
import { paths } from '../paths.ts';

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** Template leftover (docs/product.md, Visitors and pages): six demo rental cars, noindex. */
export function ModelsPage() {
  return (
    <>
      <PageMeta title={usePageTitle('Vehicle Models')} description="Demo vehicle list." noindex />
      <PageHero title="Vehicle Models" path="/models" />
      <section className="section">
        <ul className="container card-grid">
          {demoVehicles.map((car) => (
            <li key={`${car.name}-${car.line}`} className="card demo-car">
              <img
                src={car.image}
                alt={`${car.name} ${car.line}`}
                width="320"
                height="200"
                loading="lazy"
              />
              <div className="card__body">
                <div className="demo-car__head">
                  <div>
                    <h2>{car.name}</h2>
                    <p className="demo-car__line">{car.line}</p>
                    <p className="stars" role="img" aria-label="5 stars">
                      {[1, 2, 3, 4, 5].map((n) => (
                        <Icon key={n} name="star" size={16} />
                      ))}
                    </p>
                  </div>
                  <p className="demo-car__price">
                    <strong>{usd.format(car.pricePerDay)}</strong> / per day
                  </p>
                </div>
                <ul className="demo-car__specs">
                  <li>4/5</li>
                  <li>Manual</li>
                  <li>Diesel</li>
                </ul>
                <a className="button button-primary" href={paths.home}>
                  Book Ride
                </a>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <BookingBanner />
    </>
  );
}
