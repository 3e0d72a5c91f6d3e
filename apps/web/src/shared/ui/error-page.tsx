import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../routing/paths';
import { PageShell } from './page-shell';
import { errorPageModel } from './error-page-model';

interface ErrorPageProps {
  status?: number;
  /** The catch-all route: an unknown page. */
  notFound?: boolean;
}

/** Error page of 000 §2.4, for unknown pages and for any error a route throws. */
export function ErrorPage({ status, notFound = false }: ErrorPageProps) {
  const { t } = useTranslation(['common', 'errors']);
  const model = errorPageModel(status, { notFound });
  const message = model.message.ns === 'errors' ? t(model.message.key, { ns: 'errors' }) : t(model.message.key, { ns: 'common' });

  return (
    <PageShell>
      <Stack gap="md" align="flex-start" data-testid="error-page" data-status={model.status}>
        <Title order={1}>{notFound ? t('errorPage.notFoundTitle') : t('errorPage.title', { status: model.status })}</Title>
        <Text size="lg" data-testid="error-message">
          {message}
        </Text>
        <Group gap="lg">
          {model.actions.includes('reload') && (
            <Anchor
              href={typeof window === 'undefined' ? '.' : window.location.href}
              onClick={(event) => {
                event.preventDefault();
                window.location.reload();
              }}
              data-testid="error-reload"
            >
              {t('nav.reload')}
            </Anchor>
          )}
          {model.actions.includes('home') && (
            <Anchor component={Link} to={paths.home} data-testid="error-home">
              {t('nav.backToHome')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </PageShell>
  );
}
