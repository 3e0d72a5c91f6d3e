import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardFigure } from '@portal/reporting/contracts/http';
import { formatCount } from '../model/format';
import { userListPath } from '../model/user-list-link';

/** One learner figure: the count, what it counts, and a link to the users it counts. */
export function FigureCard({ label, figure, testId }: { label: string; figure: DashboardFigure; testId: string }) {
  const { t, i18n } = useTranslation('managerDashboard');
  return (
    <Paper withBorder radius="md" p="md" component={Link} to={userListPath(figure.filters)} data-testid={testId} style={{ textDecoration: 'none', color: 'inherit' }}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={32} fw={700} c="brand" data-testid={`${testId}-value`}>
        {formatCount(figure.value, i18n.language)}
      </Text>
      <Text size="xs" c="brand" td="underline">
        {t('seeLearners')}
      </Text>
    </Paper>
  );
}
