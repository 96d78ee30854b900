/**
 * The panel's routes: a top-level route beside the public site's (client/routes.tsx), with
 * its own layout. Every request to them passes server/panel/guard.ts first. Adding a screen:
 * docs/architecture.md, "Adding a panel screen".
 */
import type { DataRouteObject } from 'react-router-dom';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { panelPaths } from '../paths.ts';
import { panelLoader, privateLoader } from './layout-loaders.ts';
import { AccountPage, accountAction, accountLoader } from './AccountPage.tsx';
import { PanelShell } from './PanelShell.tsx';
import { PanelMeta } from './PanelMeta.tsx';
import { PushPage, pushAction, pushLoader } from './PushPage.tsx';
import { TodayPage, todayLoader } from './TodayPage.tsx';
import { MessagesPage, messagesAction, messagesLoader } from './MessagesPage.tsx';
import { BookingsPage, bookingsAction, bookingsLoader } from './BookingsPage.tsx';
import { PeoplePage, peopleAction, peopleLoader } from './PeoplePage.tsx';
import { ActivityPage, activityLoader } from './ActivityPage.tsx';
import { StatsPage, statsLoader } from './StatsPage.tsx';
import { ReviewsPage, reviewsAction, reviewsLoader } from './ReviewsPage.tsx';
import { QuotesPage, quotesLoader } from './QuotesPage.tsx';
import { QuoteBookingPage, quoteBookingAction, quoteBookingLoader } from './QuoteBookingPage.tsx';
import { PricesPage, pricesAction, pricesLoader } from './PricesPage.tsx';
import {
  PricesHistoryPage,
  pricesHistoryAction,
  pricesHistoryLoader,
} from './PricesHistoryPage.tsx';
import { BusinessPage, businessAction, businessLoader } from './BusinessPage.tsx';
import {
  BusinessHistoryPage,
  businessHistoryAction,
  businessHistoryLoader,
} from './BusinessHistoryPage.tsx';
import {
  InvitePage,
  LinkPage,
  SignInPage,
  inviteLoader,
  linkLoader,
  signInLoader,
} from './SignInPages.tsx';

/** A screen's route path under /panel. */
const screen = (path: string) => path.slice(`${panelPaths.signIn}/`.length);

/** The screens behind the sign-in, in the signed-in layout; one entry each. */
export const panelScreens: DataRouteObject[] = [
  {
    id: 'panel-today',
    path: screen(panelPaths.today),
    loader: todayLoader,
    element: <TodayPage />,
  },

  {
    id: 'panel-account',
    path: screen(panelPaths.account),
    loader: accountLoader,
    action: accountAction,
    element: <AccountPage />,
  },

  {
    id: 'panel-push',
    path: screen(panelPaths.push),
    loader: pushLoader,
    action: pushAction,
    element: <PushPage />,
  },

  {
    id: 'panel-messages',
    path: screen(panelPaths.messages),
    loader: messagesLoader,
    action: messagesAction,
    element: <MessagesPage />,
  },

  {
    id: 'panel-prices',
    path: screen(panelPaths.prices),
    loader: pricesLoader,
    action: pricesAction,
    element: <PricesPage />,
  },

  {
    id: 'panel-prices-history',
    path: screen(panelPaths.pricesHistory),
    loader: pricesHistoryLoader,
    action: pricesHistoryAction,
    element: <PricesHistoryPage />,
  },

  {
    id: 'panel-bookings',
    path: screen(panelPaths.bookings),
    loader: bookingsLoader,
    action: bookingsAction,
    element: <BookingsPage />,
  },

  {
    id: 'panel-reviews',
    path: screen(panelPaths.reviews),
    loader: reviewsLoader,
    action: reviewsAction,
    element: <ReviewsPage />,
  },

  {
    id: 'panel-business',
    path: screen(panelPaths.business),
    loader: businessLoader,
    action: businessAction,
    element: <BusinessPage />,
  },

  {
    id: 'panel-business-history',
    path: screen(panelPaths.businessHistory),
    loader: businessHistoryLoader,
    action: businessHistoryAction,
    element: <BusinessHistoryPage />,
  },

  {
    id: 'panel-quotes',
    path: screen(panelPaths.quotes),
    loader: quotesLoader,
    element: <QuotesPage />,
  },

  {
    id: 'panel-quote-booking',
    path: screen(panelPaths.quoteBooking),
    loader: quoteBookingLoader,
    action: quoteBookingAction,
    element: <QuoteBookingPage />,
  },

  {
    id: 'panel-stats',
    path: screen(panelPaths.stats),
    loader: statsLoader,
    element: <StatsPage />,
  },

  {
    id: 'panel-people',
    path: screen(panelPaths.people),
    loader: peopleLoader,
    action: peopleAction,
    element: <PeoplePage />,
  },

  {
    id: 'panel-activity',
    path: screen(panelPaths.activity),
    loader: activityLoader,
    element: <ActivityPage />,
  },

  { id: 'panel-not-found', path: '*', loader: panelNotFound, element: null },
];

function panelNotFound(): never {
  throw new Response(null, { status: 404 });
}

export const panelRoute: DataRouteObject = {
  id: 'panel',
  path: panelPaths.signIn,
  loader: panelLoader,
  errorElement: <PanelError />,
  children: [
    { id: 'panel-sign-in', index: true, loader: signInLoader, element: <SignInPage /> },
    { id: 'panel-link', path: screen(panelPaths.link), loader: linkLoader, element: <LinkPage /> },
    {
      id: 'panel-invite',
      path: screen(panelPaths.invite),
      loader: inviteLoader,
      element: <InvitePage />,
    },
    {
      id: 'panel-private',
      loader: privateLoader,
      element: <PanelShell />,
      errorElement: <PanelError />,
      children: panelScreens,
    },
  ],
};

/** A panel error: no detail, a way back. */
export function PanelError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? 'Esta página del panel no existe' : 'Algo salió mal';
  return (
    <div className="panel panel-entry">
      <PanelMeta title={title} />
      <main id="panel-contenido" className="panel-main">
        <h1>{title}</h1>
        <p>
          <a href={panelPaths.signIn}>Volver al panel</a>
        </p>
      </main>
    </div>
  );
}
