import { useState, type MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { business, whatsappLink } from '../content/business.ts';
import { navEntries } from '../content/navigation.ts';
import { scrollToSection } from '../scroll.ts';
import { Icon } from './Icon.tsx';
import { paths } from '../paths.ts';

/**
 * Desktop menu and mobile slide-out menu. Without JavaScript the hamburger is a link to
 * #menu-movil (CSS :target opens the panel) and each entry is a plain /#section link.
 */
export function NavBar() {
  const [open, setOpen] = useState(false);
  const onHome = useLocation().pathname === paths.home;

  function go(event: MouseEvent<HTMLAnchorElement>, id: string) {
    setOpen(false);
    if (onHome && scrollToSection(id)) event.preventDefault();
  }

  const entries = (mobile: boolean) =>
    navEntries.map((entry) => (
      <li key={entry.id}>
        <a href={`${paths.home}#${entry.id}`} onClick={(e) => go(e, entry.id)}>
          {mobile ? entry.mobileLabel : entry.label}
        </a>
      </li>
    ));

  return (
    <header className="site-header">
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <div className="container header-bar">
        <a className="brand" href={paths.home} aria-label={`${business.name}, inicio`}>
          <img src="/logo.svg" alt="" width="36" height="36" />
          <span>{business.name}</span>
        </a>
        <nav className="nav-desktop" aria-label="Principal">
          <ul>{entries(false)}</ul>
        </nav>
        <a className="button button-small button-outline nav-prices" href={paths.priceList}>
          Precios
        </a>
        <a
          className="hamburger"
          href="#menu-movil"
          role="button"
          aria-label="Abrir menú"
          aria-controls="menu-movil"
          aria-expanded={open}
          onClick={(e) => {
            e.preventDefault();
            setOpen(true);
          }}
        >
          <Icon name="menu" />
        </a>
      </div>
      <div id="menu-movil" className={open ? 'mobile-menu open' : 'mobile-menu'}>
        <a
          className="mobile-close"
          href="#cerrar-menu"
          role="button"
          aria-label="Cerrar menú"
          onClick={(e) => {
            e.preventDefault();
            setOpen(false);
          }}
        >
          <Icon name="close" />
        </a>
        <nav aria-label="Menú móvil">
          <ul>
            {entries(true)}
            <li>
              <a href={paths.priceList} onClick={() => setOpen(false)}>
                Precios de parabrisas
              </a>
            </li>
          </ul>
        </nav>
        <a className="button button-whatsapp" href={whatsappLink()} rel="noopener">
          Escribinos por WhatsApp
        </a>
      </div>
    </header>
  );
}
