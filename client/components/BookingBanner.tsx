import { whatsappLink } from '../content/business.ts';
import { useFacts } from '../facts/use-facts.ts';
import { bookingBanner } from '../content/home.ts';

export function BookingBanner() {
  const { contact } = useFacts();
  return (
    <section className="booking-banner" aria-labelledby="booking-banner-title">
      <div className="container booking-banner__inner">
        <div>
          <h2 id="booking-banner-title">{bookingBanner.title}</h2>
          <p>{bookingBanner.text}</p>
        </div>
        <div className="booking-banner__actions">
          <a className="button button-light button-lg" href={`tel:${contact.phoneE164}`}>
            {contact.phoneDisplay}
          </a>
          <a className="button button-whatsapp" href={whatsappLink()} rel="nofollow">
            WhatsApp
          </a>
        </div>
      </div>
    </section>
  );
}
