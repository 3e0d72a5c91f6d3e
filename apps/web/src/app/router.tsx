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
    children: [
      { index: true, lazy: () => import('../features/start/routes/start-route') },
      {
        path: 'auth',
        children: [
          { index: true, lazy: () => import('../features/auth/routes/sign-in-route') },
          { path: 'register', lazy: () => import('../features/auth/routes/register-route') },
          { path: 'logoff', lazy: () => import('../features/auth/routes/logoff-route') },
        ],
      },
      { path: 'auth2', lazy: () => import('../features/auth/routes/sign-in-route') },
      { path: 'home', lazy: () => import('../features/home/routes/home-route') },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
export type AppRouter = ReturnType<typeof createAppRouter>;
