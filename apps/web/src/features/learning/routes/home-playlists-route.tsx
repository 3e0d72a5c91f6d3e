import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs } from 'react-router';
import type { FeedPage, Playlist } from '@portal/learning/contracts/http';
import { queryClient } from '../../../shared/api/query-client';
import { prefetchForLearner } from '../../../shared/session/guards';
import { homeQueryOptions, useHomeFeeds } from '../api/feeds';
import { FeedGrid } from '../components/playlist-view';
import { useLocale } from '../components/use-locale';
import { learningPaths } from '../model/learning-paths';
import { requireLearner, useScormTest } from './route-helpers';

/** Items of a playlist shown on the home page; the rest is one "see all" away (/feed/:playlist). */
const HOME_ITEMS = 8;
const SECTIONS: Playlist[] = ['continue', 'bookmarks', 'feedbacks', 'history', 'podcasts', 'new', 'recent'];

/**
 * The playlists under /home ("My content"): GET /home, the first page of every playlist (000
 * §4.12). Asked for beside the profile (the access check), not after it, and not awaited: the
 * profile part of /home and its modals show first, the playlists (a placeholder until then) when
 * the answer is there (ADR 0013).
 */
export async function loader({ url }: LoaderFunctionArgs): Promise<null> {
  prefetchForLearner(homeQueryOptions());
  await requireLearner(url);
  void queryClient.prefetchQuery(homeQueryOptions());
  return null;
}

function Section({ playlist, page, first }: { playlist: Playlist; page: FeedPage; first: boolean }) {
  const { t } = useTranslation('learning');
  const locale = useLocale();
  if (page.items.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={`home-${playlist}`} data-testid={`home-playlist-${playlist}`}>
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3" id={`home-${playlist}`}>
          {t(`feed.playlists.${playlist}`)}
        </Title>
        <Anchor component={Link} to={learningPaths.feed(playlist)} size="sm" data-testid={`home-see-all-${playlist}`}>
          {t('home.seeAll', { total: page.total })}
        </Anchor>
      </Group>
      <FeedGrid items={page.items.slice(0, HOME_ITEMS)} locale={locale} resume={playlist === 'continue'} firstRow={first} />
    </Stack>
  );
}

export function Component() {
  const { t } = useTranslation('learning');
  const answer = useHomeFeeds();
  const courses = useScormTest();
  // a failed answer is the route's error (ErrorBoundary below, in place)
  if (answer.error) throw answer.error;
  const home = answer.data;
  if (!home) return <Skeleton h={320} radius="md" data-testid="home-playlists-loading" />;
  const links = [
    { to: learningPaths.training, label: t('nav.training'), testId: 'home-link-training' },
    { to: learningPaths.journey, label: t('nav.journey'), testId: 'home-link-journey' },
    { to: learningPaths.feed('history'), label: t('feed.playlists.history'), testId: 'home-link-history' },
    ...(courses ? [{ to: learningPaths.courses(), label: t('nav.courses'), testId: 'home-link-courses' }] : []),
  ];
  const empty = SECTIONS.every((playlist) => home[playlist].items.length === 0);
  const firstShown = SECTIONS.find((playlist) => home[playlist].items.length > 0);

  return (
    <Stack gap="xl" data-testid="home-playlists">
      <Group gap="sm" component="nav" aria-label={t('nav.label')}>
        {links.map((link) => (
          <Button key={link.to} component={Link} to={link.to} variant="light" data-testid={link.testId}>
            {link.label}
          </Button>
        ))}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {(['completed', 'started', 'bookmarks'] as const).map((count) => (
          <Paper key={count} withBorder radius="md" p="md" data-testid={`home-count-${count}`}>
            <Text size="xl" fw={700} c="brand">
              {home.counts[count]}
            </Text>
            <Text size="sm" c="dimmed">
              {t(`home.counts.${count}`)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {empty && <Text c="dimmed">{t('home.empty')}</Text>}
      {SECTIONS.map((playlist) => (
        <Section key={playlist} playlist={playlist} page={home[playlist]} first={playlist === firstShown} />
      ))}
    </Stack>
  );
}

/** A failure here must not take the profile part of /home with it: the playlists say so in place. */
export function ErrorBoundary() {
  const { t } = useTranslation('learning');
  return (
    <Text c="dimmed" role="alert" data-testid="home-playlists-error">
      {t('home.unavailable')}
    </Text>
  );
}
