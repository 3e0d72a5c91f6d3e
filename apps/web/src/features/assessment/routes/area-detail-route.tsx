import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data, Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../../shared/api/query-client';
import { PageShell } from '../../../shared/ui/page-shell';
import { useActiveStation } from '../../../shared/ui/content-slots';
import { stationQuestionsQueryOptions, useStationQuestions } from '../api/questions';
import { StationQuestions } from '../components/station-questions';
import { assessmentPaths } from '../model/assessment-paths';
import { requireAssessmentLearner } from './route-helpers';

const STATION = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** /area/assessment/:detail: one station's questions, answered in the overlay. */
export async function loader({ request, params }: LoaderFunctionArgs): Promise<null> {
  const detail = params.detail ?? '';
  if (!STATION.test(detail)) throw data(null, { status: 404 });
  await requireAssessmentLearner(new URL(request.url));
  await queryClient.ensureQueryData(stationQuestionsQueryOptions(detail));
  return null;
}

export function Component() {
  const { t } = useTranslation('assessment');
  const stationId = useParams().detail ?? '';
  const { data: set } = useStationQuestions(stationId);
  useActiveStation(stationId);
  return (
    <PageShell size="md">
      <Stack gap="lg" data-testid="assessment-detail">
        <Anchor component={Link} to={assessmentPaths.area} size="sm">
          {t('area.back')}
        </Anchor>
        <Title order={1} c="brand">
          {t('station.title')}
        </Title>
        {set && set.questions.length === 0 ? <Text c="gray.7">{t('overlay.empty')}</Text> : <StationQuestions stationId={stationId} />}
      </Stack>
    </PageShell>
  );
}
