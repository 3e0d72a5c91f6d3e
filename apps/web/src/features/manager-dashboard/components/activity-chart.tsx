import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Anchor, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ManagerDashboard } from '@portal/reporting/contracts/http';
import { formatCount, weekLabel } from '../model/format';
import { userListPath } from '../model/user-list-link';

/** Completions and answers of the last 12 ISO weeks (a bar chart, and the same figures as a table for screen readers). */
export function ActivityChart({ activity }: { activity: ManagerDashboard['activity'] }) {
  const { t, i18n } = useTranslation('managerDashboard');
  const data = activity.weeks.map((w) => ({ week: weekLabel(w.startsOn, i18n.language), completions: w.completions, answers: w.answers }));
  return (
    <Paper withBorder radius="md" p="md" data-testid="dashboard-activity">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('activity.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('activity.subtitle')}
        </Text>
        <div aria-hidden="true">
          <BarChart
            h={260}
            data={data}
            dataKey="week"
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            series={[
              { name: 'completions', label: t('activity.completions'), color: 'brand.6' },
              { name: 'answers', label: t('activity.answers'), color: 'orange.5' },
            ]}
            valueFormatter={(n) => formatCount(n, i18n.language)}
          />
        </div>
        <VisuallyHidden>
          <Table data-testid="dashboard-activity-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('activity.week')}</Table.Th>
                <Table.Th>{t('activity.completions')}</Table.Th>
                <Table.Th>{t('activity.answers')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {activity.weeks.map((w) => (
                <Table.Tr key={w.week}>
                  <Table.Td>{weekLabel(w.startsOn, i18n.language)}</Table.Td>
                  <Table.Td>{w.completions}</Table.Td>
                  <Table.Td>{w.answers}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </VisuallyHidden>
        <Anchor component={Link} to={userListPath(activity.filters)} size="sm" data-testid="dashboard-activity-learners">
          {t('activity.seeLearners')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
