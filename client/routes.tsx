import type { DataRouteObject } from 'react-router-dom';
import { redirect } from 'react-router-dom';
import type { AppLoaderArgs } from './app-context.ts';
import { Shell } from './components/Shell.tsx';
import type { RootData } from './root-data.ts';
import { PageError, RootError, notFoundLoader } from './pages/ErrorPages.tsx';
import { HomePage, loader as homeLoader } from './pages/HomePage.tsx';
import { ProductPage, loader as productLoader, rearWindowLoader } from './pages/ProductPage.tsx';
import { PriceListPage, loader as priceListLoader, pickerLoader } from './pages/PriceListPage.tsx';
import { BrandPage, loader as brandPageLoader } from './pages/BrandPage.tsx';
import { SearchPage, canonicalSearch, loader as searchLoader } from './pages/SearchPage.tsx';
import {
  RepairOrReplacePage,
  loader as repairOrReplaceLoader,
} from './pages/RepairOrReplacePage.tsx';
import { InsurancePage } from './pages/InsurancePage.tsx';
import { WarrantyPage } from './pages/WarrantyPage.tsx';
import { HomeInstallationPage } from './pages/HomeInstallationPage.tsx';
import { TintPage } from './pages/TintPage.tsx';
import { PrivacyPage } from './pages/PrivacyPage.tsx';
import { selfCheckParams } from './repair/self-check.ts';
import { AboutPage } from './pages/AboutPage.tsx';
import { ModelsPage } from './pages/ModelsPage.tsx';
import {
  TestimonialsPage,
  canonicalJob,
  canonicalPage,
  loader as testimonialsLoader,
} from './pages/TestimonialsPage.tsx';
import { ReviewFormPage } from './pages/ReviewFormPage.tsx';
import { reviewAction, reviewLoader } from './reviews/action.ts';
import { TeamPage } from './pages/TeamPage.tsx';
import { ContactPage } from './pages/ContactPage.tsx';
import { contactAction, contactLoader } from './contact/action.ts';
import { BookingPage } from './pages/BookingPage.tsx';
import { BookingManagePage } from './pages/BookingManagePage.tsx';
import { bookingAction, bookingLoader, manageAction, manageLoader } from './booking/action.ts';
import { bookingPageParams } from './booking/form.ts';
import { paths, priceListSections, queryParams, routePath } from './paths.ts';
import { productPageParams } from './components/version-filter.ts';
import { asGiven, onlyValue, reads } from './page-identity.ts';
import { canonicalAlbums } from './gallery/types.ts';
import { panelRoute } from './panel/routes.tsx';
import { QuoteFormPage } from './pages/QuoteFormPage.tsx';
import { QuotePage } from './pages/QuotePage.tsx';
import {
  canonicalCode,
  quoteAction,
  quoteFormLoader,
  quoteOwnLoader,
  quoteVerifyLoader,
} from './quote/action.ts';

export function rootLoader({ context }: AppLoaderArgs): RootData {
  const { siteUrl, facts } = context;
  return { siteUrl, facts };
}

/** `/parabrisa/{marca}` alone: send the visitor to that brand's page of the price list. */
function brandLoader({ params, context }: AppLoaderArgs) {
  const brand = context.catalogue.findBrand(params.marca ?? '');
  return redirect(brand ? paths.priceListBrand(brand.slug) : paths.priceList, 301);
}

/** `/luneta` and `/luneta/{marca}` alone: the rear windows (of that brand) in the price list. */
function rearWindowBrandLoader({ params, context }: AppLoaderArgs) {
  const brand = context.catalogue.findBrand(params.marca ?? '');
  const section = `#${priceListSections.rearWindows}`;
  return redirect(
    brand?.lunetas
      ? `${paths.priceListBrand(brand.slug)}${section}`
      : `${paths.priceList}${section}`,
    301,
  );
}

