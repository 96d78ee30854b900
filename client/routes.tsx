import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { redirect } from 'react-router';
import { appContext } from './app-context.ts';
import { Shell } from './components/Shell.tsx';
import type { RootData } from './components/PageMeta.tsx';
import { CATALOGUE_PATH } from './content/navigation.ts';
import { PageError, RootError, notFoundLoader } from './pages/ErrorPages.tsx';
import { ALBUMS_PARAM, HomePage, loader as homeLoader } from './pages/HomePage.tsx';
import { ProductPage, loader as productLoader } from './pages/ProductPage.tsx';
import { CataloguePage, loader as catalogueLoader, pickerLoader } from './pages/CataloguePage.tsx';
import { AboutPage } from './pages/AboutPage.tsx';
import { ModelsPage } from './pages/ModelsPage.tsx';
import { TestimonialsPage } from './pages/TestimonialsPage.tsx';
import { TeamPage } from './pages/TeamPage.tsx';
import { ContactPage } from './pages/ContactPage.tsx';
import { contactAction } from './contact/action.ts';

function rootLoader({ context }: LoaderFunctionArgs): RootData {
  const { siteUrl, reviewsWidgetUrl } = appContext(context);
  return { siteUrl, reviewsWidgetUrl: reviewsWidgetUrl ?? null };
}

/** `/parabrisa/{marca}` alone: send the visitor to that brand in the price list. */
function brandLoader({ params, context }: LoaderFunctionArgs) {
  const brand = appContext(context).catalogue.findBrand(params.marca ?? '');
  return redirect(brand ? `${CATALOGUE_PATH}#${brand.slug}` : CATALOGUE_PATH, 301);
}

/**
 * A route's `handle`: the query parameters its page reads. The server renders and keeps one
 * page per path and these parameters; it never shows the page any other parameter
 * (`?utm_source=…`), so a page that reads one must list it here.
 */
const reads = (...searchParams: string[]) => ({ searchParams });

/** The pages (each with an id: the browser matches them again to hydrate), inside a pathless route whose error element keeps the navigation around. */
export const pageRoutes: RouteObject[] = [
  {
    id: 'home',
    index: true,
    loader: homeLoader,
    element: <HomePage />,
    handle: reads(ALBUMS_PARAM),
  },
  { id: 'catalogue', path: 'parabrisas', loader: catalogueLoader, element: <CataloguePage /> },
  {
    id: 'picker',
    path: 'parabrisas/buscar',
    loader: pickerLoader,
    handle: reads('marca', 'modelo'),
  },
  { id: 'brands', path: 'parabrisa', loader: () => redirect(CATALOGUE_PATH, 301) },
  { id: 'brand', path: 'parabrisa/:marca', loader: brandLoader },
  {
    id: 'product',
    path: 'parabrisa/:marca/:modelo',
    loader: productLoader,
    element: <ProductPage />,
  },
  { id: 'about', path: 'about', element: <AboutPage /> },
  { id: 'models', path: 'models', element: <ModelsPage /> },
  { id: 'testimonials', path: 'testimonials', element: <TestimonialsPage /> },
  { id: 'team', path: 'team', element: <TeamPage /> },
  {
    id: 'contact',
    path: 'contact',
    action: contactAction,
    element: <ContactPage />,
    handle: reads('enviado'),
  },
  { id: 'not-found', path: '*', loader: notFoundLoader, element: null },
];

export function createRoutes(pages: RouteObject[] = pageRoutes): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      loader: rootLoader,
      element: <Shell />,
      errorElement: <RootError />,
      children: [{ id: 'pages', errorElement: <PageError />, children: pages }],
    },
  ];
}

export const routes = createRoutes();
