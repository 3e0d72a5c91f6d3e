import { Anchor, Badge, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';
import type { RecommendationView } from '@portal/assessment/contracts/http';
import { queryClient } from '../../../shared/api/query-client';
import { PageShell } from '../../../shared/ui/page-shell';
import { asLocale, pickText } from '../../../shared/ui/shell/localized';
import { recommendationsQueryOptions, useRecommendations, useSetVisited } from '../api/adaptive';
import { assessmentPaths } from '../model/assessment-paths';
import { roundPercent } from '../model/score-format';
import { requireAssessmentLearner } from './route-helpers';

/** /learning/questions/recommendations: what to watch after the answers (000 §4.3). */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireAssessmentLearner(new URL(request.url));
  await queryClient.ensureQueryData(recommendationsQueryOptions());
  return null;
}

function RecommendationCard({ recommendation }: { recommendation: RecommendationView }) {
  const { t, i18n } = useTranslation('assessment');
  const locale = asLocale(i18n.language);
  const visit = useSetVisited();
  const visited = recommendation.status === 'visited';
  const markVisited = () => {
    if (!visited) visit.mutate(recommendation.recommendationId);
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid={`recommendation-${recommendation.recommendationId}`} data-status={recommendation.status} data-question-id={recommendation.questionId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{recommendation.questionLabel ? t('recommendations.because', { question: pickText(recommendation.questionLabel, locale) }) : t('recommendations.generic')}</Text>
          <Badge variant="light" c="dark.8" color={visited ? 'gray' : 'orange'}>
            {visited ? t('recommendations.visited') : t('recommendations.new')}
          </Badge>
        </Group>
        <List spacing="xs" listStyleType="none">
          {recommendation.videosState.map((media) => (
            <List.Item key={media.uid}>
              <Stack gap={2}>
                <Anchor component={Link} to={media.to} onClick={markVisited} data-testid={`recommendation-link-${media.entryId}`}>
                  {pickText(media.contentTitle, locale)}
                </Anchor>
                <Text size="xs" c="gray.7">
                  {[pickText(media.cropTitle, locale), pickText(media.stationTitle, locale)].filter(Boolean).join(' · ')}
                </Text>
                <Progress value={roundPercent(media.progress)} size={3} aria-label={t('recommendations.progress', { percent: roundPercent(media.progress) })} />
              </Stack>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

export function Component() {
  const { t } = useTranslation('assessment');
  // invalidated after every answer, and when the server pushes `recommendations` (app/assessment-slots.tsx)
  const { data } = useRecommendations();
  const recommendations = data?.recommendations ?? [];
  return (
    <PageShell size="md">
      <Stack gap="lg" data-testid="recommendations" data-count={recommendations.length}>
        <Group justify="space-between" wrap="wrap">
          <Title order={1} c="brand">
            {t('recommendations.title')}
          </Title>
          <Anchor component={Link} to={assessmentPaths.learningQuestions()}>
            {t('recommendations.back')}
          </Anchor>
        </Group>
        {recommendations.length === 0 ? (
          <Text c="gray.7" data-testid="recommendations-empty">
            {t('recommendations.empty')}
          </Text>
        ) : (
          recommendations.map((recommendation) => <RecommendationCard key={recommendation.recommendationId} recommendation={recommendation} />)
        )}
      </Stack>
    </PageShell>
  );
}
