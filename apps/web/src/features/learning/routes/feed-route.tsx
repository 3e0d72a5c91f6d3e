import { Suspense } from 'react';
import { Center, Group, Loader, SegmentedControl, Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { data, useNavigate, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { LEARNER_PLAYLISTS, PLAYLISTS, type Playlist } from '@portal/learning/contracts/http';
import { queryClient } from '../../../shared/api/query-client';
import { feedQueryOptions } from '../api/feeds';
import { LearningShell } from '../components/learning-shell';
import { PlaylistView } from '../components/playlist-view';
import { FEED_AREAS, feedAreaOf, isPlaylist, learningPaths } from '../model/learning-paths';
import { requireLearner, useScormTest } from './route-helpers';

const DEFAULT_PLAYLIST: Playlist = 'continue';

const playlistOf = (value: string | undefined): Playlist | null => (value === undefined ? DEFAULT_PLAYLIST : isPlaylist(value) ? value : null);

/**
 * /feed and /feed/:playlist: continue, bookmarks, feedbacks, history, podcasts, new, recent
 * (000 §4.12), with the content area filter in the query (?area=training).
 */
export async function loader({ url, params }: LoaderFunctionArgs): Promise<null> {
  const playlist = playlistOf(params['playlist']);
  if (!playlist) throw data(null, { status: 404 });
  await requireLearner(url);
  await queryClient.ensureInfiniteQueryData(feedQueryOptions(playlist, { area: feedAreaOf(url.searchParams) }));
  return null;
}

export function Component() {
  const { t } = useTranslation('learning');
  const navigate = useNavigate();
  const playlist = playlistOf(useParams()['playlist']) ?? DEFAULT_PLAYLIST;
  const [search] = useSearchParams();
  const area = feedAreaOf(search);
  const query = area ? `?area=${area}` : '';
  const courses = useScormTest();
  return (
    <LearningShell courses={courses}>
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={1} c="brand" data-testid="feed-title">
            {t(`feed.playlists.${playlist}`)}
          </Title>
          <SegmentedControl
            value={area ?? 'default'}
            onChange={(value) => navigate(`${learningPaths.feed(playlist)}${value === 'default' ? '' : `?area=${value}`}`)}
            // without an area the learner's own playlists span every area (issue 13): "All", not "Portal"
            data={FEED_AREAS.map((value) => ({ value, label: value === 'default' && LEARNER_PLAYLISTS.includes(playlist) ? t('feed.areas.all') : t(`feed.areas.${value}`) }))}
            aria-label={t('feed.areas.label')}
            data-testid="feed-area"
          />
        </Group>
        <Tabs value={playlist} onChange={(value) => isPlaylist(value ?? undefined) && navigate(`${learningPaths.feed(value as Playlist)}${query}`)} keepMounted={false}>
          <Tabs.List aria-label={t('feed.label')}>
            {PLAYLISTS.map((p) => (
              <Tabs.Tab key={p} value={p} data-testid={`feed-tab-${p}`}>
                {t(`feed.playlists.${p}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Suspense
          fallback={
            <Center h={160}>
              <Loader color="brand" aria-label={t('player.loading')} />
            </Center>
          }
        >
          <PlaylistView key={`${playlist}:${area ?? ''}`} playlist={playlist} area={area} />
        </Suspense>
      </Stack>
    </LearningShell>
  );
}
