import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import { NotFoundPage, RouteErrorPage } from '../shared/ui/route-error-page';

/**
 * Learner routes of 000 §2.1 built so far. Screens are lazy route modules (`loader` +
 * `Component`), so the first load only carries the shell; every route error, a failed chunk
 * included, renders the error page.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Outlet,
    errorElement: <RouteErrorPage />,
    HydrateFallback: FullPageLoader,
    // Session from the refresh cookie, translations and the Argentina rule, before every
    // screen (on every navigation: the rule depends on who is signed in).
    loader: (args) => import('../shared/session/guards').then((m) => m.rootLoader(args)),
    shouldRevalidate: () => true,
    children: [
      { index: true, lazy: () => import('../features/start/routes/start-route') },
      {
        path: 'auth',
        children: [
          { index: true, lazy: () => import('../features/auth/routes/sign-in-route') },
          { path: 'register', lazy: () => import('../features/auth/routes/register-route') },
          { path: 'logoff', lazy: () => import('../features/auth/routes/logoff-route') },
          { path: 'reset-password', lazy: () => import('../features/auth/routes/reset-password-route') },
          { path: 'action', lazy: () => import('../features/auth/routes/action-route') },
        ],
      },
      {
        path: 'auth2',
        children: [
          { index: true, lazy: () => import('../features/auth/routes/sign-in-route') },
          { path: 'verification', lazy: () => import('../features/account/routes/phone-verification-route') },
        ],
      },
      {
        path: 'account',
        children: [
          { path: 'profile', lazy: () => import('../features/account/routes/profile-route') },
          { path: 'verify-email', lazy: () => import('../features/account/routes/verify-email-route') },
        ],
      },
      {
        // "My content": the profile part (home) with the learning playlists below it
        path: 'home',
        lazy: () => import('../features/home/routes/home-route'),
        children: [{ index: true, lazy: () => import('../features/learning/routes/home-playlists-route') }],
      },
      // learning (issue 4): stations, training by crop, journeys, feeds, SCORM courses, protected downloads
      { path: 'station/:stationId/:detailId?', lazy: () => import('../features/learning/routes/station-route') },
      {
        path: 'training',
        children: [
          { index: true, lazy: () => import('../features/learning/routes/training-route') },
          { path: ':crop/:detail?', lazy: () => import('../features/learning/routes/station-route') },
        ],
      },
      {
        path: 'journey',
        children: [
          { index: true, lazy: () => import('../features/learning/routes/journey-route') },
          { path: 'list', lazy: () => import('../features/learning/routes/journey-list-route') },
          { path: 'list/my-training/:playlist?', lazy: () => import('../features/learning/routes/journey-list-route') },
          // also /journey/ctb_cast (Brazil): the catalogue answers 403 to the others
          { path: ':training/:detail?', lazy: () => import('../features/learning/routes/station-route') },
        ],
      },
      { path: 'feed/:playlist?', lazy: () => import('../features/learning/routes/feed-route') },
      { path: 'courses/:id?', lazy: () => import('../features/learning/routes/courses-route') },
      { path: 'download/:hash?', lazy: () => import('../features/learning/routes/download-route') },
      {
        // public training-center booking (001 §2): anonymous, in the booking layout
        path: 'public/booking',
        children: [
          { index: true, lazy: () => import('../features/booking/routes/booking-start-route') },
          { path: 'confirm', lazy: () => import('../features/booking/routes/booking-confirm-route') },
          { path: 'cancel', lazy: () => import('../features/booking/routes/booking-cancel-route') },
          { path: ':country', lazy: () => import('../features/booking/routes/booking-country-route') },
        ],
      },
      {
        // training-center scheduling (001 §2): tc_manager and tc_admin
        path: 'manager/tc',
        lazy: () => import('../features/manager-tc/routes/manager-tc-layout-route'),
        children: [
          { index: true, lazy: () => import('../features/manager-tc/routes/calendar-route') },
          { path: 'bookings', lazy: () => import('../features/manager-tc/routes/bookings-route') },
          { path: 'locations', lazy: () => import('../features/manager-tc/routes/locations-route') },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
export type AppRouter = ReturnType<typeof createAppRouter>;
