import { business, whatsappLink } from '../content/business.ts';
import { bookingBanner } from '../content/home.ts';

export function BookingBanner() {
  return (
    <section className="booking-banner" aria-labelledby="booking-banner-title">
      <div className="container booking-banner__inner">
        <div>
          <h2 id="booking-banner-title">{bookingBanner.title}</h2>
          <p>{bookingBanner.text}</p>
        </div>
        <div className="booking-banner__actions">
          <a className="button button-light button-lg" href={`tel:${business.phoneE164}`}>
            {business.phoneDisplay}
          </a>
          <a className="button button-whatsapp" href={whatsappLink()} rel="nofollow">
            WhatsApp
          </a>
        </div>
      </div>
    </section>
  );
}
