import { Anchor, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { LearningState } from '@portal/assessment/contracts/http';
import { queryClient } from '../../../shared/api/query-client';
import { useActiveStation } from '../../../shared/ui/content-slots';
import { PageShell } from '../../../shared/ui/page-shell';
import { asLocale, pickText } from '../../../shared/ui/shell/localized';
import { learningQueryOptions, useLearning } from '../api/adaptive';
import { QuestionSteps } from '../components/question-overlay';
import { useQuestionOverlay } from '../components/use-question-overlay';
import { activeQuestionId, activeStationId } from '../model/active-selection';
import { assessmentPaths } from '../model/assessment-paths';
import { requireAssessmentLearner } from './route-helpers';

/**
 * /learning/questions?stationId&questionId (000 §4.3): the active station is the first detail
 * item, the active question the first unanswered one, else the first; only ids in the lists
 * are accepted. Answers are sent with context adaptive_learning.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  await requireAssessmentLearner(url);
  await queryClient.ensureQueryData(learningQueryOptions(url.searchParams.get('stationId')));
  return null;
}

function Questions({ data, stationId }: { data: LearningState; stationId: string }) {
  const [params, setParams] = useSearchParams();
  const startAt = activeQuestionId(data.questions, params.get('questionId'));
  // the main header shows this station's score
  useActiveStation(stationId);
  const overlay = useQuestionOverlay({ show: true, questions: data.questions, startAt, context: 'adaptive_learning', stationId, entryId: null, inline: true });
  const keep = (questionId: string) => {
    const next = new URLSearchParams(params);
    next.set('stationId', stationId);
    next.set('questionId', questionId);
    setParams(next, { replace: true });
  };
  return <QuestionSteps overlay={overlay} questions={data.questions} onNavigate={keep} />;
}

export function Component() {
  const { t, i18n } = useTranslation('assessment');
  const locale = asLocale(i18n.language);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requested = params.get('stationId');
  const { data } = useLearning(requested);
  if (!data) return null;
  const stationId = activeStationId(data.items, data.activeStationId ?? requested);
  return (
    <PageShell size="md">
      <Stack gap="lg" data-testid="learning-questions" data-station-id={stationId ?? ''}>
        <Group justify="space-between" wrap="wrap">
          <Title order={1} c="brand">
            {pickText(data.title, locale)}
          </Title>
          <Anchor component={Link} to={assessmentPaths.recommendations} data-testid="learning-recommendations-link">
            {t('learning.recommendations', { count: data.pendingRecommendations })}
          </Anchor>
        </Group>
        {data.items.length > 1 && stationId && (
          <SegmentedControl
            value={stationId}
            onChange={(value) => navigate(assessmentPaths.learningQuestions(value))}
            data={data.items.map((item) => ({ value: item.stationId, label: pickText(item.title, locale) }))}
            aria-label={t('learning.stations')}
            fullWidth
            orientation="horizontal"
            data-testid="learning-stations"
          />
        )}
        <Paper withBorder radius="md" p="lg">
          {stationId ? <Questions key={stationId} data={data} stationId={stationId} /> : <Text c="gray.7">{t('learning.empty')}</Text>}
        </Paper>
      </Stack>
    </PageShell>
  );
}
