import { Anchor, Badge, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { PageShell } from '../../../shared/ui/page-shell';
import { asLocale, pickText } from '../../../shared/ui/shell/localized';
import { learningQueryOptions, useLearning } from '../api/adaptive';
import { assessmentPaths } from '../model/assessment-paths';
import { percentOf } from '../model/score-format';
import { requireAssessmentLearner } from './route-helpers';

/** /learning: the adaptive learning intro (000 §2.1, §4.3): the track's stations and where the learner stands. */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  await requireAssessmentLearner(new URL(request.url));
  await queryClient.ensureQueryData(learningQueryOptions(null));
  return null;
}

export function Component() {
  const { t, i18n } = useTranslation('assessment');
  const locale = asLocale(i18n.language);
  const { data } = useLearning(null);
  if (!data) return null;
  const answered = data.items.reduce((sum, item) => sum + item.answered, 0);
  const total = data.items.reduce((sum, item) => sum + item.total, 0);
  return (
    <PageShell size="lg">
      <Stack gap="lg" data-testid="learning-intro">
        <Stack gap={4}>
          <Title order={1} c="brand">
            {pickText(data.title, locale)}
          </Title>
          {pickText(data.description, locale) && <Text c="gray.7">{pickText(data.description, locale)}</Text>}
        </Stack>
        <Group gap="sm">
          <Button component={Link} to={assessmentPaths.learningQuestions()} data-testid="learning-start">
            {answered > 0 ? t('learning.continue') : t('learning.start')}
          </Button>
          <Button component={Link} to={assessmentPaths.recommendations} variant="light" data-testid="learning-recommendations-link">
            {t('learning.recommendations', { count: data.pendingRecommendations })}
          </Button>
        </Group>
        <Text size="sm" c="gray.7">
          {t('learning.overall', { answered, total, percent: percentOf(answered, total) })}
        </Text>
        {data.items.length === 0 ? (
          <Text c="gray.7">{t('learning.empty')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {data.items.map((item) => (
              <Paper key={item.stationId} withBorder radius="md" p="md" data-testid={`learning-item-${item.stationId}`}>
                <Stack gap="xs">
                  <Anchor component={Link} to={assessmentPaths.learningQuestions(item.stationId)} fw={600}>
                    {pickText(item.title, locale)}
                  </Anchor>
                  <Progress value={percentOf(item.answered, item.total)} size={3} aria-label={t('learning.itemProgress', { answered: item.answered, total: item.total })} />
                  <Group gap="xs">
                    <Text size="sm">{t('learning.itemProgress', { answered: item.answered, total: item.total })}</Text>
                    <Badge variant="light" c="dark.8" color={item.answered >= item.total && item.total > 0 ? 'green' : 'gray'}>
                      {t('learning.correct', { count: item.correct })}
                    </Badge>
                  </Group>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </PageShell>
  );
}
