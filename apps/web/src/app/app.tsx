import { Suspense, useEffect } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { isLocale } from '@portal/kernel';
import { queryClient } from '../shared/api/query-client';
import { i18n } from '../shared/i18n/i18n';
import { headBranding } from '../shared/i18n/locale-rules';
import { useAuthClaims } from '../shared/session/use-session';
import { ContentSlotsProvider } from '../shared/ui/content-slots';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import { CONTENT_SLOTS } from './assessment-slots';
import type { AppRouter } from './router';
import { useLocalizedTheme } from './localized-theme';
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
 * Keeps the head data (title, meta description) in the current language, from the branding
 * table of common.json; users from Argentina or Uruguay get the Spanish-branded one (000 §1).
 */
function DocumentHead() {
  const { i18n } = useTranslation('common');
  const claims = useAuthClaims();
  const { brand, lng } = headBranding(claims?.country, isLocale(i18n.language) ? i18n.language : 'pt-BR');
  useEffect(() => {
    let cancelled = false;
    const apply = () => {
      if (cancelled) return;
      const t = i18n.getFixedT(lng, 'common');
      document.title = t(`branding.${brand}.title`);
      setMetaDescription(t(`branding.${brand}.description`));
    };
    if (i18n.hasResourceBundle(lng, 'common')) apply();
    else void i18n.loadLanguages(lng).then(apply, () => undefined);
    return () => {
      cancelled = true;
    };
  }, [i18n, i18n.language, brand, lng]);
  return null;
}

export function App({ router }: { router: AppRouter }) {
  const localizedTheme = useLocalizedTheme(theme);
  return (
    <MantineProvider theme={localizedTheme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      {/* 000 §9: toasts 3000 ms, at most 350 px wide; at the bottom, not the spec's top-right,
          where they covered the header's controls and the drawers' close buttons (ADR 0014) */}
      <Notifications position="bottom-center" autoClose={3000} containerWidth={350} limit={3} />
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<FullPageLoader />}>
            <DocumentHead />
            {/* the assessment parts of the content screens (question overlays, certificates) */}
            <ContentSlotsProvider value={CONTENT_SLOTS}>
              <RouterProvider router={router} />
            </ContentSlotsProvider>
          </Suspense>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}
