import type { ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router-dom';
import type { panelLoader } from './layout-loaders.ts';

/** The form field with the session's token (server/panel/guard.ts CSRF_FIELD). */
export const CSRF_FIELD = '_csrf';

/** This session's form token, from the panel's top route (empty when signed out). */
export function usePanelToken(): string {
  return useRouteLoaderData<typeof panelLoader>('panel')?.csrfToken ?? '';
}

/**
 * Every form that changes something in the panel: a POST to `action` carrying the session's
 * token, which the panel's one guard checks (with the request's origin) before the route's
 * action runs. The action answers 303 (seeOther) when it succeeds.
 */
export function PanelForm({
  action,
  className,
  children,
  encType,
}: {
  action: string;
  className?: string;
  children: ReactNode;
  encType?: 'multipart/form-data';
}) {
  const token = usePanelToken();
  return (
    <form method="post" action={action} className={className} encType={encType}>
      {token ? <input type="hidden" name={CSRF_FIELD} value={token} /> : null}
      {children}
    </form>
  );
}
