import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data, useParams, type LoaderFunctionArgs } from 'react-router';
import { downloadParamsSchema, learningRoutes } from '@portal/learning/contracts/http';
import { API_BASE, routeUrl } from '../../../shared/api/client';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { LearningShell } from '../components/learning-shell';

/**
 * /download/:hash (000 §2.1): a protected file through its signed link. The link itself is
 * the permission (no session needed); an expired or revoked link is answered by the API.
 */
export async function loader({ params }: LoaderFunctionArgs): Promise<null> {
  if (!downloadParamsSchema.safeParse({ hash: params['hash'] ?? '' }).success) throw data(null, { status: 404 });
  await loadNamespaces('learning');
  return null;
}

export function Component() {
  const { t } = useTranslation('learning');
  const hash = useParams()['hash'] ?? '';
  const href = `${API_BASE}${routeUrl(learningRoutes.download.path, { hash })}`;
  return (
    <LearningShell>
      <Paper withBorder radius="md" p="xl" maw={560} mx="auto">
        <Stack gap="md">
          <Title order={1} size="h2" c="brand" data-testid="download-title">
            {t('download.title')}
          </Title>
          <Text>{t('download.body')}</Text>
          <Text size="sm" c="dimmed">
            {t('download.expiry')}
          </Text>
          <div>
            <Button component="a" href={href} download data-testid="download-link">
              {t('download.action')}
            </Button>
          </div>
        </Stack>
      </Paper>
    </LearningShell>
  );
}
