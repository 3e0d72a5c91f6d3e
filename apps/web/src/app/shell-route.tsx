import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { ClickTracer } from '../features/shell/components/click-tracer';
import { useStations } from '../features/shell/api/stations';
import { messagesQueryOptions } from '../features/notifications/api/notifications';
import { NotificationsButton } from '../features/notifications/components/notifications-button';
import { OfflineAlert } from '../features/realtime/components/offline-alert';
import { RealtimeConnection } from '../features/realtime/components/realtime-connection';
import { SessionExpiredModal } from '../features/realtime/components/session-expired-modal';
import { registerServiceWorker } from '../features/realtime/service-worker';
import { SearchShortcut } from '../features/search/components/search-shortcut';
import { SupportShortcut } from '../features/support/components/support-shortcut';
import { loadNamespaces } from '../shared/i18n/i18n';
import { useAccountReady, useSignedIn } from '../shared/session/use-session';
import { FeedbackPrompt } from '../shared/ui/feedback-prompt';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import { LoadingBar } from '../shared/ui/loading-bar';
import { asLocale, pickText } from '../shared/ui/shell/localized';
import { pushRoute, resetShellState, setShellState, useShellState } from '../shared/ui/shell/shell-store';
import { ShellSlotsProvider } from '../shared/ui/shell/slots';
import { useToggles } from '../shared/ui/shell/use-toggles';
import { knownContentQueryOptions } from './known-content';
import { familyOf, layoutFor } from './layout-for';
// The layouts are part of the shell's code: a lazy layout was fetched only once the screen's
// data had arrived and the shell rendered, one more round trip before the first paint (ADR 0013).
import { SideMenuLayout } from './layouts/side-menu-layout';
import { FullLayout, JourneyLayout, PublicLayout, TrainingLayout } from './layouts/top-header-layouts';
import { SHELL_SLOTS } from './shell-slots';
import { AskExpertNotices } from './ask-expert-slots';

/** The namespaces every layout and shell dialog reads. */
export const SHELL_NAMESPACES = ['shell', 'search', 'support', 'notifications', 'realtime'] as const;

const SearchDialog = lazy(() => import('../features/search/components/search-dialog').then((m) => ({ default: m.SearchDialog })));
const SupportDialog = lazy(() => import('../features/support/components/support-dialog').then((m) => ({ default: m.SupportDialog })));
const NotificationsSidebar = lazy(() => import('../features/notifications/components/notifications').then((m) => ({ default: m.NotificationsSidebar })));
const MessagesModal = lazy(() => import('../features/notifications/components/messages-modal').then((m) => ({ default: m.MessagesModal })));

/**
 * The shell's strings load with the first screen, not after it. Its data (the menus' stations,
 * the known content, the notifications) is asked for when it renders: asked for beside the
 * session, it reached the one-process server with the profile and the screen's data and made
 * them answer later (ADR 0013).
 */
export async function loader(): Promise<null> {
  await loadNamespaces(...SHELL_NAMESPACES);
  return null;
}

/**
 * A dialog's code is fetched the first time it opens, not with every page; once open it
 * stays mounted, so it can close with its transition.
 */
function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** Keeps the tab's route history (000 §3) and closes the mobile menu on every route change (000 §2.5). */
const useRouteHistory = (): void => {
  const { pathname, search } = useLocation();
  useEffect(() => {
    setShellState((s) => ({ routeHistory: pushRoute(s.routeHistory, `${pathname}${search}`), navbarOpen: false }));
  }, [pathname, search]);
};

/**
 * The app shell: one pathless route around every screen. It picks the layout of 000 §2.3 for
 * the path (or the route's `handle.layout`), and hosts what every layout shares: the loading
 * bar, the realtime stream and the session-expired modal, the offline alert, the F1 and "/"
 * shortcuts with the support and search dialogs, notifications, click tracing, the feedback
 * prompt and the service worker.
 */
