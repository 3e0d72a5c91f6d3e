import { Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScheduledEvent } from '@portal/events/contracts/http';
import { eventWhen } from '../model/format';

/** What a learner reads about an event: when, where, who teaches, for whom, and the rest of 001 §3 that is filled. */
export function EventDetails({ event }: { event: ScheduledEvent }) {
  const { t, i18n } = useTranslation('scheduledEvents');
  const extra = (
    [
      ['instructor', event.instructor],
      ['targetAudience', event.targetAudience],
      ['competenceArea', event.competenceArea],
      ['region', event.region],
      ['brand', event.brand],
      ['bu', event.bu],
      ['department', event.department],
      ['cluster', event.cluster],
      ['author', event.author],
      ['categories', event.categories.join(', ')],
    ] as const
  ).filter(([, value]) => value.trim().length > 0);
  return (
    <Stack gap="xs" data-testid="event-details">
      <Text fw={600} data-testid="event-when">
        {eventWhen(event, i18n.language)}
      </Text>
      {event.timezone !== Intl.DateTimeFormat().resolvedOptions().timeZone && (
        <Text size="xs" c="dimmed">
          {t('published.zone', { zone: event.timezone })}
        </Text>
      )}
      {event.venue && <Text data-testid="event-venue">{event.venue}</Text>}
      {event.description && (
        <Text style={{ whiteSpace: 'pre-line' }} data-testid="event-description-text">
          {event.description}
        </Text>
      )}
      {extra.length > 0 && (
        <List size="sm" spacing={2} listStyleType="none" pl={0}>
          {extra.map(([field, value]) => (
            <List.Item key={field}>
              <Group gap={6} wrap="nowrap" align="flex-start">
                <Text size="sm" c="dimmed" miw={120}>
                  {t(`fields.${field}`)}
                </Text>
                <Text size="sm">{value}</Text>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