/** The pages (each with an id: the browser matches them again to hydrate), inside a pathless route whose error element keeps the navigation around. */
export const pageRoutes: DataRouteObject[] = [
  {
    id: 'home',
    index: true,
    loader: homeLoader,
    element: <HomePage />,
    handle: reads({ [queryParams.albums]: canonicalAlbums }),
  },
  {
    id: 'price-list',
    path: routePath(paths.priceList),
    loader: priceListLoader,
    element: <PriceListPage />,
  },
  {
    id: 'price-list-brand',
    path: routePath(paths.priceListBrand(':marca')),
    loader: brandPageLoader,
    element: <BrandPage />,
  },
  {
    id: 'search',
    path: routePath(paths.search),
    loader: searchLoader,
    element: <SearchPage />,
    handle: reads({ [queryParams.search]: canonicalSearch }),
  },
  {
    id: 'picker',
    path: routePath(paths.picker),
    loader: pickerLoader,
    handle: reads({
      [queryParams.pickerBrand]: asGiven,
      [queryParams.pickerModel]: asGiven,
      [queryParams.pickerPiece]: asGiven,
    }),
  },
  { id: 'brands', path: routePath(paths.brands), loader: () => redirect(paths.priceList, 301) },
  { id: 'brand', path: routePath(paths.brand(':marca')), loader: brandLoader },
  {
    id: 'product',
    path: routePath(paths.product(':marca', ':modelo')),
    loader: productLoader,
    element: <ProductPage />,
    handle: reads(productPageParams),
  },
  {
    id: 'rear-windows',
    path: routePath(paths.rearWindows),
    loader: rearWindowBrandLoader,
  },
  {
    id: 'rear-window-brand',
    path: routePath(paths.rearWindowBrand(':marca')),
    loader: rearWindowBrandLoader,
  },
  {
    id: 'rear-window',
    path: routePath(paths.rearWindow(':marca', ':modelo')),
    loader: rearWindowLoader,
    element: <ProductPage />,
    handle: reads(productPageParams),
  },
  {
    id: 'repair-or-replace',
    path: routePath(paths.repairOrReplace),
    loader: repairOrReplaceLoader,
    element: <RepairOrReplacePage />,
    handle: reads(selfCheckParams),
  },
  { id: 'insurance', path: routePath(paths.insurance), element: <InsurancePage /> },
  { id: 'warranty', path: routePath(paths.warranty), element: <WarrantyPage /> },
  {
    id: 'home-installation',
    path: routePath(paths.homeInstallation),
    element: <HomeInstallationPage />,
  },
  { id: 'tint', path: routePath(paths.tint), element: <TintPage /> },
  { id: 'privacy', path: routePath(paths.privacy), element: <PrivacyPage /> },
  { id: 'about', path: routePath(paths.about), element: <AboutPage /> },
  { id: 'models', path: routePath(paths.models), element: <ModelsPage /> },
  {
    id: 'testimonials',
    path: routePath(paths.testimonials),
    loader: testimonialsLoader,
    element: <TestimonialsPage />,
    handle: reads({ [queryParams.reviewJob]: canonicalJob, [queryParams.page]: canonicalPage }),
  },
  { id: 'team', path: routePath(paths.team), element: <TeamPage /> },
  {
    id: 'contact',
    path: routePath(paths.contact),
    loader: contactLoader,
    action: contactAction,
    element: <ContactPage />,
    handle: reads({ [queryParams.sent]: onlyValue('1') }),
  },
  {
    id: 'booking',
    path: routePath(paths.booking),
    loader: bookingLoader,
    action: bookingAction,
    element: <BookingPage />,
    handle: reads(bookingPageParams),
  },
  {
    id: 'booking-manage',
    path: routePath(paths.bookingManage(':token')),
    loader: manageLoader,
    action: manageAction,
    element: <BookingManagePage />,
    handle: reads({ [queryParams.bookingNew]: onlyValue('1') }),
  },
  {
    id: 'review',
    path: routePath(paths.review(':token')),
    loader: reviewLoader,
    action: reviewAction,
    element: <ReviewFormPage />,
    handle: reads({ [queryParams.reviewSent]: onlyValue('1') }),
  },
  {
    id: 'quote-form',
    path: routePath(paths.quoteForm),
    loader: quoteFormLoader,
    action: quoteAction,
    element: <QuoteFormPage />,
    handle: reads({
      [queryParams.quote.piece]: asGiven,
      [queryParams.quote.brand]: asGiven,
      [queryParams.quote.model]: asGiven,
      [queryParams.quote.version]: asGiven,
    }),
  },
  {
    id: 'quote-verify',
    path: routePath(paths.quote(':numero')),
    loader: quoteVerifyLoader,
    element: <QuotePage />,
    handle: reads({ [queryParams.quoteCode]: canonicalCode }),
  },
  {
    id: 'quote-own',
    path: routePath(paths.quoteOwn(':numero', ':clave')),
    loader: quoteOwnLoader,
    element: <QuotePage />,
  },
  { id: 'not-found', path: '*', loader: notFoundLoader, element: null },
];

export function createRoutes(pages: DataRouteObject[] = pageRoutes): DataRouteObject[] {
  return [
    {
      id: 'root',
      path: paths.home,
      loader: rootLoader,
      element: <Shell />,
      errorElement: <RootError />,
      children: [{ id: 'pages', errorElement: <PageError />, children: pages }],
    },
    // The owner's panel: its own layout, behind server/panel/guard.ts.
    panelRoute,
  ];
}

export const routes = createRoutes();
