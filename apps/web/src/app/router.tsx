import { createBrowserRouter, Outlet, type HydrationState, type RouteObject } from 'react-router';
import { rootLoader } from '../shared/session/guards';
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
    // screen (on every navigation: the rule depends on who is signed in). In the first file:
    // it runs on every load, so a chunk of its own would only add a round trip (ADR 0013).
    loader: rootLoader,
    shouldRevalidate: () => true,
    children: [
      {
        // The app shell (issue 6): picks the layout of 000 §2.3 for each path (or a route's
        // `handle: { layout }`) and hosts the shared dialogs, realtime stream and loading bar.
        id: 'shell',
        lazy: () => import('./shell-route'),
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
              { path: 'link', lazy: () => import('../features/auth/routes/sign-in-link-route') },
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
              { path: 'privacy', lazy: () => import('../features/privacy/routes/privacy-route') },
              { path: 'privacy/processing', lazy: () => import('../features/privacy/routes/processing-route') },
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
          // assessment and scoring (issue 5): adaptive learning, the assessment area, public surveys,
          // and the public certificate check the certificate's QR code opens (scoring CERTIFICATE_VERIFY_PAGE)
          {
            path: 'learning',
            children: [
              { index: true, lazy: () => import('../features/assessment/routes/learning-route') },
              { path: 'questions', lazy: () => import('../features/assessment/routes/learning-questions-route') },
              { path: 'questions/recommendations', lazy: () => import('../features/assessment/routes/recommendations-route') },
            ],
          },
          {
            path: 'area/assessment',
            children: [
              { index: true, lazy: () => import('../features/assessment/routes/area-route') },
              { path: 'result', lazy: () => import('../features/assessment/routes/result-route') },
              { path: ':detail', lazy: () => import('../features/assessment/routes/area-detail-route') },
            ],
          },
          { path: 'public/survey/:country?/:detail?', lazy: () => import('../features/assessment/routes/survey-route') },
          { path: 'certificates/verify/:code', lazy: () => import('../features/assessment/routes/certificate-verify-route') },
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
          {
            // user management (001 §2, issue 14): company staff with a company, or manage_all_companies
            path: 'manager/users',
            lazy: () => import('../features/manager/routes/manager-users-layout-route'),
            children: [
              { index: true, lazy: () => import('../features/manager/routes/users-route') },
              // bulk onboarding from a CSV file (issue 14, ADR 0055)
              { path: 'import', lazy: () => import('../features/manager/routes/import-users-route') },
              // companies and reference data of the manager area (issue 14, ADR 0051)
              { path: 'companies', lazy: () => import('../features/manager-companies/routes/companies-route') },
              // reports (001 §2; issue 16, ADR 0070)
              { path: 'answers-report', lazy: () => import('../features/manager-reports/routes/answers-report-route') },
              { path: 'stations-content-answers-report', lazy: () => import('../features/manager-reports/routes/station-content-answers-report-route') },
              { path: 'expert-ask-question', lazy: () => import('../features/manager-reports/routes/expert-questions-report-route') },
              { path: 'whatsapp-messages', lazy: () => import('../features/manager-reports/routes/messaging-report-route') },
              { path: 'stations-score-report', lazy: () => import('../features/manager-reports/routes/station-scores-report-route') },
              { path: 'companies-report', lazy: () => import('../features/manager-reports/routes/companies-report-route') },
              { path: 'stations-content-report', lazy: () => import('../features/manager-reports/routes/station-content-report-route') },
              { path: 'stations-report', lazy: () => import('../features/manager-reports/routes/stations-report-route') },
              { path: 'ctb-cast-dowload-status', lazy: () => import('../features/manager-reports/routes/podcast-downloads-report-route') },
              // SCORM zips uploaded into stations (issue 27, ADR 0084): manage_all_companies
              { path: 'scorm-upload', lazy: () => import('../features/manager-content/routes/scorm-upload-route') },
              { path: 'privacy-requests', lazy: () => import('../features/privacy/routes/privacy-requests-route') },
              // the reports of issue 13 follow
            ],
          },
          { path: 'manager/reference-data', lazy: () => import('../features/manager-companies/routes/reference-data-route') },
          // manager dashboard (001 §2; issue 14): company staff with view_manager_dashboard, manage_all_companies
          { path: 'manager/dashboard', lazy: () => import('../features/manager-dashboard/routes/dashboard-route') },
          {
            // scheduled events (001 §2, issue 15, ADR 0061): the staff list, form, report, check-in screen and
            // quizzes; the learner's my events, published view, the scan page the staff code opens, the quiz
            path: 'scheduled-events',
            children: [
              { index: true, lazy: () => import('../features/scheduled-events/routes/list-route') },
              { path: 'my-events', lazy: () => import('../features/scheduled-events/routes/my-events-route') },
              { path: 'import', lazy: () => import('../features/scheduled-events/routes/import-route') },
              { path: 'import-users', lazy: () => import('../features/scheduled-events/routes/import-users-route') },
              { path: 'form/:id', lazy: () => import('../features/scheduled-events/routes/form-route') },
              { path: 'published/:id', lazy: () => import('../features/scheduled-events/routes/published-route') },
              { path: 'published/:id/quiz/:quizId', lazy: () => import('../features/scheduled-events/routes/quiz-take-route') },
              { path: 'reports/:id', lazy: () => import('../features/scheduled-events/routes/report-route') },
              { path: 'check-in/:id', lazy: () => import('../features/scheduled-events/routes/check-in-route') },
              { path: 'scan', lazy: () => import('../features/scheduled-events/routes/scan-route') },
              { path: 'quizzes', lazy: () => import('../features/scheduled-events/routes/quizzes-route') },
              { path: 'quizzes/:id', lazy: () => import('../features/scheduled-events/routes/quiz-editor-route') },
            ],
          },
          // the auditor's area (issue 16, ADR 0071): role auditor
          { path: 'audit', lazy: () => import('../features/audit/routes/audit-route') },
          { path: 'audit/privacy', lazy: () => import('../features/privacy/routes/audit-privacy-route') },
          { path: 'privacy/exports/:requestId', lazy: () => import('../features/privacy/routes/export-download-route') },
          { path: 'audit/:kind/:id', lazy: () => import('../features/audit/routes/audit-route') },
          // ask the expert (000 §4.1, ADR 0072): the learner's questions, the experts' queue, who answers which theme
          {
            path: 'ask-expert',
            children: [
              { index: true, lazy: () => import('../features/ask-expert/routes/ask-expert-route') },
              { path: 'queue', lazy: () => import('../features/ask-expert/routes/expert-queue-route') },
            ],
          },
          { path: 'manager/experts', lazy: () => import('../features/ask-expert/routes/experts-route') },
          // support messages received (admins; issue 6)
          { path: 'manager/support', lazy: () => import('../features/support/routes/support-messages-route') },
          // public content pages (000 §2.1), in the public layout; content from /api/pages
          {
            path: 'br',
            children: [
              { index: true, lazy: () => import('../features/public-pages/routes/public-route') },
              { path: 'articles/:slug?', lazy: () => import('../features/public-pages/routes/public-route') },
              { path: 'content/i2x/:slug?', lazy: () => import('../features/public-pages/routes/public-route') },
              { path: ':slug', lazy: () => import('../features/public-pages/routes/public-route') },
            ],
          },
          { path: 'tour/:tour', lazy: () => import('../features/public-pages/routes/public-route') },
          { path: 'ar/content/:slug', lazy: () => import('../features/public-pages/routes/public-route') },
          { path: 'dev/map', lazy: () => import('../features/public-pages/routes/dev-map-route') },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

/** `hydrationData`: the loader data of a server-rendered document (ADR 0090); its loaders do not run again. */
export const createAppRouter = (hydrationData?: HydrationState) => createBrowserRouter(routes, hydrationData ? { hydrationData } : {});
export type AppRouter = ReturnType<typeof createAppRouter>;