export function Component() {
  const { t, i18n } = useTranslation('shell');
  const locale = asLocale(i18n.language);
  const { pathname } = useLocation();
  const matches = useMatches();
  const navigation = useNavigation();
  const signedIn = useSignedIn();
  // the learner area's routes answer 403 until the e-mail is verified and the profile complete:
  // the verify-email and profile screens must not call them (issue 13)
  const ready = useAccountReady();
  const toggles = useToggles();
  const client = useQueryClient();
  useRouteHistory();

  const override = [...matches].reverse().find((m) => (m.handle as { layout?: unknown } | undefined)?.layout !== undefined)?.handle as { layout?: unknown } | undefined;
  const layout = layoutFor(pathname, override?.layout);
  const family = familyOf(layout);

  const knownContent = useQuery({ ...knownContentQueryOptions(), enabled: ready });
  const known = useMemo(() => knownContent.data ?? [], [knownContent.data]);
  const stations = useStations(ready);
  const stationTitles = useMemo(() => (stations.data ?? []).filter((s) => s.parentId === null).map((s) => pickText(s.title, locale)), [stations.data, locale]);
  const notificationsOn = ready && toggles.notifications;
  const supportOpen = useShellState((s) => s.supportOpen);
  const searchOpen = useShellState((s) => s.searchOpen);
  const notificationsOpen = useShellState((s) => s.drawer === 'notifications');
  // the unread messages are asked for with the screen; the modal's code (and DOMPurify's) is
  // fetched only when there is a message to show (ADR 0013)
  const messages = useQuery({ ...messagesQueryOptions(locale), enabled: notificationsOn });
  const hasMessages = (messages.data?.length ?? 0) > 0;

  useEffect(() => {
    void registerServiceWorker();
  }, []);

  // a new user starts with a clean shell (no unseen count or history of the previous one)
  useEffect(() => {
    if (!signedIn) resetShellState();
  }, [signedIn]);

  const refreshKnown = useMemo(() => () => client.refetchQueries({ queryKey: knownContentQueryOptions().queryKey }), [client]);
  const notifications = notificationsOn ? <NotificationsButton knownContent={known} /> : null;

  let frame;
  switch (family) {
    case 'side-menu':
      frame = <SideMenuLayout layout={layout} notifications={notifications} />;
      break;
    case 'journey':
      frame = <JourneyLayout layout={layout} notifications={notifications} />;
      break;
    case 'training':
      frame = <TrainingLayout notifications={notifications} />;
      break;
    case 'public':
      frame = <PublicLayout layout={layout} />;
      break;
    case 'bare':
      frame = <FullLayout />;
      break;
    default:
      frame = (
        <div data-layout={layout}>
          <Outlet />
        </div>
      );
  }

  return (
    <ShellSlotsProvider value={SHELL_SLOTS}>
      <LoadingBar loading={navigation.state !== 'idle'} label={t('loading')} />
      <Suspense fallback={<FullPageLoader />}>{frame}</Suspense>
      <SupportShortcut />
      <ClickTracer context={layout} />
      <OfflineAlert />
      <FeedbackPrompt />
      {ready && <SearchShortcut />}
      {ready && <AskExpertNotices />}
      {signedIn && (
        <>
          <RealtimeConnection />
          <SessionExpiredModal />
        </>
      )}
      {/* each lazy dialog waits for its code alone: a loading one never unmounts the others */}
      <OnceOpened open={supportOpen}>
        <SupportDialog stationTitles={stationTitles} />
      </OnceOpened>
      {ready && (
        <OnceOpened open={searchOpen}>
          <SearchDialog knownContent={known} />
        </OnceOpened>
      )}
      {notificationsOn && (
        <>
          <OnceOpened open={notificationsOpen}>
            <NotificationsSidebar knownContent={known} onOpen={refreshKnown} />
          </OnceOpened>
          {/* shows the messages the server has for the user as soon as it knows them */}
          <OnceOpened open={hasMessages}>
            <MessagesModal />
          </OnceOpened>
        </>
      )}
    </ShellSlotsProvider>
  );
}
