import { Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/offline/format';
import { removeOffline } from '../../../shared/offline/save-offline';
import { refreshSavedOffline, useSavedOffline } from '../../../shared/offline/saved-query';

/**
 * The profile's "Saved for offline" (issue 30, ADR 0094): the storage the portal uses on this
 * device and the free quota (navigator.storage.estimate), and each saved station, crop or journey
 * with its size and a remove button.
 */
export function OfflineStorage() {
  const { t, i18n } = useTranslation('field-mode');
  const client = useQueryClient();
  const { data } = useSavedOffline();
  if (!data || !data.supported) return null;
  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  const remove = async (id: string) => {
    await removeOffline(id);
    await refreshSavedOffline(client);
  };
  return (
    <Paper withBorder radius="md" p="lg" data-testid="offline-storage">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('storage.title')}
        </Title>
        {data.storage ? (
          <Stack gap={4}>
            <Text size="sm" data-testid="offline-storage-used" data-usage={data.storage.usage} data-quota={data.storage.quota}>
              {t('storage.used', { used: size(data.storage.usage), quota: size(data.storage.quota) })}
            </Text>
            <Progress value={data.storage.quota > 0 ? (data.storage.usage / data.storage.quota) * 100 : 0} aria-label={t('storage.title')} />
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('storage.unknown')}
          </Text>
        )}
        {data.saved.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('storage.empty')}
          </Text>
        )}
        {data.saved.map((saved) => (
          <Group key={saved.id} justify="space-between" wrap="nowrap" data-testid="offline-storage-item" data-offline-id={saved.id}>
            <Stack gap={0}>
              <Text size="sm" fw={500} component={Link} to={saved.pages[0] ?? '/'}>
                {saved.title}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`storage.kind.${saved.kind}`)} · {size(saved.bytes)} · {new Date(saved.savedAt).toLocaleString(i18n.language)}
              </Text>
            </Stack>
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => void remove(saved.id)} data-testid="offline-storage-remove">
              {t('storage.remove')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
