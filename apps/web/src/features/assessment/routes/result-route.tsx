import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { PageShell } from '../../../shared/ui/page-shell';
import { scoresQueryOptions, useScores } from '../api/scores';
import { ScoreTable } from '../components/score-table';
import { assessmentPaths } from '../model/assessment-paths';
import { requireAssessmentLearner } from './route-helpers';

/** /area/assessment/result: the score detail (000 §3) per crop and in total. */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireAssessmentLearner(new URL(request.url));
  await queryClient.ensureQueryData(scoresQueryOptions());
  return null;
}

export function Component() {
  const { t } = useTranslation('assessment');
  const { data: scores } = useScores();
  return (
    <PageShell size="lg">
      <Stack gap="lg" data-testid="assessment-result">
        <Anchor component={Link} to={assessmentPaths.area} size="sm">
          {t('area.back')}
        </Anchor>
        <Title order={1} c="brand">
          {t('scores.title')}
        </Title>
        <Text c="gray.7">{t('scores.intro')}</Text>
        {scores && <ScoreTable scores={scores} />}
      </Stack>
    </PageShell>
  );
}
