import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportFilters } from '@portal/reporting/contracts/reports';
import { useAnswersTrend } from '../api/reports';

/** Answers and correct answers per week under the report's filters: a chart (and the same figures as a table for screen readers). */
export function AnswersTrendChart({ filters }: { filters: ReportFilters }) {
  const { t, i18n } = useTranslation('reports');
  const trend = useAnswersTrend(filters);
  const weeks = trend.data?.weeks ?? [];
  if (weeks.length < 2) return null;
  const label = (startsOn: string) => new Intl.DateTimeFormat(i18n.language, { day: '2-digit', month: 'short', timeZone: 'UTC' }).format(new Date(`${startsOn}T00:00:00Z`));
  const data = weeks.map((w) => ({ week: label(w.startsOn), answers: w.answers, correct: w.correct }));
  return (
    <Paper withBorder radius="md" p="md" data-testid="report-trend">
      <Stack gap="xs">
        <Text fw={700}>{t('answers.trend')}</Text>
        <div aria-hidden="true">
          <BarChart
            h={220}
            data={data}
            dataKey="week"
            withLegend
            series={[
              { name: 'answers', label: t('answers.trendAnswers'), color: 'brand.6' },
              { name: 'correct', label: t('answers.trendCorrect'), color: 'teal.5' },
            ]}
          />
        </div>
        <VisuallyHidden>
          <Table>
            <Table.Tbody>
              {data.map((w) => (
                <Table.Tr key={w.week}>
                  <Table.Td>{w.week}</Table.Td>
                  <Table.Td>{w.answers}</Table.Td>
                  <Table.Td>{w.correct}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </VisuallyHidden>
      </Stack>
    </Paper>
  );
}
