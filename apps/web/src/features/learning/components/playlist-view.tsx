import { Button, Center, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FeedItem, Playlist } from '@portal/learning/contracts/http';
import type { Locale } from '@portal/kernel';
import { useFeed } from '../api/feeds';
import { browserTimeZone, calendarKind, calendarOf, formatCalendar, mergeFeedPages } from '../model/feed-model';
import { FeedItemCard } from './cards';
import { useLocale } from './use-locale';

/** The most cards a row of FeedGrid holds. */
export const FEED_GRID_ROW = 4;

/** `firstRow`: the grid opens the screen, so its first row's pictures load first (ADR 0013). */
export function FeedGrid({ items, locale, resume, firstRow = false }: { items: FeedItem[]; locale: Locale; resume: boolean; firstRow?: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: FEED_GRID_ROW }} spacing="md">
      {items.map((item, index) => (
        <FeedItemCard key={item.rowId} item={item} locale={locale} resume={resume} priority={firstRow && index < FEED_GRID_ROW} />
      ))}
    </SimpleGrid>
  );
}

/** A history day's title: today, yesterday or the date in the user's language. */
function DayTitle({ calendar, locale }: { calendar: string; locale: Locale }) {
  const { t } = useTranslation('learning');
  const kind = calendarKind(calendar, calendarOf(new Date(), browserTimeZone()));
  return (
    <Title order={2} size="h4" data-calendar={calendar}>
      {kind === 'date' ? formatCalendar(calendar, locale) : t(`feed.${kind}`)}
    </Title>
  );
}

/**
 * One playlist of 000 §4.12 with its pages ("more" loads the next 8 of continue and feedbacks,
 * the next page of the others); history grouped by calendar day.
 */
export function PlaylistView({ playlist, area }: { playlist: Playlist; area?: string }) {
  const { t } = useTranslation('learning');
  const locale = useLocale();
  const feed = useFeed(playlist, { area });
  const merged = mergeFeedPages(feed.data.pages);

  return (
    <Stack gap="lg" data-testid={`playlist-${playlist}`}>
      {merged.items.length === 0 && <Text c="dimmed">{t(`feed.empty.${playlist}`)}</Text>}
      {merged.groups
        ? merged.groups.map((group) => (
            <Stack key={group.calendar} gap="sm" component="section" data-testid={`history-day-${group.calendar}`}>
              <DayTitle calendar={group.calendar} locale={locale} />
              <FeedGrid items={group.items} locale={locale} resume={false} />
            </Stack>
          ))
        : merged.items.length > 0 && <FeedGrid items={merged.items} locale={locale} resume={playlist === 'continue'} />}
      {feed.hasNextPage && (
        <Center>
          <Button variant="light" onClick={() => void feed.fetchNextPage()} loading={feed.isFetchingNextPage} data-testid="playlist-more">
            {t('feed.more')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
