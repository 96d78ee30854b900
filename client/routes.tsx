import type { DataRouteObject } from 'react-router-dom';
import { redirect } from 'react-router-dom';
import type { AppLoaderArgs } from './app-context.ts';
import { Shell } from './components/Shell.tsx';
import type { RootData } from './components/PageMeta.tsx';
import { CATALOGUE_PATH } from './content/navigation.ts';
import { PageError, RootError, notFoundLoader } from './pages/ErrorPages.tsx';
import { HomePage, loader as homeLoader } from './pages/HomePage.tsx';
import { ProductPage, loader as productLoader } from './pages/ProductPage.tsx';
import { CataloguePage, loader as catalogueLoader, pickerLoader } from './pages/CataloguePage.tsx';
import { AboutPage } from './pages/AboutPage.tsx';
import { ModelsPage } from './pages/ModelsPage.tsx';
import { TestimonialsPage } from './pages/TestimonialsPage.tsx';
import { TeamPage } from './pages/TeamPage.tsx';
import { ContactPage } from './pages/ContactPage.tsx';
import { contactAction } from './contact/action.ts';

export function rootLoader({ context }: AppLoaderArgs): RootData {
  const { siteUrl, reviewsWidgetUrl } = context;
  return { siteUrl, reviewsWidgetUrl: reviewsWidgetUrl ?? null };
}

/** `/parabrisa/{marca}` alone: send the visitor to that brand in the price list. */
function brandLoader({ params, context }: AppLoaderArgs) {
  const brand = context.catalogue.findBrand(params.marca ?? '');
  return redirect(brand ? `${CATALOGUE_PATH}#${brand.slug}` : CATALOGUE_PATH, 301);
}

/** The pages (each with an id: the browser matches them again to hydrate), inside a pathless route whose error element keeps the navigation around. */
export const pageRoutes: DataRouteObject[] = [
  { id: 'home', index: true, loader: homeLoader, element: <HomePage /> },
  { id: 'catalogue', path: 'parabrisas', loader: catalogueLoader, element: <CataloguePage /> },
  { id: 'picker', path: 'parabrisas/buscar', loader: pickerLoader },
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
  { id: 'contact', path: 'contact', action: contactAction, element: <ContactPage /> },
  { id: 'not-found', path: '*', loader: notFoundLoader, element: null },
];

export function createRoutes(pages: DataRouteObject[] = pageRoutes): DataRouteObject[] {
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
