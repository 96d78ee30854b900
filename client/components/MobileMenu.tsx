import { useState, useSyncExternalStore, type MouseEvent } from 'react';
import { whatsappLink } from '../content/business.ts';
import { navEntries } from '../content/navigation.ts';
import { island } from '../islands/island.tsx';
import { Icon } from './Icon.tsx';
import { paths } from '../paths.ts';

const PANEL_ID = 'menu-movil';

/** Whether the URL's fragment opens the panel (CSS :target): the plain-HTML menu's state. */
function subscribeToHash(onChange: () => void) {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}
const openedByLink = () => window.location.hash === `#${PANEL_ID}`;

/**
 * The hamburger and the slide-out menu (an island). Without JavaScript, or before it is
 * hydrated, the hamburger is a link to #menu-movil (CSS :target opens the panel) and each
 * entry a plain /#section link (CSS scrolls smoothly); hydrated, it opens and closes in
 * place and keeps aria-expanded true to what is shown.
 */
function Menu() {
  const [open, setOpen] = useState(false);
  // Tapped before hydration, the hamburger's link opened the panel: it stays open until the
  // fragment changes (the close link, an entry), and React says so.
  const linked = useSyncExternalStore(subscribeToHash, openedByLink, () => false);

  function close(event: MouseEvent<HTMLAnchorElement>) {
    setOpen(false);
    if (!linked) event.preventDefault();
  }

  return (
    <>
      <a
        className="hamburger"
        href={`#${PANEL_ID}`}
        role="button"
        aria-label="Abrir menú"
        aria-controls={PANEL_ID}
        aria-expanded={open || linked}
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        <Icon name="menu" />
      </a>
      <div id={PANEL_ID} className={open ? 'mobile-menu open' : 'mobile-menu'}>
        <a
          className="mobile-close"
          href="#cerrar-menu"
          role="button"
          aria-label="Cerrar menú"
          onClick={close}
        >
          <Icon name="close" />
        </a>
        <nav aria-label="Menú móvil">
          <ul>
            {navEntries.map((entry) => (
              <li key={entry.id}>
                <a href={`${paths.home}#${entry.id}`} onClick={() => setOpen(false)}>
                  {entry.mobileLabel}
                </a>
              </li>
            ))}
            <li>
              <a href={paths.priceList} onClick={() => setOpen(false)}>
                Precios de parabrisas
              </a>
            </li>
          </ul>
        </nav>
        <a className="button button-whatsapp" href={whatsappLink()} rel="nofollow">
          Escribinos por WhatsApp
        </a>
      </div>
    </>
  );
}

export const MobileMenu = island('menu', Menu);
