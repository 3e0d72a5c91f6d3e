import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportFilters } from '@portal/reporting/contracts/reports';
import { BarChartWithTable } from '../../../shared/ui/bar-chart-with-table';
import { useAnswersTrend } from '../api/reports';

/** Answers and correct answers per week under the report's filters: a chart (and the same figures as a table for screen readers). */
export function AnswersTrendChart({ filters }: { filters: ReportFilters }) {
  const { t, i18n } = useTranslation('reports');
  const trend = useAnswersTrend(filters);
  const weeks = trend.data?.weeks ?? [];
  if (weeks.length < 2) return null;
  const label = (startsOn: string) => new Intl.DateTimeFormat(i18n.language, { day: '2-digit', month: 'short', timeZone: 'UTC' }).format(new Date(`${startsOn}T00:00:00Z`));
  return (
    <Paper withBorder radius="md" p="md" data-testid="report-trend">
      <Stack gap="xs">
        <Text fw={700}>{t('answers.trend')}</Text>
        <BarChartWithTable
          height={220}
          categoryLabel={t('answers.trendWeek')}
          rows={weeks.map((w) => ({ category: label(w.startsOn), answers: w.answers, correct: w.correct }))}
          series={[
            { name: 'answers', label: t('answers.trendAnswers'), color: 'brand.6' },
            { name: 'correct', label: t('answers.trendCorrect'), color: 'teal.5' },
          ]}
        />
      </Stack>
    </Paper>
  );
}
