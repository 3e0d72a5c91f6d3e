import { Suspense, useEffect } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '../shared/api/query-client';
import { i18n } from '../shared/i18n/i18n';
import { FullPageLoader } from '../shared/ui/full-page-loader';
import type { AppRouter } from './router';
import { theme } from './theme';

/** Keeps the tab title in the current language. */
function DocumentTitle() {
  const { t } = useTranslation('common');
  useEffect(() => {
    document.title = t('app.name');
  }, [t]);
  return null;
}

export function App({ router }: { router: AppRouter }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* 000 §9: toasts top-right, 3000 ms, at most 350 px wide */}
      <Notifications position="top-right" autoClose={3000} maw={350} />
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<FullPageLoader />}>
            <DocumentTitle />
            <RouterProvider router={router} />
          </Suspense>
        </QueryClientProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}
