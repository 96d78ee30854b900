/**
 * The loaders of the panel's two layout routes (client/panel/routes.tsx), apart from the
 * routes so that the components reading their data do not import every screen.
 */
import type { AppLoaderArgs } from '../app-context.ts';
import { requirePanel } from './context.ts';

/** Every panel page: the session's form token (empty when signed out) for PanelForm, and the shop's published name. */
export function panelLoader({ context }: AppLoaderArgs) {
  return { csrfToken: context.panel?.csrfToken ?? '', shopName: context.facts.contact.name };
}

/** The signed-in layout's data: who. Without a session: 303 to the sign-in page. */
export function privateLoader({ context }: AppLoaderArgs) {
  const { person } = requirePanel(context);
  return { person };
}
