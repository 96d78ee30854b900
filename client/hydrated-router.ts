import {
  createStaticRouter,
  matchRoutes,
  type DataRouteObject,
  type StaticHandlerContext,
} from 'react-router-dom';

type HydrationData = Pick<StaticHandlerContext, 'loaderData' | 'actionData' | 'errors'>;

declare global {
  interface Window {
    __staticRouterHydrationData?: HydrationData;
  }
}

/**
 * The browser's router: a data router that cannot navigate, rebuilt from the data the
 * server rendered with. Every link on this site is a plain document request, so the
 * browser never needs client-side navigation; createBrowserRouter would add 16 KB
 * gzipped of navigation code to every page (README, "Why a static router in the browser").
 * Error responses arrive as plain objects with status/statusText/internal/data, which
 * isRouteErrorResponse recognises, so a 404 page hydrates exactly as it was rendered.
 */
export function createHydratedRouter(routes: DataRouteObject[]) {
  const data = window.__staticRouterHydrationData ?? {
    loaderData: {},
    actionData: null,
    errors: null,
  };
  const location = {
    pathname: window.location.pathname,
    search: window.location.search,
    hash: window.location.hash,
    state: null,
    key: 'default',
  };
  const matches = matchRoutes(routes, location) ?? [];
  const context: StaticHandlerContext = {
    basename: '/',
    location,
    matches,
    loaderData: data.loaderData,
    actionData: data.actionData,
    errors: data.errors,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
  };
  return { router: createStaticRouter(routes, context), context };
}
