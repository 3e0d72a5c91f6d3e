import { Button, Group, Rating, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ContentEntryView } from '@portal/learning/contracts/http';
import { useBookmark, useEntryFeedback } from '../api/progress';

/** Bookmark add/remove and the feedback score of an entry (000 §4.2; signed-in learners only). */
export function EntryActions({ entry, title }: { entry: ContentEntryView; title: string }) {
  const { t } = useTranslation('learning');
  const bookmark = useBookmark();
  const feedback = useEntryFeedback();
  const bookmarked = entry.state?.bookmarkAt != null;
  const pendingValue = bookmark.isPending ? bookmark.variables?.value : undefined;
  const shownBookmarked = pendingValue ?? bookmarked;
  const score = feedback.isPending ? (feedback.variables?.score ?? 0) : (entry.state?.feedbackScore ?? 0);

  return (
    <Group justify="space-between" gap="md" wrap="wrap">
      <Button
        variant={shownBookmarked ? 'filled' : 'outline'}
        size="compact-md"
        aria-pressed={shownBookmarked}
        loading={bookmark.isPending}
        onClick={() => bookmark.mutate({ station: entry.stationId, video: entry.entryId, value: !bookmarked })}
        data-testid="entry-bookmark"
        data-bookmarked={bookmarked}
      >
        {shownBookmarked ? t('actions.bookmarked') : t('actions.bookmark')}
      </Button>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" id={`feedback-${entry.entryId}`}>
          {t('actions.feedback')}
        </Text>
        <Rating
          value={score}
          onChange={(value) => feedback.mutate({ station: entry.stationId, video: entry.entryId, score: value })}
          aria-labelledby={`feedback-${entry.entryId}`}
          getSymbolLabel={(value) => t('actions.feedbackValue', { score: value, title })}
          data-testid="entry-feedback"
        />
      </Group>
    </Group>
  );
}
