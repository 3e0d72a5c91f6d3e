import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import type { ContentEntryView, FeedItem, StationSummary } from '@portal/learning/contracts/http';
import type { Locale } from '@portal/kernel';
import { pickText } from '../model/localized';
import { resumeLink } from '../model/learning-paths';
import { formatDuration } from '../model/status';
import { LockNotice, PercentBar, StatusBadge, SummaryProgress, Thumb } from './learning-ui';

/** A card that is one link (keyboard: Tab to it, Enter opens), or a plain card when disabled. */
function LinkCard({ to, disabled, children, testId, current }: { to: string; disabled: boolean; children: ReactNode; testId: string; current?: boolean }) {
  const style = current ? { outline: '2px solid var(--mantine-color-brand-6)', outlineOffset: 2 } : undefined;
  if (disabled) {
    return (
      <Card withBorder radius="md" padding="sm" data-testid={testId} data-disabled="true" aria-disabled="true" style={{ opacity: 0.75 }}>
        {children}
      </Card>
    );
  }
  return (
    <Card withBorder radius="md" padding="sm" component={Link} to={to} data-testid={testId} aria-current={current ? 'true' : undefined} style={style}>
      {children}
    </Card>
  );
}

/** A station, crop or journey: title, progress and, when not enabled, why (lock or availability). */
export function StationCard({ station, locale, priority = false }: { station: StationSummary; locale: Locale; priority?: boolean }) {
  const { t } = useTranslation('learning');
  const disabled = !station.isEnable || station.isUnavailable;
  return (
    <LinkCard to={station.pageTo} disabled={disabled} testId={`station-card-${station.stationId}`}>
      <Card.Section>
        <Thumb src={station.thumbSrc} kicker={station.isUnavailable ? t('card.comingSoon') : t(`card.kinds.${station.displayCategory}`)} title={pickText(station.title, locale)} priority={priority} />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600}>{pickText(station.title, locale)}</Text>
          {!station.visited && !disabled && (
            <Badge size="xs" variant="outline">
              {t('status.initial')}
            </Badge>
          )}
        </Group>
        {station.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {pickText(station.description, locale)}
          </Text>
        )}
        {station.isUnavailable && station.availabilityMessage ? (
          <Text size="sm" c="dimmed">
            {pickText(station.availabilityMessage, locale)}
          </Text>
        ) : station.lock.locked ? (
          <LockNotice lock={station.lock} testId={`station-lock-${station.stationId}`} />
        ) : (
          <SummaryProgress progress={station.progress} />
        )}
      </Stack>
    </LinkCard>
  );
}

/** An entry of a station: type, duration, status in its colour and percent. */
export function EntryCard({ entry, locale, current }: { entry: ContentEntryView; locale: Locale; current: boolean }) {
  const { t } = useTranslation('learning');
  const duration = formatDuration(entry.duration);
  return (
    <LinkCard to={entry.to} disabled={false} testId={`entry-card-${entry.entryId}`} current={current}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <div style={{ width: 112, flexShrink: 0 }}>
          <Thumb src={entry.thumbSrc} kicker={t(`types.${entry.type}`)} />
        </div>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm" lineClamp={2}>
            {pickText(entry.title, locale)}
          </Text>
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              {t(`types.${entry.type}`)}
              {duration ? ` · ${duration}` : ''}
              {entry.optional ? ` · ${t('entry.optional')}` : ''}
            </Text>
          </Group>
          <Group gap={6}>
            <StatusBadge status={entry.contentStatus} colour={entry.statusColor} testId={`entry-status-${entry.entryId}`} />
            {entry.state?.bookmarkAt && (
              <Badge size="sm" variant="light" color="brand">
                {t('actions.bookmarked')}
              </Badge>
            )}
          </Group>
          {entry.contentStatus !== 'disabled' && <PercentBar percent={entry.progress} colour={entry.statusColor ?? undefined} label={t('entry.progressLabel')} />}
        </Stack>
      </Group>
    </LinkCard>
  );
}

/** A feed item (000 §3 content feed item): content and station titles, status and progress. */
export function FeedItemCard({ item, locale, resume = false, priority = false }: { item: FeedItem; locale: Locale; resume?: boolean; priority?: boolean }) {
  const { t } = useTranslation('learning');
  const to = resume ? resumeLink(item.to) : item.to;
  return (
    <LinkCard to={to} disabled={item.disabled} testId={`feed-item-${item.entryId}`}>
      <Card.Section>
        <Thumb src={item.thumbSrc} kicker={t(`types.${item.contentType}`)} title={pickText(item.stationTitle, locale)} priority={priority} />
      </Card.Section>
      <Stack gap={4} mt="sm">
        <Text fw={600} size="sm" lineClamp={2}>
          {pickText(item.contentTitle, locale)}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {[item.cropTitle ? pickText(item.cropTitle, locale) : null, pickText(item.stationTitle, locale)].filter(Boolean).join(' · ')}
        </Text>
        <Group gap={6}>
          <Text size="xs" c="dimmed">
            {t(`types.${item.contentType}`)}
          </Text>
          <StatusBadge status={item.contentStatus} colour={item.statusColor} testId={`feed-status-${item.entryId}`} />
          {item.feedbackScore != null && (
            <Badge size="sm" variant="light" color="yellow">
              {t('actions.scoreBadge', { score: item.feedbackScore })}
            </Badge>
          )}
        </Group>
        {item.disabled ? (
          <Text size="xs" c="dimmed">
            {item.disabledMessage ? t(item.disabledMessage, { count: item.disabledParams.minAnswers ?? 0 }) : t('lockState.locked')}
          </Text>
        ) : (
          <PercentBar percent={item.progress} colour={item.statusColor ?? undefined} label={t('entry.progressLabel')} />
        )}
        {resume && item.duration > 0 && item.seconds > 0 && (
          <Text size="xs" c="brand">
            {t('feed.resumeAt', { time: formatDuration(item.seconds) })}
          </Text>
        )}
      </Stack>
    </LinkCard>
  );
}
