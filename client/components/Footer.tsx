import { shopContent, whatsappLink } from '../content/business.ts';
import { useFacts } from '../facts/use-facts.ts';
import { mapLinkUrl, profileHandle } from '../facts/links.ts';
import { ContactItem } from './ContactItem.tsx';
import { OpeningHours } from './OpeningHours.tsx';
import { paths } from '../paths.ts';
import { answerLinks } from '../content/navigation.ts';

export function Footer() {
  const { contact, fiscal } = useFacts();
  const { address } = contact;
  const badge = shopContent.dataFiscalBadge;
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-contacto">
          <h2 id="footer-contacto">Contacto</h2>
          <ul className="contact-list">
            <ContactItem icon="whatsapp" href={whatsappLink()}>
              WhatsApp {contact.whatsappDisplay}
            </ContactItem>
            <ContactItem icon="phone" href={`tel:${contact.phoneE164}`}>
              {contact.phoneDisplay}
            </ContactItem>
            <ContactItem icon="mail" href={`mailto:${contact.email}`}>
              {contact.email}
            </ContactItem>
            {contact.instagramUrl ? (
              <ContactItem icon="instagram" href={contact.instagramUrl}>
                Instagram {profileHandle(contact.instagramUrl)}
              </ContactItem>
            ) : null}
            {contact.facebookUrl ? (
              <ContactItem icon="facebook" href={contact.facebookUrl}>
                Facebook {profileHandle(contact.facebookUrl)}
              </ContactItem>
            ) : null}
            <ContactItem icon="pin" href={mapLinkUrl(address)}>
              {address.street}, {address.locality}
            </ContactItem>
          </ul>
        </section>
        <section aria-labelledby="footer-horarios">
          <h2 id="footer-horarios">Horarios</h2>
          <OpeningHours />
        </section>
        <section aria-labelledby="footer-sitio">
          <h2 id="footer-sitio">{contact.name}</h2>
          <p>{shopContent.tagline}.</p>
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
          {fiscal.dataFiscalUrl ? (
            <a className="data-fiscal" href={fiscal.dataFiscalUrl} rel="noopener">
              <img
                src={badge.imageUrl}
                alt="Data Fiscal: código QR de ARCA (ex AFIP)"
                width={badge.width}
                height={badge.height}
                loading="lazy"
              />
            </a>
          ) : null}
        </section>
      </div>
      <p className="container copyright">
        © {contact.name}. Precios en pesos argentinos con IVA incluido.
      </p>
    </footer>
  );
}
