import { business, whatsappLink } from '../content/business.ts';
import { ContactItem } from './ContactItem.tsx';
import { OpeningHours } from './OpeningHours.tsx';
import { paths } from '../paths.ts';
import { answerLinks } from '../content/navigation.ts';

export function Footer() {
  const { address } = business;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-contacto">
          <h2 id="footer-contacto">Contacto</h2>
          <ul className="contact-list">
            <ContactItem icon="whatsapp" href={whatsappLink()}>
              WhatsApp {business.phoneDisplay}
            </ContactItem>
            <ContactItem icon="phone" href={`tel:${business.phoneE164}`}>
              {business.phoneDisplay}
            </ContactItem>
            <ContactItem icon="mail" href={`mailto:${business.email}`}>
              {business.email}
            </ContactItem>
            <ContactItem icon="instagram" href={business.social.instagram.url}>
              Instagram {business.social.instagram.handle}
            </ContactItem>
            <ContactItem icon="facebook" href={business.social.facebook.url}>
              Facebook {business.social.facebook.handle}
            </ContactItem>
            <ContactItem icon="pin" href={business.mapLinkUrl}>
              {address.street}, {address.locality}
            </ContactItem>
          </ul>
        </section>
        <section aria-labelledby="footer-horarios">
          <h2 id="footer-horarios">Horarios</h2>
          <OpeningHours />
        </section>
        <section aria-labelledby="footer-sitio">
          <h2 id="footer-sitio">{business.name}</h2>
          <p>{business.tagline}.</p>
          <ul className="footer-links">
            <li>
              <a href={paths.priceList}>Precios de parabrisas por modelo</a>
            </li>
            {answerLinks.map((link) => (
              <li key={link.path}>
                <a href={link.path}>{link.label}</a>
              </li>
            ))}
            <li>
              <a href={paths.privacy}>Privacidad</a>
            </li>
          </ul>
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
