import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePrivacyDeadlines } from '../api/privacy-deadlines';
import { formatCount } from '../model/format';

/** The dashboard's reminder of privacy requests near their deadline, for whom may act on them; links to the list. */
export function PrivacyDeadlinesCard({ enabled }: { enabled: boolean }) {
  const { t, i18n } = useTranslation('managerDashboard');
  const deadlines = usePrivacyDeadlines(enabled);
  if (!enabled || !deadlines.data) return null;
  const count = deadlines.data.nearDeadline;
  return (
    <Paper withBorder radius="md" p="md" data-testid="dashboard-privacy-deadlines">
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Text size="sm" c="dimmed" fw={600}>
            {t('privacy.title')}
          </Text>
          <Text fz={32} fw={700} c={count > 0 ? 'orange' : 'brand'} data-testid="dashboard-privacy-deadlines-value">
            {count > 0 ? formatCount(count, i18n.language) : t('privacy.none')}
          </Text>
        </Stack>
        <Anchor component={Link} to="/manager/users/privacy-requests?nearDeadline=true" size="sm">
          {t('privacy.link')}
        </Anchor>
      </Group>
    </Paper>
  );
}
