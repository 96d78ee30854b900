import { useFacts } from '../facts/use-facts.ts';
import { navEntries } from '../content/navigation.ts';
import { MobileMenu } from './MobileMenu.tsx';
import { paths } from '../paths.ts';

/**
 * The header: plain HTML (each entry a /#section link; CSS scrolls smoothly on the home
 * page) with the mobile menu as the one island in it.
 */
export function NavBar() {
  const { name } = useFacts().contact;
  return (
    <header className="site-header">
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <div className="container header-bar">
        <a className="brand" href={paths.home} aria-label={`${name}, inicio`}>
          <img src="/logo.svg" alt="" width="36" height="36" />
          <span>{name}</span>
        </a>
        <nav className="nav-desktop" aria-label="Principal">
          <ul>
            {navEntries.map((entry) => (
              <li key={entry.id}>
                <a href={`${paths.home}#${entry.id}`}>{entry.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <a className="button button-small button-outline nav-prices" href={paths.priceList}>
          Precios
        </a>
        <MobileMenu />
      </div>
    </header>
  );
}
