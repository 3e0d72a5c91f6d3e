import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Locale } from '@portal/kernel';
import type { ReportRow } from '@portal/reporting/contracts/reports';
import { BarChartWithTable } from '../../../shared/ui/bar-chart-with-table';
import { useReportPage } from '../api/reports';
import { reportParamsOf } from '../model/report-params';

/**
 * Users, active users and completions of the companies on the page (the same query as the table,
 * shared through its cache): a comparison reads better as bars. Nothing for a single company.
 */
export function CompaniesChart() {
  const { t, i18n } = useTranslation('reports');
  const [search] = useSearchParams();
  const page = useReportPage('companies-report', reportParamsOf(search), i18n.language as Locale);
  const rows = (page.data?.rows ?? []) as unknown as ReportRow<'companies-report'>[];
  if (rows.length < 2) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="report-companies-chart">
      <Stack gap="xs">
        <Text fw={700}>{t('companies.chart')}</Text>
        <BarChartWithTable
          height={240}
          categoryLabel={t('companies.company')}
          rows={rows.map((r) => ({ category: r.company, users: r.users, activeUsers: r.activeUsers, completions: r.completions }))}
          series={[
            { name: 'users', label: t('companies.users'), color: 'brand.6' },
            { name: 'activeUsers', label: t('companies.activeUsers'), color: 'teal.5' },
            { name: 'completions', label: t('companies.completions'), color: 'orange.5' },
          ]}
        />
      </Stack>
    </Paper>
  );
}
