import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardStation } from '@portal/reporting/contracts/http';
import { titleIn } from '../model/localized';
import { userListPath } from '../model/user-list-link';

/** The five most completed or the five least started stations, each linking to its learners. */
export function StationList({ kind, stations }: { kind: 'mostCompleted' | 'leastStarted'; stations: DashboardStation[] }) {
  const { t, i18n } = useTranslation('managerDashboard');
  return (
    <Paper withBorder radius="md" p="md" data-testid={`dashboard-${kind}`}>
      <Title order={2} size="h4" mb="sm">
        {t(`stations.${kind}`)}
      </Title>
      {stations.length === 0 ? (
        <Text c="dimmed">{kind === 'mostCompleted' ? t('stations.noneCompleted') : t('stations.none')}</Text>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {stations.map((s) => (
            <Group key={s.stationId} component="li" justify="space-between" wrap="nowrap" data-testid={`dashboard-${kind}-${s.stationId}`}>
              <Anchor component={Link} to={userListPath(s.filters)}>
                {titleIn(s.title, i18n.language)}
              </Anchor>
              <Text size="sm" c="dimmed" ta="right">
                {kind === 'mostCompleted' ? t('stations.completions', { count: s.completions }) : t('stations.starts', { count: s.starts })}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
