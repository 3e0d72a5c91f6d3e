import { Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { HydrationBoundary, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { isLocale } from '@portal/kernel';
import { queryClient } from '../shared/api/query-client';
import { serverScope } from '../shared/ssr/scope';
import { activeI18n } from '../shared/i18n/i18n';
import { headBranding } from '../shared/i18n/locale-rules';
import { useAuthClaims } from '../shared/session/use-session';
import { ContentSlotsProvider } from '../shared/ui/content-slots';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import { CONTENT_SLOTS } from './assessment-slots';
import type { AppRouter } from './router';
import { useLocalizedTheme } from './localized-theme';
import { documentTitle, usePageHeadState } from '../shared/ui/page-head';
import { cssVariablesResolver, theme } from './theme';

const setMetaDescription = (content: string): void => {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = content;
};

/**
 * Keeps the head data (title, meta description) in the current language: the screen's own
 * (`usePageHead`) before the branding of common.json; users from Argentina or Uruguay get the
 * Spanish-branded one (000 §1).
 */
function DocumentHead() {
  const { i18n } = useTranslation('common');
  const claims = useAuthClaims();
  const page = usePageHeadState();
  const { brand, lng } = headBranding(claims?.country, isLocale(i18n.language) ? i18n.language : 'pt-BR');
  useEffect(() => {
    let cancelled = false;
    const apply = () => {
      if (cancelled) return;
      const t = i18n.getFixedT(lng, 'common');
      document.title = documentTitle(page, t(`branding.${brand}.title`));
      setMetaDescription(page?.description || t(`branding.${brand}.description`));
    };
    if (i18n.hasResourceBundle(lng, 'common')) apply();
    else void i18n.loadLanguages(lng).then(apply, () => undefined);
    return () => {
      cancelled = true;
    };
  }, [i18n, i18n.language, brand, lng, page]);
  return null;
}

const noSubscription = () => () => undefined;

/**
 * Until the browser has hydrated a server-rendered document, its form controls are disabled: text
 * typed into an input the page does not own yet would be thrown away when React takes the input
 * over (its state starts empty), and a button pressed then does nothing. A disabled fieldset (shown
 * as `display: contents`, so it changes no layout) disables every control inside it at once, and
 * the browser and assistive technology say so. The server's snapshot is false, the browser's true:
 * hydration renders with the server's, then React renders again with the browser's; a page rendered
 * only in the browser is enabled from its first render.
 */
function HydrationGate({ children }: { children: ReactNode }) {
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  return (
    <fieldset disabled={!hydrated} data-hydrated={hydrated ? 'true' : 'false'} style={{ display: 'contents' }}>
      {children}
    </fieldset>
  );
}

/**
 * The providers around the router, the same on both sides (ADR 0090): the server renders them
 * around its StaticRouterProvider with the request's client and i18next instance, the browser
 * around its RouterProvider; `queries` is the server's dehydrated react-query state.
 */
export function AppProviders({ children, queries }: { children: ReactNode; queries?: DehydratedState | undefined }) {
  const localizedTheme = useLocalizedTheme(theme);
  const scope = serverScope();
  return (
    <MantineProvider theme={localizedTheme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      {/* 000 §9: toasts 3000 ms, at most 350 px wide; at the bottom, not the spec's top-right,
          where they covered the header's controls and the drawers' close buttons (ADR 0014) */}
      <Notifications position="bottom-center" autoClose={3000} containerWidth={350} limit={3} />
      <I18nextProvider i18n={activeI18n()}>
        <QueryClientProvider client={scope?.queryClient ?? queryClient}>
          <HydrationBoundary state={queries}>
            <Suspense fallback={<FullPageLoader />}>
              <DocumentHead />
              {/* the assessment parts of the content screens (question overlays, certificates) */}
              <ContentSlotsProvider value={CONTENT_SLOTS}>
                <HydrationGate>{children}</HydrationGate>
              </ContentSlotsProvider>
            </Suspense>
          </HydrationBoundary>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}

/** Marks the document once the app's first effects ran: hydrated (or rendered) and interactive (ADR 0090). */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset['app'] = 'ready';
  }, []);
  return null;
}

export function App({ router, queries }: { router: AppRouter; queries?: DehydratedState | undefined }) {
  return (
    <AppProviders queries={queries}>
      <RouterProvider router={router} />
      <ReadyMark />
    </AppProviders>
  );
}
