import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ManagerDashboard } from '@portal/reporting/contracts/http';
import { BarChartWithTable } from '../../../shared/ui/bar-chart-with-table';
import { formatCount, weekLabel } from '../model/format';
import { userListPath } from '../model/user-list-link';

/** Completions and answers of the last 12 ISO weeks (a bar chart, and the same figures as a table for screen readers). */
export function ActivityChart({ activity }: { activity: ManagerDashboard['activity'] }) {
  const { t, i18n } = useTranslation('managerDashboard');
  return (
    <Paper withBorder radius="md" p="md" data-testid="dashboard-activity">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('activity.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('activity.subtitle')}
        </Text>
        <BarChartWithTable
          height={260}
          tableTestId="dashboard-activity-table"
          categoryLabel={t('activity.week')}
          rows={activity.weeks.map((w) => ({ category: weekLabel(w.startsOn, i18n.language), completions: w.completions, answers: w.answers }))}
          series={[
            { name: 'completions', label: t('activity.completions'), color: 'brand.6' },
            { name: 'answers', label: t('activity.answers'), color: 'orange.5' },
          ]}
          legendProps={{ verticalAlign: 'bottom' }}
          valueFormatter={(n) => formatCount(n, i18n.language)}
        />
        <Anchor component={Link} to={userListPath(activity.filters)} size="sm" data-testid="dashboard-activity-learners">
          {t('activity.seeLearners')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
