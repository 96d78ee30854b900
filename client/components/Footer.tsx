import { business, whatsappLink } from '../content/business.ts';
import { CATALOGUE_PATH } from '../content/navigation.ts';
import { Icon } from './Icon.tsx';

export function Footer() {
  const { address } = business;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-contacto">
          <h2 id="footer-contacto">Contacto</h2>
          <ul className="contact-list">
            <li>
              <Icon name="whatsapp" />
              <a href={whatsappLink()} rel="noopener">
                WhatsApp {business.phoneDisplay}
              </a>
            </li>
            <li>
              <Icon name="phone" />
              <a href={`tel:${business.phoneE164}`}>{business.phoneDisplay}</a>
            </li>
            <li>
              <Icon name="mail" />
              <a href={`mailto:${business.email}`}>{business.email}</a>
            </li>
            <li>
              <Icon name="instagram" />
              <a href={business.social.instagram.url} rel="noopener">
                Instagram {business.social.instagram.handle}
              </a>
            </li>
            <li>
              <Icon name="facebook" />
              <a href={business.social.facebook.url} rel="noopener">
                Facebook {business.social.facebook.handle}
              </a>
            </li>
            <li>
              <Icon name="pin" />
              <a href={business.mapLinkUrl} rel="noopener">
                {address.street}, {address.locality}
              </a>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-horarios">
          <h2 id="footer-horarios">Horarios</h2>
          <dl className="hours">
            {business.hoursDisplay.map((h) => (
              <div key={h.days}>
                <dt>{h.days}</dt>
                <dd>{h.hours}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="footer-sitio">
          <h2 id="footer-sitio">{business.name}</h2>
          <p>{business.tagline}.</p>
          <p>
            <a href={CATALOGUE_PATH}>Precios de parabrisas por modelo</a>
          </p>
          <a className="data-fiscal" href={business.dataFiscal.url} rel="noopener">
            <img
              src={business.dataFiscal.imageUrl}
              alt="Data Fiscal: código QR de ARCA (ex AFIP)"
              width={business.dataFiscal.width}
              height={business.dataFiscal.height}
              loading="lazy"
            />
          </a>
        </section>
      </div>
      <p className="container copyright">
        © {business.name}. Precios en pesos argentinos con IVA incluido.
      </p>
    </footer>
  );
}
