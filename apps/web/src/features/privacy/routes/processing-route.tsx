import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { loadNamespaces } from '../../../shared/i18n/i18n';
import { requireSession } from '../../../shared/session/guards';
import { PageShell } from '../../../shared/ui/page-shell';
import { processingQueryOptions, useProcessingInfo } from '../api/privacy';

/** /account/privacy/processing: confirmation of processing and information about sharing (LGPD art. 18 I, VII). */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await Promise.all([requireSession(new URL(request.url), 'session'), loadNamespaces('privacy')]);
  await queryClient.ensureQueryData(processingQueryOptions());
  return null;
}

export function Component() {
  const { t } = useTranslation('privacy');
  const { data } = useProcessingInfo();
  return (
    <PageShell size="md">
      <Stack gap="lg">
        <Title order={1} c="brand" data-testid="processing-title">
          {t('processing.title')}
        </Title>
        <Text>{t('processing.intro')}</Text>
        <Paper withBorder radius="md" p="lg">
          <List spacing="xs">
            {data.categories.map((c) => (
              <List.Item key={c} data-testid={`processing-category-${c}`}>
                {t(`processing.categories.${c}`)}
              </List.Item>
            ))}
          </List>
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="sm">
            <Title order={2} size="h3">
              {t('processing.sharingTitle')}
            </Title>
            {data.sharing.map((s) => (
              <Group key={s.recipient} justify="space-between" data-testid={`processing-recipient-${s.recipient}`}>
                <Text>{t(`processing.recipients.${s.recipient}`)}</Text>
                <Badge color={s.configured ? 'green' : 'gray'} variant="light">
                  {s.configured ? (s.host ? t('processing.configuredHost', { host: s.host }) : t('processing.configured')) : t('processing.notConfigured')}
                </Badge>
              </Group>
            ))}
          </Stack>
        </Paper>
      </Stack>
    </PageShell>
  );
}
