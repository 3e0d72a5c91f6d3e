import { Anchor, Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardCrop } from '@portal/reporting/contracts/http';
import { formatCount, formatScore } from '../model/format';
import { titleIn } from '../model/localized';
import { userListPath } from '../model/user-list-link';

/** Average score and certificates per crop; each crop links to its learners. */
export function CropsTable({ crops }: { crops: DashboardCrop[] }) {
  const { t, i18n } = useTranslation('managerDashboard');
  return (
    <Paper withBorder radius="md" p="md" data-testid="dashboard-crops">
      <Title order={2} size="h4" mb="sm">
        {t('crops.title')}
      </Title>
      {crops.length === 0 ? (
        <Text c="dimmed">{t('crops.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('crops.crop')}</Table.Th>
                <Table.Th ta="right">{t('crops.scoredLearners')}</Table.Th>
                <Table.Th ta="right">{t('crops.averageScore')}</Table.Th>
                <Table.Th ta="right">{t('crops.certificates')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {crops.map((c) => (
                <Table.Tr key={c.cropId} data-testid={`dashboard-crop-${c.cropId}`}>
                  <Table.Td>
                    <Anchor component={Link} to={userListPath(c.filters)}>
                      {titleIn(c.title, i18n.language)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{formatCount(c.scoredLearners, i18n.language)}</Table.Td>
                  <Table.Td ta="right" data-testid={`dashboard-crop-${c.cropId}-score`}>
                    {formatScore(c.averageScore, i18n.language)}
                  </Table.Td>
                  <Table.Td ta="right" data-testid={`dashboard-crop-${c.cropId}-certificates`}>
                    {formatCount(c.certificates, i18n.language)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
