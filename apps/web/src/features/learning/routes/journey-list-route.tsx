import { SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { JOURNEY_LIST_PLAYLISTS } from '@portal/learning/contracts/http';
import { queryClient } from '../../../shared/api/query-client';
import { journeyListQueryOptions, useJourneyList } from '../api/catalogue';
import { StationCard } from '../components/cards';
import { LearningShell } from '../components/learning-shell';
import { useLocale } from '../components/use-locale';
import { isJourneyListPlaylist, learningPaths, type JourneyListPlaylist } from '../model/learning-paths';
import { requireLearner, useScormTest } from './route-helpers';

const playlistOf = (value: string | undefined): JourneyListPlaylist | null => (value === undefined ? 'all' : isJourneyListPlaylist(value) ? value : null);

/** /journey/list and /journey/list/my-training/:playlist? (all, in-progress, completed): the learner's journeys by status. */
export async function loader({ url, params }: LoaderFunctionArgs): Promise<null> {
  const playlist = playlistOf(params['playlist']);
  if (!playlist) throw data(null, { status: 404 });
  await requireLearner(url);
  await queryClient.ensureQueryData(journeyListQueryOptions(playlist));
  return null;
}

export function Component() {
  const { t } = useTranslation('learning');
  const locale = useLocale();
  const navigate = useNavigate();
  const playlist = playlistOf(useParams()['playlist']) ?? 'all';
  const { data: journeys } = useJourneyList(playlist);
  const courses = useScormTest();
  return (
    <LearningShell courses={courses}>
      <Stack gap="lg">
        <Title order={1} c="brand" data-testid="journey-list-title">
          {t('journey.myTraining')}
        </Title>
        <SegmentedControl
          value={playlist}
          onChange={(value) => navigate(learningPaths.myTraining(isJourneyListPlaylist(value) ? value : 'all'))}
          data={JOURNEY_LIST_PLAYLISTS.map((value) => ({ value, label: t(`journey.list.${value}`) }))}
          aria-label={t('journey.list.label')}
          data-testid="journey-list-filter"
        />
        {journeys.length === 0 ? (
          <Text c="dimmed">{t('journey.list.empty')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {journeys.map((journey) => (
              <StationCard key={journey.stationId} station={journey} locale={locale} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </LearningShell>
  );
}
