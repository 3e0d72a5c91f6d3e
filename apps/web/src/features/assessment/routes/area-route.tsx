import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { PageShell } from '../../../shared/ui/page-shell';
import { certificatesQueryOptions } from '../api/certificates';
import { scoresQueryOptions, useScores } from '../api/scores';
import { CropCertificates } from '../components/certificate-card';
import { assessmentPaths } from '../model/assessment-paths';
import { displayScore, scoreTextKey } from '../model/score-format';
import { requireAssessmentLearner } from './route-helpers';

/** /area/assessment: the learner's points and crop certificates, with links to the detail and to adaptive learning. */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireAssessmentLearner(new URL(request.url));
  await Promise.all([queryClient.prefetchQuery(scoresQueryOptions()), queryClient.prefetchQuery(certificatesQueryOptions(null))]);
  return null;
}

export function Component() {
  const { t } = useTranslation('assessment');
  const { data: scores } = useScores();
  const total = displayScore(scores?.total.total ?? 0);
  return (
    <PageShell size="lg">
      <Stack gap="lg" data-testid="assessment-area">
        <Title order={1} c="brand">
          {t('area.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Paper withBorder radius="md" p="md">
            <Stack gap={4}>
              <Text c="gray.7" size="sm">
                {t('area.totalLabel')}
              </Text>
              <Text fw={700} size="xl" data-testid="assessment-total" data-score={total}>
                {t(scoreTextKey(total), { points: total })}
              </Text>
              <Anchor component={Link} to={assessmentPaths.result} size="sm" data-testid="assessment-result-link">
                {t('area.resultLink')}
              </Anchor>
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Stack gap={4}>
              <Text c="gray.7" size="sm">
                {t('area.learningLabel')}
              </Text>
              <Group>
                <Anchor component={Link} to={assessmentPaths.learning}>
                  {t('area.learningLink')}
                </Anchor>
              </Group>
            </Stack>
          </Paper>
        </SimpleGrid>
        <CropCertificates cropId={null} />
      </Stack>
    </PageShell>
  );
}
